import { type CSSProperties, lazy, Suspense, useEffect, useMemo, useRef } from 'react';
import { useLocation, useNavigate } from '../../../lib/router';
import { ApiError, ClientCode } from '../../../lib/api';
import { t } from '../../../lib/i18n';
import { PageLayout } from '../../../lib/ui/page-layout';
import { type Template, useChannelTemplate } from '../api/get-channel-template';
import { sendTrackVisit } from '../api/track-visit';
import { currentClientType } from '../client-type';
import { DownloadView } from '../components/download-view';
import { LandingView } from '../components/landing-view';
import styles from '../components/promotion.module.css';
import { LoadFailed, Loading, Unavailable } from '../components/states';
import { downloadVariant, type PromotionQuery, readPromotionQuery, routeOf } from '../promotion-query';

// The agreement text loads only when someone opens it.
const AgreementView = lazy(() => import('../components/agreement-view').then((m) => ({ default: m.AgreementView })));

function themeOf(template: Template | undefined): CSSProperties | undefined {
  if (!template) return undefined;
  const c = template.colours;
  return {
    '--promo-bg': c.background,
    '--promo-on-bg': c.onBackground,
    '--promo-accent': c.accent,
    '--promo-on-accent': c.onAccent,
    '--promo-card': c.card,
    '--promo-on-card': c.onCard,
  } as CSSProperties;
}

/** spec 001 §7 track-visit: once per page load, with the client type from the user agent. */
function useTrackVisit(query: PromotionQuery, onLanding: boolean) {
  const sent = useRef(false);
  useEffect(() => {
    if (sent.current || !onLanding) return;
    sent.current = true;
    sendTrackVisit({
      page_id: query.id,
      user_from: query.userFrom,
      client_type: currentClientType(),
      page_type: 1,
      utm_tag: query.utmTag,
      app_from: query.appFrom,
    });
  }, [query, onLanding]);
}

/**
 * spec 001 §2.2 promotion landing at pages.promotion, with its hash routes #/downloadTemplate and
 * #/agreementTemplate. Anonymous visitors; deliberately light (plain elements and CSS, no
 * component library beyond the shared toast).
 */
export function PromotionPage() {
  const location = useLocation();
  const navigate = useNavigate();
  const query = useMemo(() => readPromotionQuery(location.search, location.hash), [location.search, location.hash]);
  const route = routeOf(location.hash);
  const template = useChannelTemplate(query.id);
  useTrackVisit(query, route === 'landing');

  const backToLanding = () => void navigate({ pathname: location.pathname, search: location.search, hash: '' });
  const networkFailed = template.error instanceof ApiError && template.error.code === ClientCode.NETWORK;

  /** While the template is not there: loading, or a network failure with a retry. */
  const waiting = networkFailed ? <LoadFailed onRetry={() => void template.refetch()} /> : <Loading />;

  if (route === 'agreement') {
    return (
      <div className={styles.theme} style={themeOf(template.data)}>
        <PageLayout title={t('promotion.agreementTitle')} onBack={backToLanding} showMenu={false}>
          <Suspense fallback={<Loading />}>
            <AgreementView />
          </Suspense>
        </PageLayout>
      </div>
    );
  }
  // The agreement needs no template; the other routes do.
  if (query.id === undefined || (template.isError && !networkFailed)) return <Unavailable />;
  if (route === 'download') {
    return (
      <div className={styles.theme} style={themeOf(template.data)}>
        <PageLayout title={t('promotion.downloadTitle')} onBack={backToLanding} showMenu={false}>
          {template.data ? <DownloadView template={template.data} variant={downloadVariant(query)} /> : waiting}
        </PageLayout>
      </div>
    );
  }
  return (
    <div className={`${styles.theme} ${styles.landing}`} style={themeOf(template.data)}>
      <title>{`${t('page.promotion')} · ${template.data?.appName ?? t('app.name')}`}</title>
      {template.data ? <LandingView template={template.data} query={query} /> : waiting}
    </div>
  );
}
