import { and, eq, sql } from 'drizzle-orm';
import { formatHumanDate } from '../../../shared/format/date';
import { Code } from '../../../shared/codes';
import { formatMoney } from '../../../shared/format/money';
import { OrderStatus, RUNNING_STATUSES } from '../../../shared/order-status';
import type { LoanDetails } from '../../../shared/contracts/loan-details';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { prepared } from '../../db/prepared';
import { appRatings, loanOrders, products, sessions } from '../../db/schema';
import { daysBetween, extensionsOf, type IsoDate, maturityOf, quoteExtension } from '../../domain/loan';
import { AppError } from '../../http/app-error';
import { liveSessionColumns, liveSessionWhere, type SessionInRead } from '../../http/session-in-read';
import type { ReplyLocale } from '../../i18n/reply-locale';
import { replyTexts } from '../../i18n/reply-texts';
import { creditUseView, creditLeft, creditSpentOf, amountDueNow, payoffOf, readLoanState, stateOn } from '../../money';
import { href } from '../../../shared/pages';
import { recommendedProducts, recommendedProductsJson } from './recommended-products';
import { latestPayoutAccountJson, withdrawReminder } from './withdraw-reminder';

/**
 * One prepared round trip for the session check and all the page shows from the database: the
 * live session of the token, the order (when it is that borrower's), its product, the other
 * products to recommend, the borrower's payout account and whether they rated the app. No row
 * means no live session; a row without an order means the order is not theirs.
 */
const sessionAndOrder = (db: Db) =>
  prepared(db, 'loan_details_order', (d) =>
    d
      .select({
        ...liveSessionColumns,
        order: loanOrders,
        productName: products.name,
        productLogo: products.logo,
        rated: sql<boolean>`exists (select 1 from ${appRatings} where ${appRatings.borrowerId} = ${sessions.borrowerId})`,
        account: latestPayoutAccountJson(sessions.borrowerId),
        recommended: recommendedProductsJson(loanOrders.productId),
      })
      .from(sessions)
      .leftJoin(
        loanOrders,
        and(eq(loanOrders.id, sql.placeholder('orderId')), eq(loanOrders.borrowerId, sessions.borrowerId)),
      )
      .leftJoin(products, eq(products.id, loanOrders.productId))
      .where(liveSessionWhere())
      .prepare('loan_details_order'),
  );

export function loanDetailsService(db: Db, config: Config) {
  return {
    async details(
      session: SessionInRead,
      input: { orderId: number; productId?: number },
      today: IsoDate,
      locale: ReplyLocale = 'en',
    ): Promise<LoanDetails> {
      const tx = replyTexts(locale);
      const [row] = await sessionAndOrder(db).execute({
        tokenHash: session.tokenHash,
        idleMinutes: session.idleMinutes,
        orderId: input.orderId,
      });
      await session.admit(row);
      const order = row?.order;
      if (!row || !order || (input.productId !== undefined && input.productId !== order.productId))
        throw new AppError(Code.NOT_FOUND, 'The order was not found');
      // architecture.md: Order states: what the status banner says for each state.
      const notice = tx.or(`order.notice.${order.status}`, '');
      const description = tx.or(`order.notice.${order.status}.desc`, '');
      const rows = [
        { text: tx('order.contractNo'), value: order.orderNo },
        { text: tx('order.amount'), value: formatMoney(order.amount) },
        { text: tx('order.term'), value: tx('order.termDays', { days: order.termDays }) },
      ];
      let isDelay: 0 | 1 = 0;
      let creditUse: Pick<LoanDetails, 'creditNote' | 'creditUse'> = {};
      if (order.loanState) {
        const state = stateOn({ loanState: readLoanState(order.loanState, order) }, today);
        // After an extension the term runs to the new maturity: say so instead of the contract's days.
        const extensions = extensionsOf(state);
        if (extensions > 0 && rows[2])
          rows[2].value = tx('order.termExtended', {
            days: order.termDays,
            total: daysBetween(state.disbursalDate, maturityOf(state)),
            count: extensions,
          });
        if (order.dueDate)
          rows.push({ text: tx('order.repaymentDate'), value: formatHumanDate(order.dueDate, tx.locale) });
        if (order.status !== OrderStatus.SETTLED) {
          rows.push(
            { text: tx('order.amountDue'), value: formatMoney(amountDueNow(state)) },
            { text: tx('order.totalToSettle'), value: formatMoney(payoffOf(state)) },
          );
        }
        // Money paid over what was owed is the borrower's, and is shown until it is refunded or applied.
        const credit = state.credit > 0 ? creditLeft(state.credit, (await creditSpentOf(db, order.id)).paid) : 0;
        if (credit > 0) rows.push({ text: tx('order.credit'), value: formatMoney(credit) });
        if (credit > 0 && order.status === OrderStatus.SETTLED) creditUse = await creditUseView(db, order, tx);
        const due = order.status === OrderStatus.DUE || order.status === OrderStatus.OVERDUE;
        isDelay = due && quoteExtension(state, today).allowed ? 1 : 0;
      }
      if (order.status === OrderStatus.REJECTED && order.decisionReason)
        rows.push({ text: tx('order.reason'), value: order.decisionReason });
      const withdraw = order.status === OrderStatus.APPROVED ? withdrawReminder(row.account, order, tx) : {};
      const repaying = RUNNING_STATUSES.includes(order.status);
      return {
        success: true,
        // Every product we serve is the lender's own; a loan-market partner's order would say 0.
        inside: 1,
        h5Url: href('loanDetail', { productId: order.productId, orderId: order.id }),
        loanMarket: config.LOAN_MARKET_FLAG === 1 ? 1 : 0,
        ...withdraw,
        orderId: order.id,
        productId: order.productId,
        orderStatus: order.status,
        noticeStatusText: notice,
        noticeDesText: description,
        recProducts: recommendedProducts(row.recommended, locale),
        productName: row.productName ?? '',
        productLogo: row.productLogo ?? '',
        userOrderDetail: { detail: rows },
        isDelay,
        telephone: config.LENDER_PHONE,
        isScore: order.status === OrderStatus.SETTLED && !row.rated ? '1' : '0',
        playeduL: config.ORDER_REDIRECT_URL,
        reyMsg: isDelay ? tx('order.shortOfMoney') : '',
        ...(repaying ? { KindTipsMsg: tx('order.kindTips') } : {}),
        ...creditUse,
        cardNeedPop: order.status === OrderStatus.APPROVED && !row.account ? 1 : 0,
        cardPopTitle: tx('order.cardPopTitle'),
        cardPopMsg: tx('order.cardPopMsg'),
      };
    },
  };
}
