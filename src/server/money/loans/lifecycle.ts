import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { Code } from '../../../shared/codes';
import { formatMoney } from '../../../shared/format/money';
import { OPEN_STATUSES, OrderStatus } from '../../../shared/order-status';
import type { Db } from '../../db/client';
import { borrowers, loanOrders, orderEvents } from '../../db/schema';
import {
  accruePenaltiesTo,
  atTerm,
  type BorrowerKind,
  type IsoDate,
  type LoanProduct,
  openLoan,
  termErrors,
} from '../../domain/loan';
import { AppError } from '../../http/app-error';
import { contractOf, priceQuote, recordAcceptance, termsChanged } from './accepted-terms';
import { borrowerLimit } from './borrower-limit';
import { assertBusinessDate } from './business-date';
import { changeJournal, disbursalJournal } from '../ledger/journal';
import { recogniseOrder } from '../close/income-recognition';
import { changeStatus, loanStateOf, lockOrder, type Order, type Tx, writeJournal } from './order-store';
import { dueDateOf, statusFor } from './order-status';
import { loadProduct, productForOrder, termRefusal } from './product-store';
import { storedLoanState } from './stored-state';
import { storedAcceptedQuote } from './stored-quote';

export { loadProduct } from './product-store';

/** The borrower's words for an amount the product cannot lend (the engine's own check runs after). */
function amountProblem(product: LoanProduct, amount: number): string | null {
  if (!Number.isSafeInteger(amount) || amount < product.minAmount || amount > product.maxAmount) {
    return `Choose an amount between ${formatMoney(product.minAmount)} and ${formatMoney(product.maxAmount)}`;
  }
  if ((amount - product.minAmount) % product.amountStep !== 0) {
    return `Choose an amount in steps of ${formatMoney(product.amountStep)}`;
  }
  return null;
}

async function borrowerKindOf(db: Db, borrowerId: number): Promise<BorrowerKind> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(loanOrders)
    .where(and(eq(loanOrders.borrowerId, borrowerId), eq(loanOrders.status, OrderStatus.SETTLED)));
  return (row?.n ?? 0) > 0 ? 'repeat' : 'new';
}

/** A second push of the same quote this soon after the first is the same tap, not a new application. */
const SAME_TAP_MS = 10 * 60 * 1000;

/** An amount above the borrower's own limit for the product. */
export function limitRefusal(productName: string, limit: number): AppError {
  return new AppError(
    Code.BAD_REQUEST,
    `Your limit for ${productName} is ${formatMoney(limit)}. It grows with each loan you repay on time.`,
    { field: 'amount' },
  );
}

function openLoanRefusal(open: Order): AppError {
  const what =
    open.status === OrderStatus.REVIEW || open.status === OrderStatus.APPROVED
      ? 'an application in progress'
      : 'an open loan';
  return new AppError(
    Code.OPEN_LOAN_LIMIT,
    `You already have ${what} (${open.orderNo}). You can apply again once it is settled.`,
  );
}

/** Refuses (throws) when the borrower's application is not ready to submit. */
export type ApplicationCheck = (tx: Tx, borrowerId: number) => Promise<void>;

export interface ApplicationInput {
  borrowerId: number;
  productId: number;
  amount: number;
  /** One of the terms the product offers, in days; absent: the product's own term. */
  termDays?: number;
  /** The terms digest of the disclosure the borrower was shown; absent from clients that do not send it. */
  quoteId?: string;
}

/**
 * Submit → 21. The borrower accepts the quote priced today; it is recorded as an accepted
 * disclosure and is the contract the loan is disbursed on. Under a lock on the borrower, a repeat
 * of the same push (a double tap) answers the order it already made, and an application beyond
 * the product's open-loan allowance is refused with the order that stands in the way.
 * `exposure: 'demo-history'` lets the demo seed lay down a borrower's past loans side by side, as
 * they were made, without the checks of a new application (limits, the application's forms).
 * `applicationCheck` is the application feature's own rule that every part of the form is there:
 * the money core does not know the forms, so the borrower's call passes it in, and it runs here
 * under the borrower lock, before the exposure check.
 */
