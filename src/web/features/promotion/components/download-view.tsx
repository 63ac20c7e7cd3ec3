import { STORE_URL_PATTERN } from '../../../../shared/contracts/promotion';
import { t } from '../../../lib/i18n';
import type { Template } from '../api/get-channel-template';
import { currentClientType } from '../client-type';
import type { DownloadVariant } from '../promotion-query';
import styles from './promotion.module.css';

interface Store {
  platform: 'ios' | 'android';
  url: string;
  label: string;
  other: string;
}

/** Only the two stores, over https (architecture.md: Providers), even if a template slipped past the server's check. */
function storesOf(download: Template['download']): Store[] {
  const stores: Store[] = [];
  if (download.appStoreUrl && STORE_URL_PATTERN.test(download.appStoreUrl)) {
    stores.push({
      platform: 'ios',
      url: download.appStoreUrl,
      label: t('promotion.appStore'),
      other: t('promotion.otherStoreAppStore'),
    });
  }
  if (download.playStoreUrl && STORE_URL_PATTERN.test(download.playStoreUrl)) {
    stores.push({
      platform: 'android',
      url: download.playStoreUrl,
      label: t('promotion.googlePlay'),
      other: t('promotion.otherStoreGooglePlay'),
    });
  }
  return stores;
}

/**
 * spec 001 §2.2 #/downloadTemplate: the template's download texts and store buttons. The link
 * variant shows both stores alike; the down variant one button for this phone and the other
 * store as a plain link (see promotion-query.ts for the reading).
 */
export function DownloadView({ template, variant }: { template: Template; variant: DownloadVariant }) {
  const { download, appName } = template;
  const stores = storesOf(download);
  const mine = stores.find((s) => s.platform === currentClientType()) ?? stores[0];
  const others = stores.filter((s) => s !== mine);

  return (
    <div className={styles.download}>
      <img className={styles.downloadImage} src={download.image} alt={download.imageAlt} width={240} height={200} />
      <h2 className={styles.cardTitle}>{download.title}</h2>
      <p className={styles.downloadText}>{download.text}</p>
      {stores.length === 0 && <p className={styles.downloadText}>{t('promotion.noStores')}</p>}
      {variant === 'link' ? (
        <div className={styles.storeButtons}>
          {stores.map((store) => (
            <a
              key={store.platform}
              className={styles.store}
              href={store.url}
              data-testid={`promotion-store-${store.platform}`}
            >
              {store.label}
            </a>
          ))}
        </div>
      ) : (
        mine && (
          <div className={styles.storeButtons}>
            <a className={styles.store} href={mine.url} data-testid={`promotion-store-${mine.platform}`}>
              {t('promotion.downloadFor', { appName })}
            </a>
            {others.map((store) => (
              <a
                key={store.platform}
                className={styles.otherStore}
                href={store.url}
                data-testid={`promotion-store-${store.platform}`}
              >
                {store.other}
              </a>
            ))}
          </div>
        )
      )}
    </div>
  );
}
