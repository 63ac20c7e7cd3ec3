import type { ProblemOption } from '../../../../shared/contracts/complaints';
import styles from './complaints.module.css';

interface TypeListProps {
  options: readonly ProblemOption[];
  label: string;
  testId: string;
  /** The option that opens a sub-list (type 1), and whether it is open. */
  expandable?: { value: number; open: boolean };
  onChoose: (option: ProblemOption) => void;
}

/** A list of question types or sub-types, one large tap target each. */
export function TypeList({ options, label, testId, expandable, onChoose }: TypeListProps) {
  return (
    <ul className={styles.types} aria-label={label} data-testid={testId}>
      {options.map((option) => (
        <li key={option.value}>
          <button
            type="button"
            className={styles.typeButton}
            aria-expanded={expandable?.value === option.value ? expandable.open : undefined}
            onClick={() => onChoose(option)}
          >
            <span>{option.label}</span>
            <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
              <path d="m9 5 7 7-7 7" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
            </svg>
          </button>
        </li>
      ))}
    </ul>
  );
}
