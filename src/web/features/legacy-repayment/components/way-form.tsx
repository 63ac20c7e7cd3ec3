import { Button } from '../../../lib/ui/button';
import { href } from '../../../../shared/pages';
import { formatMoney } from '../../../lib/format';
import { t } from '../../../lib/i18n';
import type { RepaymentWay } from '../api/get-repayment-way';
import { CardList } from './card-list';
import styles from './legacy.module.css';

interface WayFormProps {
  data: RepaymentWay;
  /** Centavos. */
  amount: number;
  chosen: number | null;
  onChoose: (id: number) => void;
  busy: boolean;
  onSubmit: (data: RepaymentWay, amount: number) => void;
}

/** The amount, the card list and the submit button (spec 000 §2 legacy screen). */
export function WayForm({ data, amount, chosen, onChoose, busy, onSubmit }: WayFormProps) {
  return (
    <div className={styles.way}>
      <section className={styles.amountBox} aria-labelledby="legacy-amount">
        <h2 id="legacy-amount" className={styles.amountLabel}>
          {t('legacy.amount')}
        </h2>
        <p className={styles.amount} data-testid="legacy-amount">
          {formatMoney(amount)}
        </p>
      </section>
      {data.bankCards.length === 0 ? (
        <p className={styles.notice}>
          {t('legacy.noCards')} <a href={href('bindBank')}>{t('legacy.bindCard')}</a>
        </p>
      ) : (
        <CardList cards={data.bankCards} chosen={chosen} onChoose={onChoose} />
      )}
      <Button
        block
        size="large"
        loading={busy}
        disabled={amount <= 0}
        onClick={() => onSubmit(data, amount)}
        data-testid="legacy-submit"
      >
        {t('legacy.submit')}
      </Button>
    </div>
  );
}
