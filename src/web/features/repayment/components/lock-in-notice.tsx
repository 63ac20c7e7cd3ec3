import { formatMoney } from '../../../../shared/format/money';
import { formatDate } from '../../../lib/format';
import { t } from '../../../lib/i18n';
import styles from './repayment.module.css';

interface Props {
  lockIn: { until: string; payAll: number; unearnedInterest: number };
}

/**
 * A product's lock-in, on every repay page while it lasts: paying in full now costs the whole
 * scheduled interest, and how much of it paying from the lock-in's end on would not charge.
 */
export function LockInNotice({ lockIn }: Props) {
  return (
    <section className={styles.card} data-testid="lock-in">
      <p className={styles.payoffTitle}>{t('repay.lockIn.title', { date: formatDate(lockIn.until) })}</p>
      <p className={styles.payoffText} data-testid="lock-in-cost">
        {t('repay.lockIn.cost', {
          amount: formatMoney(lockIn.payAll),
          interest: formatMoney(lockIn.unearnedInterest),
          date: formatDate(lockIn.until),
        })}
      </p>
    </section>
  );
}
