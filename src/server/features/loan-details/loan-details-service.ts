import { and, eq, getTableColumns, sql } from 'drizzle-orm';
import { formatHumanDate } from '../../../shared/format/date';
import { Code } from '../../../shared/codes';
import { formatMoney } from '../../../shared/format/money';
import { OrderStatus, RUNNING_STATUSES } from '../../../shared/order-status';
import type { LoanDetails } from '../../../shared/contracts/loan-details';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { outerColumn } from '../../db/outer-column';
import { prepared } from '../../db/prepared';
import { appRatings, loanOrders, sessions } from '../../db/schema';
import { catalogueVersionColumn, keptCatalogue } from '../../catalogue/kept-catalogue';
import { daysBetween, extensionsOf, type IsoDate, type LoanState, maturityOf, quoteExtension } from '../../domain/loan';
import { AppError } from '../../http/app-error';
import { liveSessionColumns, liveSessionWhere, type SessionInRead } from '../../http/session-in-read';
import type { ReplyLocale } from '../../i18n/reply-locale';
import { replyTexts } from '../../i18n/reply-texts';
import {
  creditUseView,
  creditLeft,
  creditSpentOf,
  amountDueNow,
  payoffOf,
  readStoredLoanState,
  stateOn,
} from '../../money';
import { deepFreeze } from '../../../shared/deep-freeze';
import { href } from '../../../shared/pages';
import { recommendedProductsOf } from './recommended-products';
import { latestPayoutAccountJson, type PayoutAccountRow, withdrawReminder } from './withdraw-reminder';

/**
 * The order as every order page reads it: the columns all of them show, the loan state as text
 * (`readStoredLoanState` keeps its parse). The approved page (the withdraw reminder) and the
 * settled one (its credit, the rating question) need the whole row and more: they read it in a
 * second statement (`rarePageRead`), so the pages borrowers open most carry none of it.
 */
const orderRead = {
  id: loanOrders.id,
  orderNo: loanOrders.orderNo,
  productId: loanOrders.productId,
  status: loanOrders.status,
  amount: loanOrders.amount,
  termDays: loanOrders.termDays,
  dueDate: loanOrders.dueDate,
  decisionReason: loanOrders.decisionReason,
  loanStateText: sql<string | null>`${loanOrders.loanState}::text`,
};

/**
 * What the page computes from a loan state on a day: the same state and day give the same
 * figures, so they are kept beside the (shared, frozen) parsed state for the day last asked, and
 * computed at most once each. Keyed by the state object, so they go when its parse is dropped.
 */
