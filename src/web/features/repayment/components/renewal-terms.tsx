import type { DelayInfo } from '../../../../shared/contracts/repayment';
import { formatMoney } from '../../../../shared/format/money';
import { humanDate } from '../../../lib/human-date';
import { t } from '../../../lib/i18n';
import styles from './repayment.module.css';

/**
 * The renewal disclosure shown before paying an extension: what the delay amount pays, what the
 * extra term costs, how long the price holds, and every installment after it (spec 001 §2.9).
 */
export function RenewalTerms({ renewal }: { renewal: NonNullable<DelayInfo['renewal']> }) {
  const rows = [
    { key: 'repay.renewalInterestDue', amount: renewal.interestDue },
    { key: 'repay.renewalPenalties', amount: renewal.penaltiesDue },
    { key: 'repay.renewalFees', amount: renewal.feesDue },
    { key: 'repay.renewalFee', amount: renewal.extensionFee },
    { key: 'repay.renewalInterest', amount: renewal.extensionInterest },
  ] as const;
  return (
    <section className={styles.card} data-testid="renewal-terms">
      <h2 className={styles.sheetTitle}>{t('repay.renewalTitle')}</h2>
      <dl className={styles.rows}>
        {rows
          .filter((row) => row.amount > 0 || row.key === 'repay.renewalFee')
          .map((row) => (
            <div key={row.key} className={styles.row}>
              <dt>{t(row.key)}</dt>
              <dd>{formatMoney(row.amount)}</dd>
            </div>
          ))}
      </dl>
      <p className={styles.hint}>{t('repay.renewalValid', { date: humanDate(renewal.validThrough) })}</p>
      <h3 className={styles.subTitle}>{t('repay.renewalSchedule')}</h3>
      <ol className={styles.plan} data-testid="renewal-schedule">
        {renewal.schedule.map((row) => (
          <li key={row.dueDate} className={styles.planRow}>
            <span className={styles.planTime}>{humanDate(row.dueDate)}</span>
            <span className={styles.planAmount}>{formatMoney(row.amount)}</span>
          </li>
        ))}
      </ol>
    </section>
  );
}
