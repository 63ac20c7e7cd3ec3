import { t } from '../../../lib/i18n';
import { PageLayout } from '../../../lib/ui/page-layout';
import styles from './promotion.module.css';

/** Light loading and failure states (plain CSS: the landing carries no component library beyond toasts). */
export function Loading() {
  return (
    <div className={styles.state} role="status">
      <span className={styles.spinner} aria-hidden="true" />
      <span className="visually-hidden">{t('common.loading')}</span>
    </div>
  );
}

export function LoadFailed({ onRetry }: { onRetry: () => void }) {
  return (
    <div className={styles.state} role="alert">
      <p>{t('promotion.networkError')}</p>
      <button type="button" className={styles.retry} onClick={onRetry}>
        {t('common.retry')}
      </button>
    </div>
  );
}

/** No template for this link: the page says so plainly instead of an empty form. */
export function Unavailable() {
  return (
    <PageLayout title={t('page.promotion')} showMenu={false}>
      <div className={styles.state}>
        <h2 className={styles.unavailableTitle}>{t('promotion.unavailableTitle')}</h2>
        <p>{t('promotion.unavailableHint')}</p>
      </div>
    </PageLayout>
  );
}
