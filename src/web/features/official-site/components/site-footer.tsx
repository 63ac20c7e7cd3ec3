import { t } from '../../../lib/i18n';
import { useCompanyInfo } from '../../../lib/api/company-info';
import { ContactForm } from './contact-form';
import { SECTION } from './site-header';
import styles from './site-footer.module.css';

function telHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, '')}`;
}

/** Contact Us: the form, and the lender's contacts from the companyInfo call. */
export function ContactSection() {
  const company = useCompanyInfo();
  const info = company.data;
  return (
    <section id={SECTION.contact} className={styles.contact} aria-labelledby="site-contact">
      <div className={styles.inner}>
        <div>
          <h2 id="site-contact" className={styles.heading}>
            {t('site.contact.title')}
          </h2>
          <p className={styles.intro}>{t('site.contact.intro')}</p>
          {info ? (
            <dl className={styles.details}>
              <dt>{t('site.footer.phone')}</dt>
              <dd>
                <a href={telHref(info.phone)}>{info.phone}</a>
              </dd>
              <dt>{t('site.footer.email')}</dt>
              <dd>
                <a href={`mailto:${info.email}`}>{info.email}</a>
              </dd>
              <dt>{t('site.footer.address')}</dt>
              <dd>{info.address}</dd>
            </dl>
          ) : null}
        </div>
        <ContactForm />
      </div>
    </section>
  );
}

/** spec 000 §2: the footer with phone, address, e-mail, company name and copyright (from configuration). */
export function SiteFooter() {
  const company = useCompanyInfo();
  const info = company.data;
  return (
    <footer className={styles.footer} data-testid="site-footer">
      <div className={styles.footerInner}>
        {info ? (
          <>
            <p className={styles.company}>{info.lenderName}</p>
            <p>{t('site.footer.registration', { sec: info.secRegistrationNo, ca: info.certificateOfAuthorityNo })}</p>
            <p>
              {t('site.footer.address')}: {info.address}
            </p>
            <p>
              {t('site.footer.phone')}: <a href={telHref(info.phone)}>{info.phone}</a> · {t('site.footer.email')}:{' '}
              <a href={`mailto:${info.email}`}>{info.email}</a>
            </p>
            <p className={styles.copyright}>
              {t('site.footer.copyright', { year: new Date().getFullYear(), company: info.lenderName })}
            </p>
          </>
        ) : (
          // Kept the same height while the call answers, so the page does not jump.
          <div className={styles.placeholder} aria-hidden="true" />
        )}
      </div>
    </footer>
  );
}
