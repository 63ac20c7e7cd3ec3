import { useSyncExternalStore } from 'react';
import { t } from '../../../lib/i18n';
import { isInNativeApp } from '../../../lib/native-bridge';
import { QueryState } from '../../../lib/ui/query-state';
import { OpenLoanNotice } from '../../../lib/ui/open-loan-notice';
import { PageLayout } from '../../../lib/ui/page-layout';
import { useHomeOverview } from '../api/get-home-overview';
import styles from '../components/home.module.css';
import { LimitNotice } from '../components/limit-notice';
import { OrderRow } from '../components/order-row';
import { ProductCard } from '../components/product-card';

const subscribeNever = () => () => {};
/**
 * Whether the page is inside the native app, which a server cannot know: the page is
 * rendered (and hydrated) as in a browser, and shows its back button once it runs in the app.
 */
const useInNativeApp = () => useSyncExternalStore(subscribeNever, isInNativeApp, () => false);

/** The web home page (architecture.md: Native bridge "go home" in a browser): products on offer and my orders. */
export function HomePage() {
  const overview = useHomeOverview();
  const inApp = useInNativeApp();
  return (
    <PageLayout title={t('page.home')} showBack={inApp}>
      <QueryState query={overview}>
        {({ products, orders }) => {
          const open = products.find((p) => p.blockedBy)?.blockedBy;
          return (
            <>
              <LimitNotice />
              {open ? <OpenLoanNotice open={open} /> : null}
              <section className={styles.section} aria-labelledby="home-products">
                <h2 id="home-products" className={styles.heading}>
                  {t('home.products')}
                </h2>
                {products.length === 0 ? (
                  <p className={styles.empty}>{t('home.noProducts')}</p>
                ) : (
                  <ul className={styles.list}>
                    {products.map((product) => (
                      <li key={product.productId}>
                        <ProductCard product={product} />
                      </li>
                    ))}
                  </ul>
                )}
              </section>
              <section className={styles.section} aria-labelledby="home-orders">
                <h2 id="home-orders" className={styles.heading}>
                  {t('home.myOrders')}
                </h2>
                {orders.length === 0 ? (
                  <p className={styles.empty}>{t('home.noOrders')}</p>
                ) : (
                  <ul className={styles.list}>
                    {orders.map((order) => (
                      <OrderRow key={order.orderId} order={order} />
                    ))}
                  </ul>
                )}
              </section>
            </>
          );
        }}
      </QueryState>
    </PageLayout>
  );
}