class DayFigures {
  readonly state: LoanState;
  #amountDue: number | undefined;
  #payoff: number | undefined;
  #extendable: boolean | undefined;
  constructor(
    readonly today: IsoDate,
    stored: LoanState,
  ) {
    // Shared by every read of this loan today, so frozen like the parse it comes from.
    this.state = deepFreeze(stateOn({ loanState: stored }, today));
  }
  amountDue(): number {
    if (this.#amountDue === undefined) this.#amountDue = amountDueNow(this.state);
    return this.#amountDue;
  }
  payoff(): number {
    if (this.#payoff === undefined) this.#payoff = payoffOf(this.state);
    return this.#payoff;
  }
  extendable(): boolean {
    if (this.#extendable === undefined) this.#extendable = quoteExtension(this.state, this.today).allowed;
    return this.#extendable;
  }
}
const figuresByState = new WeakMap<LoanState, DayFigures>();
function figuresOn(stored: LoanState, today: IsoDate): DayFigures {
  const kept = figuresByState.get(stored);
  if (kept?.today === today) return kept;
  const figures = new DayFigures(today, stored);
  figuresByState.set(stored, figures);
  return figures;
}

/**
 * One prepared round trip for the session check and all the page shows from the database: the
 * live session of the token, the order (when it is that borrower's) and the catalogue's version
 * (the product names and the products to recommend come from the kept catalogue). No row means
 * no live session; a row without an order means the order is not theirs.
 */
const sessionAndOrder = (db: Db) =>
  prepared(db, 'loan_details_order', (d) =>
    d
      .select({ ...liveSessionColumns, order: orderRead, catalogueVersion: catalogueVersionColumn })
      .from(sessions)
      .leftJoin(
        loanOrders,
        and(eq(loanOrders.id, sql.placeholder('orderId')), eq(loanOrders.borrowerId, sessions.borrowerId)),
      )
      .where(liveSessionWhere())
      .prepare('loan_details_order'),
  );

/**
 * What only the approved and settled pages show: the whole order (the withdraw reminder, the
 * credit's use), whether the borrower rated the app, and their payout account (the latest saved).
 */
async function rarePageRead(db: Db, orderId: number) {
  const [row] = await db
    .select({
      order: getTableColumns(loanOrders),
      rated: sql<boolean>`exists (select 1 from ${appRatings} r where r.borrower_id = ${outerColumn(loanOrders.borrowerId)})`,
      account: sql<string | null>`${latestPayoutAccountJson(loanOrders.borrowerId)}::text`,
    })
    .from(loanOrders)
    .where(eq(loanOrders.id, orderId));
  if (!row) throw new Error(`Order ${orderId}: gone between the order page's two reads`);
  return row;
}

const accountOf = (text: string | null) => (text === null ? null : (JSON.parse(text) as PayoutAccountRow));

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
      const rare =
        order.status === OrderStatus.APPROVED || order.status === OrderStatus.SETTLED
          ? await rarePageRead(db, order.id)
          : null;
      const catalogue = await keptCatalogue(db).at(Number(row.catalogueVersion));
      const product = catalogue.byId.get(order.productId);
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
      if (order.loanStateText) {
        const figures = figuresOn(readStoredLoanState(order.loanStateText, order), today);
        const { state } = figures;
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
            { text: tx('order.amountDue'), value: formatMoney(figures.amountDue()) },
            { text: tx('order.totalToSettle'), value: formatMoney(figures.payoff()) },
          );
        }
        // Money paid over what was owed is the borrower's, and is shown until it is refunded or applied.
        const credit = state.credit > 0 ? creditLeft(state.credit, (await creditSpentOf(db, order.id)).paid) : 0;
        if (credit > 0) rows.push({ text: tx('order.credit'), value: formatMoney(credit) });
        if (credit > 0 && rare && order.status === OrderStatus.SETTLED)
          creditUse = await creditUseView(db, rare.order, tx);
        const due = order.status === OrderStatus.DUE || order.status === OrderStatus.OVERDUE;
        isDelay = due && figures.extendable() ? 1 : 0;
      }
      if (order.status === OrderStatus.REJECTED && order.decisionReason)
        rows.push({ text: tx('order.reason'), value: order.decisionReason });
      // The payout account is parsed only where it is shown: the approved page.
      const account = rare && order.status === OrderStatus.APPROVED ? accountOf(rare.account) : null;
      const withdraw = account && rare ? withdrawReminder(account, rare.order, tx) : {};
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
        recProducts: recommendedProductsOf(catalogue, order.productId, locale).slice(),
        productName: product?.name ?? '',
        productLogo: product?.logo ?? '',
        userOrderDetail: { detail: rows },
        isDelay,
        telephone: config.LENDER_PHONE,
        isScore: order.status === OrderStatus.SETTLED && rare && !rare.rated ? '1' : '0',
        playeduL: config.ORDER_REDIRECT_URL,
        reyMsg: isDelay ? tx('order.shortOfMoney') : '',
        ...(repaying ? { KindTipsMsg: tx('order.kindTips') } : {}),
        ...creditUse,
        cardNeedPop: order.status === OrderStatus.APPROVED && !account ? 1 : 0,
        cardPopTitle: tx('order.cardPopTitle'),
        cardPopMsg: tx('order.cardPopMsg'),
      };
    },
  };
}
