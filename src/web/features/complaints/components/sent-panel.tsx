import { href } from '../../../../shared/pages';
import { humanDate } from '../../../lib/human-date';
import { t } from '../../../lib/i18n';
import { Link } from '../../../lib/router';
import styles from './complaints.module.css';

export interface SentTicket {
  problemId: number;
  ticketNo: string;
  replyBy: string;
}

/**
 * What a borrower needs after sending: it was received, the ticket number to quote, and the day
 * the lender promises to reply by (spec 000 §9's 3 working days, as a date), then where to go.
 */
export function SentPanel({ ticket }: { ticket: SentTicket }) {
  return (
    <section className={`${styles.card} ${styles.sent}`} role="status" data-testid="complaint-sent">
      <svg viewBox="0 0 48 48" width="48" height="48" aria-hidden="true" focusable="false">
        <circle cx="24" cy="24" r="22" fill="#1a7f37" />
        <path d="m14 25 7 7 13-15" fill="none" stroke="#fff" strokeWidth="4" strokeLinecap="round" />
      </svg>
      <h2 className={styles.sentTitle}>{t('complaints.sentTitle')}</h2>
      <p className={styles.sentText}>{t('complaints.sentThanks')}</p>
      <dl className={styles.sentFacts}>
        <div>
          <dt>{t('complaints.ticketNo')}</dt>
          <dd data-testid="complaint-sent-ticket">{ticket.ticketNo}</dd>
        </div>
        <div>
          <dt>{t('complaints.replyBy')}</dt>
          <dd data-testid="complaint-sent-reply-by">{humanDate(ticket.replyBy)}</dd>
        </div>
      </dl>
      <Link
        className={styles.primaryLink}
        to={href('complaintDetails', { problemId: ticket.problemId })}
        replace
        data-testid="complaint-sent-open"
      >
        {t('complaints.openTicket')}
      </Link>
      <Link className={styles.secondaryLink} to={href('complaintList')} replace>
        {t('complaints.myComplaints')}
      </Link>
    </section>
  );
}
