import { type MessageKey, t } from '../lib/i18n';
import { goHome } from '../lib/native-bridge';
import { PageLayout } from '../lib/ui/page-layout';
import styles from './coming-soon-page.module.css';

/** A page of the specs not built yet: its real title and an honest "Coming soon", nothing more. */
export type PageTitleKey = Extract<MessageKey, `page.${string}`>;

export function ComingSoonPage({ titleKey }: { titleKey: PageTitleKey }) {
  return (
    <PageLayout title={t(titleKey)}>
      <section className={styles.box} aria-labelledby="coming-soon-heading">
        <h2 id="coming-soon-heading" className={styles.heading}>
          {t('common.comingSoon')}
        </h2>
        <p className={styles.hint}>{t('common.comingSoonHint')}</p>
        <button type="button" className={styles.home} onClick={goHome}>
          {t('common.goHome')}
        </button>
      </section>
    </PageLayout>
  );
}
