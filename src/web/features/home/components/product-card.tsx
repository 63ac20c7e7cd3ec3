import { Link } from '../../../lib/router';
import type { ProductSummary } from '../../../../shared/contracts/home';
import { href } from '../../../../shared/pages';
import { formatMoney } from '../../../lib/format';
import { t } from '../../../lib/i18n';
import styles from './home.module.css';

/** A product on offer; a tap opens its application (amount, live quote, disclosure) at the borrower's limit. */
export function ProductCard({ product }: { product: ProductSummary }) {
  return (
    <Link
      className={styles.card}
      to={href('loanConfirm', { productId: product.productId })}
      data-testid={`apply-${product.productId}`}
    >
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
        <p className={styles.limit}>{t('home.limit', { limit: formatMoney(product.limit) })}</p>
      </div>
      <span className={styles.applyCue} aria-hidden="true">
        {product.blockedBy ? t('openLoan.cardCue', { orderNo: product.blockedBy.orderNo }) : `${t('home.apply')} ›`}
      </span>
    </Link>
  );
}
