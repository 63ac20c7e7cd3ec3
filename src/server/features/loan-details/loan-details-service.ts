import { and, eq } from 'drizzle-orm';
import { Code } from '../../../shared/codes';
import { formatMoney } from '../../../shared/format/money';
import { OrderStatus } from '../../../shared/order-status';
import type { LoanDetails } from '../../../shared/contracts/loan-details';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { appRatings, loanOrders, payoutAccounts, products } from '../../db/schema';
import { type IsoDate, type LoanState, quoteExtension } from '../../domain/loan';
import { AppError } from '../../http/app-error';
import { amountDueNow, payoffOf, stateOn } from '../loan-order/repayable';

/** DESIGN §6: what the status banner says for each state. */
const NOTICES: Record<number, [string, string]> = {
  [OrderStatus.REVIEW]: ['Under review', 'We are reviewing your application. You will have a decision within 1 day.'],
  [OrderStatus.REJECTED]: ['Not approved', 'We could not approve this application this time.'],
  [OrderStatus.APPROVED]: ['Approved', 'Your loan is approved. The money reaches your account within 1 to 3 days.'],
  [OrderStatus.REPAYING]: ['Repaying', 'Your loan is active. Pay on or before the repayment date.'],
  [OrderStatus.DUE]: ['Repayment due', 'Your repayment date is near. Pay now to keep a good record.'],
  [OrderStatus.OVERDUE]: ['Overdue', 'Your payment is late. Late penalties grow every day until it is paid.'],
  [OrderStatus.SETTLED]: ['Settled', 'Thank you! This loan is fully paid.'],
};

const KIND_TIPS = 'Pay only through the channels shown in this app. Hiram staff never ask you to send money to a personal account.';

export function loanDetailsService(db: Db, config: Config) {
  return {
    async details(borrowerId: number, input: { orderId: number; productId?: number }, today: IsoDate): Promise<LoanDetails> {
      const order = await db.query.loanOrders.findFirst({ where: and(eq(loanOrders.id, input.orderId), eq(loanOrders.borrowerId, borrowerId)) });
      if (!order || (input.productId !== undefined && input.productId !== order.productId)) throw new AppError(Code.NOT_FOUND, 'The order was not found');
      const product = await db.query.products.findFirst({ where: eq(products.id, order.productId) });
      const [notice, description] = NOTICES[order.status] ?? ['', ''];
      const rows = [
        { text: 'Contract number', value: order.orderNo },
        { text: 'Loan amount', value: formatMoney(order.amount) },
        { text: 'Term', value: `${order.termDays} days` },
      ];
      let isDelay: 0 | 1 = 0;
      if (order.loanState) {
        const state = stateOn({ loanState: order.loanState as unknown as LoanState }, today);
        if (order.dueDate) rows.push({ text: 'Repayment date', value: order.dueDate });
        if (order.status !== OrderStatus.SETTLED) {
          rows.push({ text: 'Amount due', value: formatMoney(amountDueNow(state)) }, { text: 'Total to settle', value: formatMoney(payoffOf(state)) });
        }
        const due = order.status === OrderStatus.DUE || order.status === OrderStatus.OVERDUE;
        isDelay = due && quoteExtension(state, today).allowed ? 1 : 0;
      }
      if (order.status === OrderStatus.REJECTED && order.decisionReason) rows.push({ text: 'Reason', value: order.decisionReason });
      const rated = await db.query.appRatings.findFirst({ where: eq(appRatings.borrowerId, borrowerId) });
      const account = await db.query.payoutAccounts.findFirst({ where: eq(payoutAccounts.borrowerId, borrowerId) });
      const repaying = [OrderStatus.REPAYING, OrderStatus.DUE, OrderStatus.OVERDUE].includes(order.status as 170);
      return {
        orderId: order.id,
        productId: order.productId,
        orderStatus: order.status,
        noticeStatusText: notice,
        noticeDesText: description,
        recProducts: [],
        productName: product?.name ?? '',
        productLogo: product?.logo ?? '',
        userOrderDetail: { detail: rows },
        isDelay,
        telephone: config.LENDER_PHONE,
        isScore: order.status === OrderStatus.SETTLED && !rated ? '1' : '0',
        playeduL: '',
        reyMsg: isDelay ? 'Short of money?' : '',
        ...(repaying ? { KindTipsMsg: KIND_TIPS } : {}),
        cardNeedPop: order.status === OrderStatus.APPROVED && !account ? 1 : 0,
        cardPopTitle: 'Add your payout account',
        cardPopMsg: 'Tell us where to send your loan: an e-wallet or a bank account in your name.',
      };
    },
  };
}
