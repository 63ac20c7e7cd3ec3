import { useEffect, useId, useRef } from 'react';
import styles from './notice-dialog.module.css';

interface NoticeDialogProps {
  title: string;
  message: string;
  /** The one button's text; it closes the notice. */
  confirmText: string;
  onClose: () => void;
  'data-testid'?: string;
}

/**
 * A notice with one button, shown at once (spec 001 §4 Kind tips). The browser's own modal
 * `<dialog>`: it keeps focus inside, closes on Back/Escape and hides the page from screen readers,
 * with no script of its own. (antd-mobile's Dialog brought about 35 KB of overlay and animation
 * code, and its animation frames, to every first view of an order.)
 */
export function NoticeDialog({ title, message, confirmText, onClose, 'data-testid': testId }: NoticeDialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  // The same as useModal (use-modal.ts), written out here: a shared module would be a chunk of its
  // own on the first load of every page that shows a notice (+0.2 KB).
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog || dialog.open) return;
    // jsdom (the unit tests) has no showModal.
    if (typeof dialog.showModal === 'function') dialog.showModal();
    else dialog.setAttribute('open', '');
  }, []);
  return (
    <dialog ref={ref} className={styles.dialog} aria-labelledby={titleId} onClose={onClose} data-testid={testId}>
      <h2 id={titleId} className={styles.title}>
        {title}
      </h2>
      <p className={styles.message}>{message}</p>
      <form method="dialog">
        <button type="submit" className={styles.button}>
          {confirmText}
        </button>
      </form>
    </dialog>
  );
}
