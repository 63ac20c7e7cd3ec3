import type { ReactNode } from 'react';
import { t } from '../../../lib/i18n';
import styles from './bank-binding.module.css';

interface FieldRowProps {
  code: string;
  title: string;
  subtitle: string;
  shown: string;
  onOpen: () => void;
  /** The problem with this item after Next, shown under it. */
  error?: string | undefined;
  children?: ReactNode;
}

/** An item's problem, under the item, named by the field it describes. */
export function FieldError({ code, error }: { code: string; error?: string | undefined }) {
  if (!error) return null;
  return (
    <p id={`bind-${code}-error`} className={styles.error} data-testid={`bind-${code}-error`}>
      {error}
    </p>
  );
}

/** A tappable row for the picker items: title, the chosen value or "Please select". */
export function FieldRow({ code, title, subtitle, shown, onOpen, error, children }: FieldRowProps) {
  const labelId = `bind-${code}-label`;
  return (
    <div className={styles.item}>
      <button
        type="button"
        className={styles.row}
        onClick={onOpen}
        aria-describedby={error ? `bind-${code}-error` : undefined}
        data-testid={`bind-${code}`}
      >
        <span className={styles.texts}>
          <span id={labelId} className={styles.title}>
            {title}
          </span>
          {subtitle ? <span className={styles.subtitle}>{subtitle}</span> : null}
        </span>
        <span id={`bind-${code}-value`} className={shown ? styles.value : styles.placeholder}>
          {shown || t('bank.pleaseSelect')}
        </span>
        <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true" focusable="false">
          <path d="m9 5 7 7-7 7" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </svg>
      </button>
      <FieldError code={code} error={error} />
      {children}
    </div>
  );
}