export async function submitApplication(
  db: Db,
  input: ApplicationInput,
  today: IsoDate,
  options: { exposure?: 'enforce' | 'demo-history'; applicationCheck?: ApplicationCheck } = {},
): Promise<Order> {
  const loaded = await loadProduct(db, input.productId);
  const { openLoansAllowed } = loaded;
  if (input.termDays !== undefined && termErrors(loaded.product, input.termDays).length > 0)
    throw termRefusal(loaded.product);
  const product = atTerm(loaded.product, input.termDays);
  const problem = amountProblem(product, input.amount);
  if (problem) throw new AppError(Code.BAD_REQUEST, problem, { field: 'amount' });
  const priced = priceQuote(product, input.amount, today);
  const { quote } = priced;
  if (input.quoteId !== undefined && input.quoteId !== priced.digest) {
    throw new AppError(
      Code.TERMS_CHANGED,
      'The terms of this loan have just changed. Please read the new terms before you apply.',
    );
  }
  const borrowerKind = await borrowerKindOf(db, input.borrowerId);
  return db.transaction(async (tx) => {
    // One application at a time per borrower: concurrent pushes queue here.
    await tx.select({ id: borrowers.id }).from(borrowers).where(eq(borrowers.id, input.borrowerId)).for('update');
    if (options.exposure !== 'demo-history') {
      // Identity, work, reference, ID pictures, consent and the payout account come first.
      await options.applicationCheck?.(tx, input.borrowerId);
      const open = await tx
        .select()
        .from(loanOrders)
        .where(and(eq(loanOrders.borrowerId, input.borrowerId), inArray(loanOrders.status, OPEN_STATUSES)))
        .orderBy(desc(loanOrders.id));
      const repeat = await sameTap(tx, open, input, priced.digest);
      if (repeat) return repeat;
      const first = open[0];
      if (first && open.length >= openLoansAllowed) throw openLoanRefusal(first);
      const limit = await borrowerLimit(tx, input.borrowerId, product, loaded);
      if (input.amount > limit) throw limitRefusal(loaded.name, limit);
    }
    // The order number is made from the id, so take the id first.
    const result = await tx.execute(sql`select nextval(pg_get_serial_sequence('loan_orders', 'id'))::int as id`);
    const id = Number((result as unknown as { rows: { id: number }[] }).rows[0]?.id);
    const [order] = await tx
      .insert(loanOrders)
      .values({
        id,
        orderNo: `HRM${String(id).padStart(8, '0')}`,
        borrowerId: input.borrowerId,
        productId: input.productId,
        status: OrderStatus.REVIEW,
        amount: input.amount,
        termDays: product.termDays,
        periods: product.periods,
        quote: storedAcceptedQuote(quote),
        borrowerKind,
      })
      .returning();
    if (!order) throw new Error('order not created');
    await tx
      .insert(orderEvents)
      .values({ orderId: id, toStatus: order.status, actor: 'borrower', businessDate: today });
    await recordAcceptance(tx, order, 'origination', priced);
    return order;
  });
}

/** The open application this push repeats: same product, amount and terms, made moments ago. */
async function sameTap(tx: Tx, open: Order[], input: ApplicationInput, digest: string): Promise<Order | undefined> {
  const since = Date.now() - SAME_TAP_MS;
  for (const order of open) {
    if (order.status !== OrderStatus.REVIEW || order.productId !== input.productId || order.amount !== input.amount)
      continue;
    if (order.createdAt.getTime() < since) continue;
    if ((await contractOf(tx, order.id))?.termsDigest === digest) return order;
  }
  return undefined;
}

/** Credit: 21 → 110 (approve) or 21 → 151 (reject, with a reason). */
export async function decide(
  db: Db,
  orderId: number,
  decision: { approve: boolean; reason?: string; actor: string },
  today: IsoDate,
): Promise<Order> {
  return db.transaction(async (tx) => {
    const order = await lockOrder(tx, orderId);
    const to = decision.approve ? OrderStatus.APPROVED : OrderStatus.REJECTED;
    await changeStatus(tx, order, to, { actor: decision.actor, reason: decision.reason, businessDate: today });
    await tx
      .update(loanOrders)
      .set({ decisionReason: decision.reason ?? null })
      .where(eq(loanOrders.id, orderId));
    return { ...order, status: to };
  });
}

