import type { ProductSummary } from '../../../shared/contracts/home';
import { OrderStatus } from '../../../shared/order-status';
import { href } from '../../../shared/pages';
import { t } from '../i18n';
import { Link } from '../router';
import styles from './open-loan-notice.module.css';

export type OpenOrder = NonNullable<ProductSummary['blockedBy']>;

/**
 * An open application or loan stops a new application (as many are open as the product allows):
 * the borrower is told before starting one, with the way to the order, not at the last tap.
 */
export function OpenLoanNotice({ open }: { open: OpenOrder }) {
  const applying = open.status === OrderStatus.REVIEW || open.status === OrderStatus.APPROVED;
  return (
    <section className={styles.notice} role="status" data-testid="open-loan-notice">
      <h2 className={styles.title}>
        {t(applying ? 'openLoan.applying' : 'openLoan.running', { orderNo: open.orderNo })}
      </h2>
      <p className={styles.hint}>{t('openLoan.hint')}</p>
      <Link
        className={styles.link}
        to={href('loanDetail', { productId: open.productId, orderId: open.orderId })}
        data-testid="open-loan-link"
      >
        {t('openLoan.see', { orderNo: open.orderNo })}
      </Link>
    </section>
  );
}
