import { Button } from '../../../lib/ui/button';
import { Popup } from '../../../lib/ui/overlays/popup';
import { useState } from 'react';
import type { ComplaintOrder } from '../../../../shared/contracts/complaints';
import { isOrderStatus } from '../../../../shared/order-status';
import { t } from '../../../lib/i18n';
import styles from './complaints.module.css';

function statusText(order: ComplaintOrder): string {
  return isOrderStatus(order.status) ? t(`orderStatus.${order.status}`) : String(order.status);
}

interface OrderCardProps {
  order: ComplaintOrder | null;
  orders: readonly ComplaintOrder[];
  onChoose: (order: ComplaintOrder) => void;
}

/** spec 000 §2: the order summary card, with All to switch to another of my orders. */
export function OrderCard({ order, orders, onChoose }: OrderCardProps) {
  const [open, setOpen] = useState(false);
  if (!order) return <p className={styles.empty}>{t('complaints.noOrders')}</p>;
  return (
    <section className={styles.card} aria-labelledby="complaint-order" data-testid="complaint-order">
      <div className={styles.orderHead}>
        <img className={styles.logo} src={order.productLogo} alt="" width="36" height="36" />
        <div className={styles.orderTitle}>
          <h2 id="complaint-order" className={styles.productName}>
            {order.productName}
          </h2>
          <span className={styles.status}>{statusText(order)}</span>
        </div>
        <Button size="small" fill="outline" onClick={() => setOpen(true)} data-testid="complaint-all-orders">
          {t('complaints.all')}
        </Button>
      </div>
      <dl className={styles.pairs}>
        {order.list.map((pair) => (
          <div key={pair.title} className={styles.pair}>
            <dt>{pair.title}</dt>
            <dd>{pair.value}</dd>
          </div>
        ))}
      </dl>
      <Popup
        visible={open}
        onMaskClick={() => setOpen(false)}
        onClose={() => setOpen(false)}
        bodyClassName={styles.sheet}
      >
        <h2 className={styles.sheetTitle}>{t('complaints.chooseOrder')}</h2>
        <ul className={styles.sheetList}>
          {orders.map((o) => (
            <li key={o.orderId}>
              <button
                type="button"
                className={styles.sheetItem}
                aria-current={o.orderId === order.orderId ? 'true' : undefined}
                onClick={() => {
                  setOpen(false);
                  onChoose(o);
                }}
              >
                <span className={styles.productName}>{o.productName}</span>
                <span className={styles.meta}>
                  {o.orderNo} · {statusText(o)}
                </span>
              </button>
            </li>
          ))}
        </ul>
      </Popup>
    </section>
  );
}
