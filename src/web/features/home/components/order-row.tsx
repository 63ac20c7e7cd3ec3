import { Link } from '../../../lib/router';
import type { OrderSummary } from '../../../../shared/contracts/home';
import { isOrderStatus } from '../../../../shared/order-status';
import { href } from '../../../../shared/pages';
import { formatDate, formatMoney } from '../../../lib/format';
import { t } from '../../../lib/i18n';
import styles from './home.module.css';

/** The status in the reader's language; a status we have no text for shows the server's. */
function statusText(order: OrderSummary): string {
  return isOrderStatus(order.status) ? t(`orderStatus.${order.status}`) : order.statusText;
}

export function OrderRow({ order }: { order: OrderSummary }) {
  const amount = formatMoney(order.amount);
  const status = statusText(order);
  return (
    <li>
      <Link className={styles.order} to={href('loanDetail', { productId: order.productId, orderId: order.orderId })}>
        <img className={styles.orderLogo} src={order.productLogo} alt="" width="36" height="36" loading="lazy" />
        <span className={styles.main}>
          <span className={styles.orderProduct}>{order.productName}</span>
          <span className={styles.meta}>
            <span>{order.orderNo}</span>
            <span>{formatDate(order.createdAt)}</span>
          </span>
        </span>
        <span className={styles.orderSide}>
          <span className={styles.orderAmount}>{amount}</span>
          <span className={styles.status} data-status={order.status}>
            {status}
          </span>
        </span>
      </Link>
    </li>
  );
}
