import type { ProductSummary } from '../../../../shared/contracts/home';
import { formatMoney } from '../../../lib/format';
import { t } from '../../../lib/i18n';
import styles from './home.module.css';

export function ProductCard({ product }: { product: ProductSummary }) {
  return (
    <article className={styles.card} aria-labelledby={`product-${product.productId}`}>
      <img className={styles.logo} src={product.logo} alt="" width="48" height="48" loading="lazy" decoding="async" />
      <div className={styles.main}>
        <h3 id={`product-${product.productId}`} className={styles.name}>
          {product.name}
        </h3>
        <p className={styles.amount}>
          {t('home.amountRange', { min: formatMoney(product.minAmount), max: formatMoney(product.maxAmount) })}
        </p>
        <p className={styles.meta}>
          <span>{t('home.term', { days: product.termDays })}</span>
          <span>{product.rateText}</span>
        </p>
      </div>
    </article>
  );
}
