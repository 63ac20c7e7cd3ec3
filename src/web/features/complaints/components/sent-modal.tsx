import { Modal } from '../../../lib/ui/overlays/modal';
import { t } from '../../../lib/i18n';
import styles from './complaints.module.css';

/** spec 000 §2: "Successfully Sent" with a thank-you line; the page closes it after 1.5 s. */
export function SentModal({ visible }: { visible: boolean }) {
  return (
    <Modal
      visible={visible}
      closeOnMaskClick={false}
      content={
        <div className={styles.sent} role="status" data-testid="complaint-sent">
          <svg viewBox="0 0 48 48" width="48" height="48" aria-hidden="true" focusable="false">
            <circle cx="24" cy="24" r="22" fill="#1a7f37" />
            <path d="m14 25 7 7 13-15" fill="none" stroke="#fff" strokeWidth="4" strokeLinecap="round" />
          </svg>
          <h2 className={styles.sentTitle}>{t('complaints.sentTitle')}</h2>
          <p className={styles.sentText}>{t('complaints.sentThanks')}</p>
        </div>
      }
    />
  );
}
