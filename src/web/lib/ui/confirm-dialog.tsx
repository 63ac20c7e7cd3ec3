import { useId } from 'react';
import { useModal } from './use-modal';
import styles from './notice-dialog.module.css';

interface ConfirmDialogProps {
  title: string;
  message: string;
  confirmText: string;
  cancelText: string;
  onConfirm: () => void;
  /** Either button, Back or Escape: the dialog is closed. */
  onClose: () => void;
  'data-testid'?: string;
}

/**
 * A question with two answers, as the browser's own modal `<dialog>` (like NoticeDialog): focus
 * stays inside, Back and Escape cancel. Kept apart from NoticeDialog so the pages that only show
 * notices do not carry it.
 */
export function ConfirmDialog({
  title,
  message,
  confirmText,
  cancelText,
  onConfirm,
  onClose,
  'data-testid': testId,
}: ConfirmDialogProps) {
  const ref = useModal();
  const titleId = useId();
  return (
    <dialog
      ref={ref}
      className={styles.dialog}
      aria-labelledby={titleId}
      onClose={(e) => {
        if (e.currentTarget.returnValue === 'confirm') onConfirm();
        onClose();
      }}
      data-testid={testId}
    >
      <h2 id={titleId} className={styles.title}>
        {title}
      </h2>
      <p className={styles.message}>{message}</p>
      <form method="dialog" className={styles.choice}>
        <button
          type="submit"
          value="cancel"
          className={`${styles.button} ${styles.cancel}`}
          data-testid={testId ? `${testId}-cancel` : undefined}
        >
          {cancelText}
        </button>
        <button
          type="submit"
          value="confirm"
          className={styles.button}
          data-testid={testId ? `${testId}-confirm` : undefined}
        >
          {confirmText}
        </button>
      </form>
    </dialog>
  );
}
