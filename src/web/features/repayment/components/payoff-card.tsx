import { formatMoney } from '../../../../shared/format/money';
import { t } from '../../../lib/i18n';
import styles from './repayment.module.css';

interface Props {
  payoff: { amount: number; rebate: number };
  /** Whether to offer the choice between the amount due and the payoff (false when they are one amount). */
  choice: boolean;
  /** Whether the payment below pays the loan off (true) or the amount due (false). */
  chosen: boolean;
  onChoose(payOff: boolean): void;
}

/**
 * spec 001 §9 prepayment: once it is open, the server's payoff quote for today and the choice of
 * paying it instead of the amount due. Paying it settles the loan with the unearned interest waived.
 */
export function PayoffCard({ payoff, choice, chosen, onChoose }: Props) {
  return (
    <section className={styles.card} data-testid="payoff">
      <p className={styles.payoffTitle} data-testid="payoff-amount">
        {t('repay.payoffNow', { amount: formatMoney(payoff.amount) })}
      </p>
      {payoff.rebate > 0 ? (
        <p className={styles.payoffText}>{t('repay.payoffRebate', { rebate: formatMoney(payoff.rebate) })}</p>
      ) : null}
      {choice ? (
        <div className={styles.choices}>
          <button
            type="button"
            className={styles.choice}
            aria-pressed={!chosen}
            onClick={() => onChoose(false)}
            data-testid="pay-due-choice"
          >
            {t('repay.payDueChoose')}
          </button>
          <button
            type="button"
            className={styles.choice}
            aria-pressed={chosen}
            onClick={() => onChoose(true)}
            data-testid="payoff-choice"
          >
            {t('repay.payoffChoose')}
          </button>
        </div>
      ) : null}
    </section>
  );
}
