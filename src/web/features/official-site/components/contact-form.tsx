import { type ChangeEvent, type FormEvent, useState } from 'react';
import { isContactEmail } from '../../../../shared/contracts/official-site';
import { PHONE_LENGTH } from '../../../../shared/constants';
import { digitsOnly, normalizePhone, phoneInputFormat } from '../../../lib/format';
import { t } from '../../../lib/i18n';
import { showToast } from '../../../lib/toast';
import { useSendContactMessage } from '../api/send-contact-message';
import styles from './contact-form.module.css';

interface Fields {
  name: string;
  telephone: string;
  email: string;
  remark: string;
}

const EMPTY: Fields = { name: '', telephone: '', email: '', remark: '' };

/** What is wrong with the form, in the order a visitor reads it; null when it can be sent. */
export function contactFormProblem(fields: Fields): string | null {
  // spec 000 §5, §8: all four fields are required.
  if (Object.values(fields).some((value) => value.trim() === '')) return t('site.contact.incomplete');
  if (!normalizePhone(fields.telephone)) return t('site.contact.phoneInvalid');
  if (!isContactEmail(fields.email)) return t('site.contact.emailInvalid');
  return null;
}

/** spec 000 §2 Official site contact form: Name, Telephone, Email, Remark → stored, "Successful!". */
export function ContactForm() {
  const [fields, setFields] = useState<Fields>(EMPTY);
  const send = useSendContactMessage();

  const onChange = (name: keyof Fields) => (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => {
    const raw = event.target.value;
    const value = name === 'telephone' ? (normalizePhone(raw) ?? digitsOnly(raw).slice(0, PHONE_LENGTH)) : raw;
    setFields((current) => ({ ...current, [name]: value }));
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (send.isPending) return;
    const problem = contactFormProblem(fields);
    if (problem) {
      showToast(problem);
      return;
    }
    const result = await send.mutateAsync(fields);
    if (!result.success) return; // the server's message is already on screen
    showToast(t('site.contact.success'));
    setFields(EMPTY);
  };

  return (
    <form className={styles.form} onSubmit={onSubmit} noValidate data-testid="site-contact-form">
      <label className={styles.label} htmlFor="site-contact-name">
        {t('site.contact.name')}
      </label>
      <input
        id="site-contact-name"
        className={styles.input}
        autoComplete="name"
        maxLength={100}
        value={fields.name}
        onChange={onChange('name')}
      />
      <label className={styles.label} htmlFor="site-contact-telephone">
        {t('site.contact.telephone')}
      </label>
      <input
        id="site-contact-telephone"
        className={styles.input}
        type="tel"
        inputMode="numeric"
        autoComplete="tel-national"
        placeholder={t('site.contact.telephonePlaceholder')}
        value={phoneInputFormat(fields.telephone)}
        onChange={onChange('telephone')}
      />
      <label className={styles.label} htmlFor="site-contact-email">
        {t('site.contact.email')}
      </label>
      <input
        id="site-contact-email"
        className={styles.input}
        type="email"
        inputMode="email"
        autoComplete="email"
        maxLength={200}
        placeholder={t('site.contact.emailPlaceholder')}
        value={fields.email}
        onChange={onChange('email')}
      />
      <label className={styles.label} htmlFor="site-contact-remark">
        {t('site.contact.remark')}
      </label>
      <textarea
        id="site-contact-remark"
        className={`${styles.input} ${styles.remark}`}
        rows={4}
        maxLength={1000}
        value={fields.remark}
        onChange={onChange('remark')}
      />
      <button type="submit" className={styles.submit} disabled={send.isPending} data-testid="site-contact-submit">
        {t('site.contact.submit')}
      </button>
    </form>
  );
}
