import { and, asc, desc, eq } from 'drizzle-orm';
import { Code } from '../../../shared/codes';
import type {
  OrderRecords,
  PaymentCertificate,
  PaymentReceipt,
  RecordPayment,
  ScheduleRow,
} from '../../../shared/contracts/records';
import { manilaToday } from '../../../shared/format/date';
import { OrderStatus } from '../../../shared/order-status';
import { channelByNumber } from '../../../shared/payment-channels';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { borrowers, loanOrders, orderEvents, payments, payouts, payRequests, products } from '../../db/schema';
import { type IsoDate, isSettled, type LoanState, rebuildLoan, type RebuildStep } from '../../domain/loan';
import { AppError, notFound } from '../../http/app-error';
import type { ReplyLocale } from '../../i18n/reply-locale';
import { replyTexts } from '../../i18n/reply-texts';
import { LEGACY_DEBIT_CHANNEL } from '../legacy-repayment/legacy-repayment-service';
import {
  acceptedDisclosures,
  openingOf,
  readAcceptedQuote,
  MANUAL_PROVIDER,
  type Order,
  valueDatedOf,
  creditLeft,
  refundsOf,
  stateOn,
  readLoanState,
  payoffOf,
} from '../../money';

type PaymentRecord = typeof payments.$inferSelect;

/** The borrower's own order; another borrower's reads exactly like a missing one. */
async function ownOrder(db: Db, borrowerId: number, orderId: number): Promise<Order> {
  const [order] = await db
    .select()
    .from(loanOrders)
    .where(and(eq(loanOrders.id, orderId), eq(loanOrders.borrowerId, borrowerId)));
  if (!order) throw notFound('The order');
  return order;
}

/** Every payment of an order, posted or reversed, in the order the loan counts them (value date, then recording). */
async function paymentsOf(db: Db, orderId: number): Promise<PaymentRecord[]> {
  return db
    .select()
    .from(payments)
    .where(eq(payments.orderId, orderId))
    .orderBy(asc(payments.valueDate), asc(payments.id));
}

/**
 * How each payment was made, in the reader's language: the channel of the pay request it
 * answered (GCash, 7-Eleven, …), an account debit (the legacy card screen), or money received
 * directly and entered by finance.
 */
async function channelsOf(
  db: Db,
  orderId: number,
  rows: readonly PaymentRecord[],
  locale: ReplyLocale,
): Promise<Map<number, string>> {
  const tx = replyTexts(locale);
  const requests = await db
    .select({
      provider: payRequests.provider,
      reference: payRequests.reference,
      channelNumber: payRequests.channelNumber,
    })
    .from(payRequests)
    .where(eq(payRequests.orderId, orderId));
  const byReference = new Map(requests.map((r) => [`${r.provider}:${r.reference}`, r.channelNumber]));
  const labels = new Map<number, string>();
  for (const row of rows) {
    const channelNumber = byReference.get(`${row.provider}:${row.reference}`);
    let label: string;
    if (row.provider === MANUAL_PROVIDER) label = tx('records.channel.manual');
    else if (channelNumber === LEGACY_DEBIT_CHANNEL) label = tx('records.channel.debit');
    else
      label =
        (channelNumber !== undefined ? channelByNumber(channelNumber)?.name : undefined) ??
        tx('records.channel.other', { provider: row.provider });
    labels.set(row.id, label);
  }
  return labels;
}

function paymentRow(row: PaymentRecord, channel: string): RecordPayment {
  return {
    paymentId: row.id,
    paidOn: row.valueDate,
    recordedAt: row.createdAt.toISOString(),
    channel,
    reference: row.reference,
    amount: row.amount,
    kind: row.kind === 'extension' ? 'extension' : 'repayment',
    status: row.status === 'reversed' ? 'reversed' : 'posted',
    reversedAt: row.reversedAt?.toISOString() ?? null,
  };
}

/**
 * The loan replayed by the engine from its accepted quote over the payments still posted, in
 * value-date order: the same rebuild every posting ends in (`rebuildOrder`), so each step's loan
 * is the one that payment left, and the last is the loan stored.
 */
function replay(order: Order, posted: readonly PaymentRecord[]): RebuildStep[] {
  if (!order.quote || !order.loanState) return [];
  const through = readLoanState(order.loanState, order).late.through;
  return rebuildLoan(
    openingOf(readAcceptedQuote(order.quote, order), order.borrowerKind),
    posted.map(valueDatedOf),
    through,
  ).steps;
}

