import { and, eq } from 'drizzle-orm';
import { Channel, PH_BANKS } from '../../shared/contracts/bank-binding';
import { complaintTicketNo } from '../../shared/contracts/complaints';
import { formatHumanDate } from '../../shared/format/date';
import { formatMoney } from '../../shared/format/money';
import { maskAccount } from '../../shared/format/phone';
import { OrderStatus } from '../../shared/order-status';
import type { Db } from '../db/client';
import { borrowers, loanOrders, orderEvents, payments, type payoutAccounts } from '../db/schema';
import { addDays, amountDueNow, balancesOf, bucketTotal, type IsoDate, manilaDateOf } from '../domain/loan';
import {
  boundAccount,
  limitOf,
  loadProduct,
  loansRepaidOnTime,
  readAcceptedQuote,
  readLoanStateOrNull,
} from '../money';
import type { MessageEvent } from './message-events';
import { leftText, type MessageKind, type MessageLanguage, messageText, noReasonText } from './message-texts';

/** A message ready to send: who, about what, in which words. */
export interface Composed {
  borrowerId: number;
  orderId: number | null;
  phone: string;
  kind: MessageKind;
  key: string;
  language: MessageLanguage;
  body: string;
}

function accountLabel(account: typeof payoutAccounts.$inferSelect | null, language: MessageLanguage): string {
  if (!account) return language === 'fil' ? 'account na itinala mo' : 'account on file';
  const masked = maskAccount(account.accountNo);
  if (account.channelNumber === Channel.MAYA) return `Maya ${masked}`;
  if (account.channelNumber === Channel.GCASH) return `GCash ${masked}`;
  const bank = PH_BANKS.find((b) => b.code === account.fields.bankCode)?.name ?? account.fields.bankCode ?? '';
  return `${bank} ${masked}`.trim();
}

async function orderWithBorrower(db: Db, orderId: number) {
  const [row] = await db
    .select({ order: loanOrders, phone: borrowers.phone, language: borrowers.language })
    .from(loanOrders)
    .innerJoin(borrowers, eq(borrowers.id, loanOrders.borrowerId))
    .where(eq(loanOrders.id, orderId));
  return row ?? null;
}

const languageOf = (value: string | null): MessageLanguage => (value === 'fil' ? 'fil' : 'en');

/**
 * The message an event deserves, in the borrower's language, or null when it deserves none (a
 * settled loan that raised no limit, an event whose order is gone).
 */
export async function compose(db: Db, event: MessageEvent, app: string): Promise<Composed | null> {
  if (event.source === 'complaint') return composeReply(db, event, app);
  const found = await orderWithBorrower(db, event.orderId);
  if (!found) return null;
  const { order, phone } = found;
  const language = languageOf(found.language);
  const date = (d: string) => formatHumanDate(d, language);
  const quote = order.quote ? readAcceptedQuote(order.quote, order) : null;
  const state = readLoanStateOrNull(order.loanState, order);
  const base = { borrowerId: order.borrowerId, orderId: order.id, phone, key: event.key, language };
  const text = (kind: MessageKind, params: Record<string, string>) => ({
    ...base,
    kind,
    body: messageText(kind, language, { app, orderNo: order.orderNo, ...params }),
  });
  if (event.source === 'payment') {
    const [payment] = await db.select().from(payments).where(eq(payments.id, event.paymentId));
    if (!payment) return null;
    const owed = state ? bucketTotal(balancesOf(state)) : 0;
    if (event.kind === 'extension-confirmed' && state)
      return text('extension-confirmed', {
        amount: formatMoney(payment.amount),
        nextAmount: formatMoney(amountDueNow(state)),
        dueDate: date(order.dueDate ?? payment.valueDate),
      });
    return text('payment-received', {
      amount: formatMoney(payment.amount),
      paidOn: date(payment.valueDate),
      receiptNo: payment.reference,
      left: leftText(language, owed > 0 ? formatMoney(owed) : null),
    });
  }
  const [orderEvent] = await db.select().from(orderEvents).where(eq(orderEvents.id, event.eventId));
  const day = (orderEvent?.businessDate ?? manilaDateOf(orderEvent?.createdAt ?? new Date())) as IsoDate;
  switch (event.kind) {
    case 'application-received':
      return text('application-received', { amount: formatMoney(order.amount) });
    case 'approved': {
      if (!quote) return null;
      const account = await boundAccount(db, order.borrowerId);
      return text('approved', {
        amount: formatMoney(order.amount),
        net: formatMoney(quote.netProceeds),
        fee: formatMoney(quote.totals.fees),
        account: accountLabel(account, language),
        firstPayment: formatMoney(quote.repayPlans[0]?.amount ?? 0),
        dueDate: date(addDays(day, quote.firstPeriodDay)),
      });
    }
    case 'declined':
      return text('declined', {
        reason: orderEvent?.reason ?? order.decisionReason ?? noReasonText(language),
        // Nothing holds a declined borrower back: they may apply again from the day of the decision.
        reapplyOn: date(day),
      });
    case 'money-sent': {
      if (!quote) return null;
      const account = await boundAccount(db, order.borrowerId);
      return text('money-sent', {
        net: formatMoney(quote.netProceeds),
        account: accountLabel(account, language),
        sentOn: date(order.disbursedOn ?? day),
        firstPayment: formatMoney(quote.repayPlans[0]?.amount ?? 0),
        dueDate: date(quote.firstPayTime),
      });
    }
    case 'settled':
      return limitRaised(db, order, event.key, phone, language, app);
    default:
      return null;
  }
}

/**
 * A loan repaid on time raises the borrower's limit on its product when the product grows it:
 * the limit with this loan counted against the limit without it.
 */
async function limitRaised(
  db: Db,
  order: typeof loanOrders.$inferSelect,
  key: string,
  phone: string,
  language: MessageLanguage,
  app: string,
): Promise<Composed | null> {
  const [late] = await db
    .select({ id: orderEvents.id })
    .from(orderEvents)
    .where(and(eq(orderEvents.orderId, order.id), eq(orderEvents.toStatus, OrderStatus.OVERDUE)))
    .limit(1);
  if (late) return null;
  const loaded = await loadProduct(db, order.productId);
  if (loaded.firstLoanMax === null) return null;
  const repaid = await loansRepaidOnTime(db, order.borrowerId);
  const now = limitOf(loaded.product, loaded, repaid);
  const before = limitOf(loaded.product, loaded, Math.max(0, repaid - 1));
  if (now <= before) return null;
  return {
    borrowerId: order.borrowerId,
    orderId: order.id,
    phone,
    kind: 'limit-raised',
    key,
    language,
    body: messageText('limit-raised', language, { app, limit: formatMoney(now), product: loaded.name }),
  };
}

async function composeReply(
  db: Db,
  event: Extract<MessageEvent, { source: 'complaint' }>,
  app: string,
): Promise<Composed | null> {
  const [who] = await db
    .select({ phone: borrowers.phone, language: borrowers.language })
    .from(borrowers)
    .where(eq(borrowers.id, event.borrowerId));
  if (!who) return null;
  const language = languageOf(who.language);
  return {
    borrowerId: event.borrowerId,
    orderId: null,
    phone: who.phone,
    kind: 'complaint-answered',
    key: event.key,
    language,
    body: messageText('complaint-answered', language, { app, ticket: complaintTicketNo(event.complaintId) }),
  };
}
