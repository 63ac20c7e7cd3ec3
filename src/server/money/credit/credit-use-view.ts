import type { LoanDetails } from '../../../shared/contracts/loan-details';
import { formatMoney } from '../../../shared/format/money';
import type { Db } from '../../db/client';
import type { ReplyTexts } from '../../i18n/reply-texts';
import type { Order } from '../loans/order-store';
import { creditUseOf } from './transfers';

/**
 * What the order page says of a settled order's credit: a request still waiting for finance; or
 * what finance can do with it and, when the borrower has a running loan, the button that asks to
 * use it there with the text they consent to.
 */
export async function creditUseView(
  db: Db,
  order: Order,
  tx: ReplyTexts,
): Promise<Pick<LoanDetails, 'creditNote' | 'creditUse'>> {
  const { left, toOrder, waiting } = await creditUseOf(db, order);
  if (waiting)
    return {
      creditNote: tx('order.creditWaiting', { amount: formatMoney(waiting.amount), orderNo: waiting.toOrderNo }),
    };
  if (left <= 0) return {};
  if (!toOrder) return { creditNote: tx('order.creditNote') };
  return {
    creditNote: tx('order.creditNote'),
    creditUse: {
      toOrderId: toOrder.id,
      button: tx('order.creditUse', { orderNo: toOrder.orderNo }),
      confirm: tx('order.creditUseConfirm', { amount: formatMoney(left), orderNo: toOrder.orderNo }),
    },
  };
}
