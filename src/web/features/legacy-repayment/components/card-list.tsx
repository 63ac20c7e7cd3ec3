import type { BankCard } from '../../../../shared/contracts/legacy-repayment';
import { t } from '../../../lib/i18n';
import styles from './legacy.module.css';

/** spec 000 §2 legacy screen: the bank cards, one to choose (native radios: keyboard and screen readers work). */
export function CardList({
  cards,
  chosen,
  onChoose,
}: {
  cards: readonly BankCard[];
  chosen: number | null;
  onChoose: (id: number) => void;
}) {
  return (
    <fieldset className={styles.cards}>
      <legend className={styles.legend}>{t('legacy.chooseCard')}</legend>
      {cards.map((card) => (
        <label key={card.id} className={styles.card} data-testid="legacy-card">
          <input
            type="radio"
            name="legacy-card"
            className={styles.radio}
            value={card.id}
            checked={chosen === card.id}
            onChange={() => onChoose(card.id)}
          />
          <span className={styles.cardText}>
            <span className={styles.bank}>{card.bankName}</span>
            <span className={styles.number}>{card.cardNo}</span>
          </span>
        </label>
      ))}
    </fieldset>
  );
}