/** Spreads a loan-wide amount paid over the rows in order, each up to its own figure. */
function coverInOrder(amounts: readonly number[], paid: number): number[] {
  let left = Math.max(0, paid);
  return amounts.map((amount) => {
    const part = Math.min(left, amount);
    left -= part;
    return part;
  });
}

/**
 * The schedule as the engine holds the loan on `today`: each installment with its principal and
 * interest (after any extension or early settlement), what of it is paid and what is left
 * (installments are covered in order, interest and principal each as the engine counts them), then
 * the charges the loan incurred. What is left adds up to everything the loan owes.
 */
export function scheduleOf(state: LoanState, today: IsoDate): ScheduleRow[] {
  const interestPaid = coverInOrder(
    state.installments.map((row) => row.interest),
    state.paid.interest,
  );
  const principalPaid = coverInOrder(
    state.installments.map((row) => row.principal),
    state.paid.principal,
  );
  const rows: ScheduleRow[] = state.installments.map((row, i) => {
    const paid = (interestPaid[i] ?? 0) + (principalPaid[i] ?? 0);
    const left = row.principal + row.interest - paid;
    return {
      kind: 'installment',
      period: row.period,
      dueDate: row.dueDate,
      principal: row.principal,
      interest: row.interest,
      fees: 0,
      paid,
      left,
      state: left === 0 ? 'paid' : row.dueDate < today ? 'late' : 'open',
    };
  });
  const charge = (kind: ScheduleRow['kind'], billed: number, owed: number) => {
    if (billed <= 0 && owed <= 0) return;
    rows.push({
      kind,
      period: null,
      dueDate: null,
      principal: 0,
      interest: 0,
      fees: billed,
      paid: billed - owed,
      left: owed,
      state: owed === 0 ? 'paid' : kind === 'penalties' ? 'late' : 'open',
    });
  };
  charge('extensionFees', state.charged.fees, state.owed.fees);
  charge('penalties', state.late.charged, state.owed.penalties);
  charge(
    'otherCharges',
    state.charged.legalCharges + state.charged.enforcementCosts,
    state.owed.legalCharges + state.owed.enforcementCosts,
  );
  return rows;
}

const sum = (rows: readonly ScheduleRow[], key: 'principal' | 'interest' | 'fees' | 'paid' | 'left') =>
  rows.reduce((total, row) => total + row[key], 0);

function lenderOf(config: Config) {
  return {
    name: config.LENDER_NAME,
    secRegistrationNo: config.LENDER_SEC_REG_NO,
    certificateOfAuthorityNo: config.LENDER_CA_NO,
    address: config.LENDER_ADDRESS,
  };
}

async function borrowerNameOf(db: Db, borrowerId: number): Promise<string> {
  const [row] = await db
    .select({ fullName: borrowers.fullName, phone: borrowers.phone })
    .from(borrowers)
    .where(eq(borrowers.id, borrowerId));
  return row?.fullName ?? row?.phone ?? '';
}

/** The credit a loan's engine state holds, less the refunds already paid out of it. */
async function creditOf(db: Db, order: Order, state: LoanState | null): Promise<number> {
  if (!state || state.credit === 0) return 0;
  return creditLeft(state.credit, (await refundsOf(db, order.id)).paid);
}

/** The day a settled loan was settled: the value date of the payment after which it owed nothing. */
async function settledOn(db: Db, order: Order, steps: readonly RebuildStep[]): Promise<IsoDate> {
  const settling = steps.find((step) => isSettled(step.after));
  if (settling) return settling.payment.valueDate;
  // Not settled by a payment (no such loan today): the day its status last became settled.
  const [event] = await db
    .select({ businessDate: orderEvents.businessDate, createdAt: orderEvents.createdAt })
    .from(orderEvents)
    .where(and(eq(orderEvents.orderId, order.id), eq(orderEvents.toStatus, OrderStatus.SETTLED)))
    .orderBy(desc(orderEvents.id))
    .limit(1);
  return event?.businessDate ?? manilaToday(event?.createdAt ?? order.updatedAt);
}

