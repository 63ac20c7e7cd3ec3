import type { MouseEvent } from 'react';
import type { LoanDetails } from '../../../../shared/contracts/loan-details';
import { eventSave } from '../../../../shared/contracts/loan-details';
import { callApi } from '../../../lib/api';
import { t } from '../../../lib/i18n';
import { dialPhone, goHome, isInNativeApp, openPage, trackingPoint } from '../../../lib/native-bridge';
import styles from './order.module.css';

/**
 * spec 001 §3 telephone: shown, and dialled through the app's dialPhone hook; in a browser the
 * link itself is a `tel:` address the phone dials.
 */
export function ServicePhone({ phone }: { phone: string }) {
  if (!phone) return null;
  const dial = (event: MouseEvent<HTMLAnchorElement>) => {
    if (!isInNativeApp()) return;
    event.preventDefault();
    dialPhone(phone);
  };
  return (
    <p className={styles.phone}>
      {t('order.servicePhone')}{' '}
      <a href={`tel:${phone.replace(/[^\d+]/g, '')}`} onClick={dial} data-testid="order-phone">
        {phone}
      </a>
    </p>
  );
}

/**
 * spec 001 §2.1, §5, §7: the recommended products while the loan-market flag is on. A tap on an
 * enabled one records the event (moduleId and positionId = its place in the list) and opens the
 * product (the app's productDetail page; in a browser the web home, which lists the products).
 */
export function RecommendedProducts({ products }: { products: LoanDetails['recProducts'] }) {
  const open = (product: LoanDetails['recProducts'][number], index: number) => {
    if (product.enabled !== 1) return;
    trackingPoint('recommended_product', { productId: product.productId, position: index });
    void callApi(eventSave, { productId: product.productId, moduleId: index, positionId: index }, { silent: true });
    openPage('productDetail', { productId: product.productId });
  };
  return (
    <section className={styles.card} data-testid="rec-products" aria-label={t('order.recommended')}>
      <ul className={styles.recList}>
        {products.map((p, index) => (
          <li key={p.productId} className={styles.rec}>
            <img src={p.logo} alt="" width={40} height={40} />
            <div className={styles.recText}>
              <strong>{p.name}</strong>
              <span>
                {p.range} · {p.rangeDesc}
              </span>
              <span>{p.rate}</span>
              <span>{p.description}</span>
            </div>
            <button
              type="button"
              className={p.enabled === 1 ? styles.recButton : `${styles.recButton} ${styles.recOff}`}
              aria-disabled={p.enabled !== 1}
              onClick={() => open(p, index)}
            >
              {p.buttonText}
            </button>
          </li>
        ))}
      </ul>
      <button type="button" className={styles.more} onClick={goHome} data-testid="rec-more">
        {t('order.moreProducts')}
      </button>
    </section>
  );
}
