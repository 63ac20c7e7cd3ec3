import { t } from '../lib/i18n';
import styles from './page-loader.module.css';

/** Shown while a page's code loads; plain CSS so the entry chunk stays small. */
export function PageLoader() {
  return (
    <div className={styles.loader} role="status">
      <span className={styles.spinner} aria-hidden="true" />
      <span className="visually-hidden">{t('common.loading')}</span>
    </div>
  );
}
