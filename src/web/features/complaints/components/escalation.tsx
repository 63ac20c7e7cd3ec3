import { SEC_COMPLAINTS_URL } from '../../../../shared/constants';
import { t } from '../../../lib/i18n';
import styles from './complaints.module.css';

/**
 * Where to go when our answer does not settle it: the SEC, which regulates lending companies,
 * takes complaints against them once the lender's own channel has been tried (the ticket number
 * is that proof).
 */
export function Escalation({ ticketNo }: { ticketNo: string }) {
  return (
    <section className={styles.card} aria-labelledby="escalate-title" data-testid="complaint-escalation">
      <h2 id="escalate-title" className={styles.heading}>
        {t('complaints.escalateTitle')}
      </h2>
      <p className={styles.content}>{t('complaints.escalateText', { ticketNo })}</p>
      <a className={styles.secondaryLink} href={SEC_COMPLAINTS_URL} target="_blank" rel="noopener noreferrer">
        {t('complaints.escalateLink')}
      </a>
    </section>
  );
}
