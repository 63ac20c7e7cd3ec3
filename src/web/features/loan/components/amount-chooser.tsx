import { useEffect, useState } from 'react';
import { formatMoney } from '../../../lib/format';
import { t } from '../../../lib/i18n';
import styles from './order.module.css';

/** How long the slider rests before the quote is asked for again: one request per choice, not per pixel. */
const SETTLE_MS = 300;

/**
 * The amount to borrow: − and + by the product's step, and a slider, from the product's minimum
 * to the borrower's own limit. `onChange` fires once the choice settles; the server re-quotes it.
 */
export function AmountChooser({
  value,
  min,
  max,
  step,
  onChange,
}: {
  value: number;
  min: number;
  max: number;
  step: number;
  onChange: (amount: number) => void;
}) {
  const [draft, setDraft] = useState(value);
  useEffect(() => setDraft(value), [value]);
  useEffect(() => {
    if (draft === value) return;
    const timer = setTimeout(() => onChange(draft), SETTLE_MS);
    return () => clearTimeout(timer);
  }, [draft, value, onChange]);
  if (max <= min) return null;
  const clamp = (amount: number) => Math.min(max, Math.max(min, amount));
  return (
    <div className={styles.chooser} data-testid="amount-chooser">
      <div className={styles.chooserRow}>
        <button
          type="button"
          className={styles.stepButton}
          aria-label={t('confirm.less')}
          disabled={draft <= min}
          onClick={() => setDraft(clamp(draft - step))}
          data-testid="amount-less"
        >
          −
        </button>
        <output className={styles.chosen} aria-live="polite" data-testid="amount-chosen">
          {formatMoney(draft)}
        </output>
        <button
          type="button"
          className={styles.stepButton}
          aria-label={t('confirm.more')}
          disabled={draft >= max}
          onClick={() => setDraft(clamp(draft + step))}
          data-testid="amount-more"
        >
          +
        </button>
      </div>
      <input
        type="range"
        className={styles.slider}
        min={min}
        max={max}
        step={step}
        value={draft}
        aria-label={t('confirm.chooseAmount')}
        aria-valuetext={formatMoney(draft)}
        onChange={(event) => setDraft(Number(event.target.value))}
        data-testid="amount-slider"
      />
      <p className={styles.hint}>{t('confirm.limit', { min: formatMoney(min), max: formatMoney(max) })}</p>
    </div>
  );
}
