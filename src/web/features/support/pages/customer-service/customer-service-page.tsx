import { href } from '../../../../../shared/pages';
import { t } from '../../../../lib/i18n';
import { Link } from '../../../../lib/router';
import { PageLayout } from '../../../../lib/ui/page-layout';
import { QueryState } from '../../../../lib/ui/query-state';
import { useContactInfo } from '../../api/get-contact-info';
import { mailtoHref, whatsAppDisplay, whatsAppHref } from '../../contact-links';
import styles from './customer-service-page.module.css';

function ContactRow({
  label,
  value,
  link,
  testId,
}: {
  label: string;
  value: string;
  link: string | null;
  testId: string;
}) {
  return (
    <li className={styles.row}>
      <span className={styles.label}>{label}</span>
      {link ? (
        <a className={styles.value} href={link} data-testid={testId} rel="noopener noreferrer">
          {value}
        </a>
      ) : (
        <span className={styles.muted} data-testid={testId}>
          {value || t('support.notAvailable')}
        </span>
      )}
    </li>
  );
}

/**
 * spec 000 §2 Customer service: the online-service messaging contact (smWa) and the e-mail. Ours:
 * the complaint pages, which no other page of a browser visit links to.
 */
export function CustomerServicePage() {
  const contacts = useContactInfo();
  return (
    <PageLayout title={t('page.customerService')}>
      <p className={styles.intro}>{t('support.intro')}</p>
      <QueryState query={contacts}>
        {({ smWa, email }) => (
          <section aria-labelledby="cs-heading">
            <h2 id="cs-heading" className={styles.heading}>
              {t('support.onlineService')}
            </h2>
            <ul className={styles.list}>
              <ContactRow
                label={t('support.whatsapp')}
                value={whatsAppDisplay(smWa)}
                link={whatsAppHref(smWa)}
                testId="cs-smwa"
              />
              <ContactRow label={t('support.email')} value={email} link={mailtoHref(email)} testId="cs-email" />
            </ul>
          </section>
        )}
      </QueryState>
      <section aria-labelledby="cs-complaints" className={styles.complaints}>
        <h2 id="cs-complaints" className={styles.heading}>
          {t('support.complaintsTitle')}
        </h2>
        <p className={styles.intro}>{t('support.complaintsIntro')}</p>
        <Link className={styles.action} to={href('complaint')} data-testid="cs-new-complaint">
          {t('support.fileComplaint')}
        </Link>
        <Link className={styles.secondary} to={href('complaintList')} data-testid="cs-my-complaints">
          {t('complaints.myComplaints')}
        </Link>
      </section>
    </PageLayout>
  );
}