export function recordsService(db: Db, config: Config) {
  return {
    async order(borrowerId: number, orderId: number, today: IsoDate, locale: ReplyLocale): Promise<OrderRecords> {
      const order = await ownOrder(db, borrowerId, orderId);
      const [product] = await db.select({ name: products.name }).from(products).where(eq(products.id, order.productId));
      const rows = await paymentsOf(db, order.id);
      const channels = await channelsOf(db, order.id, rows, locale);
      const state = order.loanState ? stateOn({ loanState: readLoanState(order.loanState, order) }, today) : null;
      const schedule = state ? scheduleOf(state, today) : [];
      const disclosures = await acceptedDisclosures(db, order.id);
      return {
        orderId: order.id,
        orderNo: order.orderNo,
        productId: order.productId,
        productName: product?.name ?? '',
        status: order.status,
        amount: order.amount,
        disbursedOn: order.disbursedOn,
        schedule,
        totals: {
          principal: sum(schedule, 'principal'),
          interest: sum(schedule, 'interest'),
          fees: sum(schedule, 'fees'),
          paid: sum(schedule, 'paid'),
          left: sum(schedule, 'left'),
        },
        payments: rows.map((row) => paymentRow(row, channels.get(row.id) ?? row.provider)),
        totalPaid: rows.filter((row) => row.status === 'posted').reduce((total, row) => total + row.amount, 0),
        credit: await creditOf(db, order, state),
        disclosures: disclosures.map((d) => ({
          id: d.id,
          kind: d.kind === 'renewal' ? ('renewal' as const) : ('origination' as const),
          acceptedAt: d.acceptedAt.toISOString(),
        })),
        agreement: order.quote !== null && disclosures.length > 0,
        settled: order.status === OrderStatus.SETTLED,
      };
    },

    async receipt(
      borrowerId: number,
      input: { orderId: number; paymentId: number },
      locale: ReplyLocale,
    ): Promise<PaymentReceipt> {
      const order = await ownOrder(db, borrowerId, input.orderId);
      const rows = await paymentsOf(db, order.id);
      const payment = rows.find((row) => row.id === input.paymentId);
      if (!payment) throw notFound('The payment');
      const channels = await channelsOf(db, order.id, [payment], locale);
      const base = {
        orderId: order.id,
        orderNo: order.orderNo,
        productId: order.productId,
        borrowerName: await borrowerNameOf(db, borrowerId),
        payment: paymentRow(payment, channels.get(payment.id) ?? payment.provider),
        lender: lenderOf(config),
      };
      if (payment.status !== 'posted')
        return { ...base, allocation: null, extended: false, remaining: null, creditLeft: null };
      const step = replay(
        order,
        rows.filter((row) => row.status === 'posted'),
      ).find((s) => s.payment.id === payment.id);
      const a = payment.allocation;
      // Refunds paid out of the credit before this payment was recorded.
      const refunded = (
        await db
          .select({ amount: payouts.amount, completedAt: payouts.completedAt })
          .from(payouts)
          .where(and(eq(payouts.orderId, order.id), eq(payouts.kind, 'refund'), eq(payouts.status, 'succeeded')))
      )
        .filter((p) => p.completedAt !== null && p.completedAt <= payment.createdAt)
        .reduce((total, p) => total + p.amount, 0);
      return {
        ...base,
        allocation: {
          principal: a.principal ?? 0,
          interest: a.interest ?? 0,
          fees: a.fees ?? 0,
          penalties: a.penalties ?? 0,
          otherCharges: (a.legalCharges ?? 0) + (a.enforcementCosts ?? 0),
          credit: a.credit ?? 0,
        },
        extended: a.extended === 1,
        // What settled the loan on the payment's day (the early payoff while it is open), as the repay page says.
        remaining: step ? payoffOf(step.after, step.payment.valueDate) : null,
        creditLeft: step ? creditLeft(step.after.credit, refunded) : null,
      };
    },

    async certificate(borrowerId: number, orderId: number, today: IsoDate): Promise<PaymentCertificate> {
      const order = await ownOrder(db, borrowerId, orderId);
      if (order.status !== OrderStatus.SETTLED || !order.loanState) {
        throw new AppError(
          Code.NOT_SETTLED,
          'This loan is not paid in full yet. The certificate of full payment is issued once the loan is settled.',
        );
      }
      const posted = (await paymentsOf(db, order.id)).filter((row) => row.status === 'posted');
      return {
        orderId: order.id,
        orderNo: order.orderNo,
        productId: order.productId,
        certificateNo: `CFP-${order.orderNo}`,
        borrowerName: await borrowerNameOf(db, borrowerId),
        amount: order.amount,
        totalPaid: posted.reduce((total, row) => total + row.amount, 0),
        settledOn: await settledOn(db, order, replay(order, posted)),
        issuedOn: today,
        credit: await creditOf(db, order, readLoanState(order.loanState, order)),
        lender: lenderOf(config),
      };
    },
  };
}
