import { t } from '../lib/i18n';
import { goHome } from '../lib/native-bridge';
import { PageLayout } from '../lib/ui/page-layout';
import styles from './coming-soon-page.module.css';

export function NotFoundPage() {
  return (
    <PageLayout title={t('common.notFoundTitle')}>
      <section className={styles.box}>
        <p className={styles.hint}>{t('common.notFoundHint')}</p>
        <button type="button" className={styles.home} onClick={goHome}>
          {t('common.goHome')}
        </button>
      </section>
    </PageLayout>
  );
}
