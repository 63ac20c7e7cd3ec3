import { useId } from 'react';
import { useModal } from '../lib/ui/use-modal';
import { t } from '../lib/i18n';
import { answerSwitch } from '../lib/session';
import styles from './session-switch-dialog.module.css';

/**
 * An address brought another session while this tab was signed in: the borrower chooses before
 * anything of the other account is shown (a forwarded link must not silently swap accounts).
 */
export default function SessionSwitchDialog() {
  const ref = useModal();
  const titleId = useId();
  return (
    <dialog
      ref={ref}
      className={styles.dialog}
      aria-labelledby={titleId}
      data-testid="session-switch"
      onCancel={() => answerSwitch(false)}
    >
      <h2 id={titleId} className={styles.title}>
        {t('session.switchTitle')}
      </h2>
      <p className={styles.message}>{t('session.switchMessage')}</p>
      <button
        type="button"
        className={styles.button}
        data-testid="session-switch-accept"
        onClick={() => answerSwitch(true)}
      >
        {t('session.switchAccept')}
      </button>
      <button
        type="button"
        className={styles.button}
        data-testid="session-switch-keep"
        onClick={() => answerSwitch(false)}
      >
        {t('session.switchKeep')}
      </button>
    </dialog>
  );
}
