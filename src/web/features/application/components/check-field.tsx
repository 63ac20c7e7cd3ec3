import type { ApplicationItem } from '../../../../shared/contracts/application';
import styles from './application.module.css';

/** A `check` item: a box the borrower ticks (value "1"). */
export function CheckField({
  item,
  value,
  onChange,
}: {
  item: ApplicationItem;
  value: string;
  onChange: (v: string) => void;
}) {
  return (
    <label className={`${styles.item} ${styles.check}`}>
      <input
        type="checkbox"
        checked={value === '1'}
        onChange={(event) => onChange(event.target.checked ? '1' : '')}
        data-testid={`apply-${item.code}`}
      />
      <span>{item.title}</span>
    </label>
  );
}