/** The business date the order was approved on: a loan cannot be disbursed before it. */
async function approvedOn(tx: Tx, orderId: number): Promise<IsoDate | undefined> {
  const [event] = await tx
    .select({ day: orderEvents.businessDate })
    .from(orderEvents)
    .where(and(eq(orderEvents.orderId, orderId), eq(orderEvents.toStatus, OrderStatus.APPROVED)))
    .orderBy(desc(orderEvents.id))
    .limit(1);
  return event?.day ?? undefined;
}

/**
 * 110 → 170 with the schedule fixed from the disbursal date, once the money is out (the payout
 * provider's confirmation, features/payouts; the demo seed and tests call it directly). The
 * disbursal date is today or a past day not before the approval; a back-dated loan is brought up
 * to `today`, so its status and penalties are today's, not the disbursal day's. `product` is the
 * product as it priced when the payout was approved (default: as it prices now); either way the
 * terms must be the ones the borrower accepted.
 */
export async function disburse(
  db: Db | Tx,
  orderId: number,
  actor: string,
  disbursalDate: IsoDate,
  today: IsoDate = disbursalDate,
  options: { product?: LoanProduct } = {},
): Promise<Order> {
  return db.transaction(async (tx) => {
    const order = await lockOrder(tx, orderId);
    if (order.status !== OrderStatus.APPROVED) {
      throw new AppError(Code.CONFLICT, `Only an approved order can be disbursed (this one is ${order.status})`);
    }
    const approved = await approvedOn(tx, order.id);
    assertBusinessDate(disbursalDate, today, {
      field: 'disbursalDate',
      notBefore: approved ? { date: approved, what: 'the approval' } : undefined,
    });
    // Inside the transaction use its handle: PGlite has one connection, and the outer one would wait forever.
    const product = productForOrder(
      options.product ?? (await loadProduct(tx, order.productId)).product,
      order.termDays,
    );
    // The accepted quote is the contract: disburse its terms with the dates counted from the
    // disbursal date, and nothing else. Terms that price differently now need a new acceptance.
    const { quote, digest } = priceQuote(product, order.amount, disbursalDate);
    const accepted = await contractOf(tx, order.id);
    if (accepted?.termsDigest !== digest) throw termsChanged(order.orderNo);
    const opened = openLoan(quote, order.borrowerKind === 'repeat' ? 'repeat' : 'new');
    await writeJournal(tx, order.id, disbursalJournal(opened, quote.netProceeds, disbursalDate), {
      cause: `disbursal:${order.orderNo}`,
    });
    const state = accruePenaltiesTo(opened, today);
    await writeJournal(tx, order.id, changeJournal(opened, state, today, 'disbursed back-dated: brought up to today'), {
      cause: `disbursal:${order.orderNo}`,
    });
    const status = statusFor(state, today);
    await tx
      .update(loanOrders)
      .set({
        loanState: storedLoanState(state),
        quote: storedAcceptedQuote(quote),
        disbursedOn: disbursalDate,
        dueDate: dueDateOf(state),
        updatedAt: sql`now()`,
      })
      .where(eq(loanOrders.id, order.id));
    await changeStatus(tx, order, OrderStatus.REPAYING, { actor, businessDate: disbursalDate });
    if (status !== OrderStatus.REPAYING) {
      await changeStatus(tx, { ...order, status: OrderStatus.REPAYING }, status, {
        actor: 'system',
        businessDate: today,
      });
    }
    return { ...order, status };
  });
}

/**
 * Brings one loan to `today`: penalties accrued and the status set as close of business would
 * leave them. Used when a single loan must be current now (demo data, a borrower's read after a
 * missed close of business); safe to repeat.
 */
export async function bringUpToDate(db: Db, orderId: number, today: IsoDate): Promise<Order> {
  return db.transaction(async (tx) => {
    const order = await lockOrder(tx, orderId);
    if (!order.loanState) return order;
    const before = loanStateOf(order);
    const after = accruePenaltiesTo(before, today);
    await writeJournal(tx, order.id, changeJournal(before, after, today, 'penalties brought up to date'), {
      cause: `catch-up:${today}`,
    });
    await recogniseOrder(tx, order, after, today);
    const status = statusFor(after, today);
    await tx
      .update(loanOrders)
      .set({ loanState: storedLoanState(after), dueDate: dueDateOf(after), updatedAt: sql`now()` })
      .where(eq(loanOrders.id, order.id));
    await changeStatus(tx, order, status, { actor: 'system', businessDate: today });
    return { ...order, status, loanState: storedLoanState(after) };
  });
}
