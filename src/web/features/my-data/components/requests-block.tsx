import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import type { CallReply } from '../../../../shared/api/define-call';
import { CORRECTABLE, type CorrectableField, type myData } from '../../../../shared/contracts/privacy';
import { humanDate } from '../../../lib/human-date';
import { t } from '../../../lib/i18n';
import { showToast } from '../../../lib/toast';
import { Button } from '../../../lib/ui/button';
import { ConfirmDialog } from '../../../lib/ui/confirm-dialog';
import { myDataKey, useAskRequest } from '../api/my-data';
import styles from './my-data.module.css';

type Data = CallReply<typeof myData>;
const FIELDS = Object.keys(CORRECTABLE) as CorrectableField[];

/** Asks the privacy desk for a correction, an erasure or a blocking; the reply says the deadline. */
export function RequestsBlock({ correctable }: Pick<Data, 'correctable'>) {
  const client = useQueryClient();
  const ask = useAskRequest();
  const [field, setField] = useState<CorrectableField>(FIELDS[0] ?? 'personal.fullName');
  const [value, setValue] = useState('');
  const [confirming, setConfirming] = useState(false);
  const ids = { field: useId(), value: useId() };
  const current = correctable.find((c) => c.field === field)?.value ?? '';

  const send = async (payload: Parameters<typeof ask.mutateAsync>[0]) => {
    const result = await ask.mutateAsync(payload);
    if (!result.success) return false;
    showToast(t('myData.asked', { date: humanDate(result.data?.dueAt ?? new Date()) }));
    await client.invalidateQueries({ queryKey: myDataKey() });
    return true;
  };

  return (
    <>
      <section className={styles.block}>
        <h2>{t('myData.correct')}</h2>
        <form
          className={styles.form}
          onSubmit={(e) => {
            e.preventDefault();
            void send({ kind: 'correction', field, value }).then((ok) => ok && setValue(''));
          }}
        >
          <label htmlFor={ids.field}>{t('myData.correctField')}</label>
          <select
            id={ids.field}
            className={styles.box}
            value={field}
            onChange={(e) => setField(e.target.value as CorrectableField)}
            data-testid="my-data-correct-field"
          >
            {FIELDS.map((f) => (
              <option key={f} value={f}>
                {t(`myData.field.${f}`)}
              </option>
            ))}
          </select>
          <label htmlFor={ids.value}>{t('myData.correctValue')}</label>
          <input
            id={ids.value}
            className={styles.box}
            value={value}
            placeholder={current}
            maxLength={CORRECTABLE[field]}
            onChange={(e) => setValue(e.target.value)}
            data-testid="my-data-correct-value"
          />
          <Button type="submit" loading={ask.isPending} data-testid="my-data-correct-send">
            {t('myData.correctSend')}
          </Button>
        </form>
      </section>
      <section className={styles.block}>
        <h2>{t('myData.eraseOrBlock')}</h2>
        <p className={styles.help}>{t('myData.eraseHelp')}</p>
        <div className={styles.buttons}>
          <Button onClick={() => setConfirming(true)} data-testid="my-data-erase">
            {t('myData.erase')}
          </Button>
          <Button fill="outline" onClick={() => void send({ kind: 'blocking' })} data-testid="my-data-block">
            {t('myData.block')}
          </Button>
        </div>
      </section>
      {confirming ? (
        <ConfirmDialog
          title={t('myData.erase')}
          message={t('myData.eraseConfirm')}
          confirmText={t('myData.erase')}
          cancelText={t('common.cancel')}
          onConfirm={() => void send({ kind: 'erasure' })}
          onClose={() => setConfirming(false)}
          data-testid="my-data-erase-confirm"
        />
      ) : null}
    </>
  );
}
