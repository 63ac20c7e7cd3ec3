import { useId } from 'react';
import { t } from '../../../lib/i18n';
import styles from './complaints.module.css';

const STARS = [1, 2, 3, 4, 5] as const;

/**
 * Five stars as a native radio group: a tap picks, arrow keys move, a screen reader reads
 * "4 of 5". (antd-mobile's Rate reacts to drag gestures only and cannot be reached by keyboard.)
 */
export function StarRating({ value, onChange }: { value: number; onChange: (stars: number) => void }) {
  const name = useId();
  return (
    <fieldset className={styles.stars} data-testid="rating-stars">
      <legend className="visually-hidden">{t('complaints.rateLabel')}</legend>
      {STARS.map((star) => (
        <label key={star} className={styles.star} data-on={star <= value ? 'true' : undefined}>
          <input
            type="radio"
            className="visually-hidden"
            name={name}
            value={star}
            checked={value === star}
            onChange={() => onChange(star)}
            aria-label={t('complaints.starLabel', { star })}
          />
          <svg viewBox="0 0 24 24" width="36" height="36" fill="currentColor" aria-hidden="true" focusable="false">
            <path d="M12 2.5l2.9 6.1 6.6.8-4.9 4.6 1.3 6.6L12 17.3l-5.9 3.3 1.3-6.6-4.9-4.6 6.6-.8z" />
          </svg>
        </label>
      ))}
    </fieldset>
  );
}
