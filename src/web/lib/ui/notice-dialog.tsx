import { useEffect, useId, useRef } from 'react';
import styles from './notice-dialog.module.css';

interface NoticeDialogProps {
  title: string;
  message: string;
  /** The (first) button's text; it closes the notice. */
  confirmText: string;
  onClose: () => void;
  /** A question instead of a notice: a second button that only closes; `onConfirm` runs for the first. */
  cancelText?: string;
  onConfirm?: () => void;
  'data-testid'?: string;
}

/**
 * A notice with one button, shown at once (spec 001 §4 Kind tips). The browser's own modal
 * `<dialog>`: it keeps focus inside, closes on Back/Escape and hides the page from screen readers,
 * with no script of its own. (antd-mobile's Dialog brought about 35 KB of overlay and animation
 * code, and its animation frames, to every first view of an order.)
 */
export function NoticeDialog({ title, message, confirmText, onClose, cancelText, onConfirm, 'data-testid': testId }: NoticeDialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog || dialog.open) return;
    // jsdom (the unit tests) has no showModal.
    if (typeof dialog.showModal === 'function') dialog.showModal();
    else dialog.setAttribute('open', '');
  }, []);
  return (
    <dialog
      ref={ref}
      className={styles.dialog}
      aria-labelledby={titleId}
      onClose={(e) => {
        if (e.currentTarget.returnValue === 'confirm') onConfirm?.();
        onClose();
      }}
      data-testid={testId}
    >
      <h2 id={titleId} className={styles.title}>
        {title}
      </h2>
      <p className={styles.message}>{message}</p>
      <form method="dialog" className={cancelText ? styles.choice : undefined}>
        {cancelText ? (
          <button type="submit" value="cancel" className={`${styles.button} ${styles.cancel}`} data-testid={testId ? `${testId}-cancel` : undefined}>
            {cancelText}
          </button>
        ) : null}
        <button type="submit" value="confirm" className={styles.button} data-testid={testId ? `${testId}-confirm` : undefined}>
          {confirmText}
        </button>
      </form>
    </dialog>
  );
}
