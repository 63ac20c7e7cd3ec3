import { and, eq, sql } from 'drizzle-orm';
import { Code } from '../../../shared/codes';
import { OrderStatus } from '../../../shared/order-status';
import type { Db } from '../../db/client';
import { loanOrders, payments } from '../../db/schema';
import {
  type Allocation,
  type IsoDate,
  isAfterMaturity,
  type LoanState,
  postExtension,
  postPayment as enginePostPayment,
  postPrepayment,
  quotePrepayment,
  zeroBuckets,
} from '../../domain/loan';
import { AppError } from '../../http/app-error';
import { changeJournal } from './journal';
import { changeStatus, lockOrder, loanStateOf, type Tx, writeJournal } from './order-store';
import { dueDateOf, statusFor } from './order-status';

export interface PaymentInput {
  orderId: number;
  /** Who collected the money: 'sandbox', 'gcash', 'manual', 'legacy', … */
  provider: string;
  /** The provider's reference: one reference is posted at most once. */
  reference: string;
  amount: number;
  kind: 'repayment' | 'extension';
  postedBy: string;
}

export interface PostingResult {
  paymentId: number;
  /** True when this reference was already posted: nothing changed, the first result is returned. */
  duplicate: boolean;
  orderId: number;
  orderStatus: number;
  allocation: Record<string, number>;
  /** Whether an extension payment moved the due date (false when it fell short and was posted as a repayment). */
  extended: boolean;
}

const PAYABLE: readonly number[] = [OrderStatus.REPAYING, OrderStatus.DUE, OrderStatus.OVERDUE, OrderStatus.SETTLED];

async function existing(db: Db | Tx, provider: string, reference: string): Promise<PostingResult | null> {
  const [row] = await db
    .select({ payment: payments, status: loanOrders.status })
    .from(payments)
    .innerJoin(loanOrders, eq(loanOrders.id, payments.orderId))
    .where(and(eq(payments.provider, provider), eq(payments.reference, reference)));
  if (!row) return null;
  const { allocation } = row.payment;
  return {
    paymentId: row.payment.id,
    duplicate: true,
    orderId: row.payment.orderId,
    orderStatus: row.status,
    allocation,
    extended: row.payment.kind === 'extension' && allocation.extended === 1,
  };
}

/** Runs the engine for one payment; money already taken is never refused, only posted differently. */
function applyToLoan(state: LoanState, input: PaymentInput, today: IsoDate): { state: LoanState; allocation: Allocation; extended: boolean } {
  if (input.kind === 'extension') {
    const ext = postExtension(state, input.amount, today);
    if (ext.ok) return { state: ext.state, allocation: ext.allocation, extended: true };
  } else if (!isAfterMaturity(state, today)) {
    const quote = quotePrepayment(state, today);
    if (quote.allowed && input.amount >= quote.payoff) {
      const pre = postPrepayment(state, input.amount, today);
      if (pre.ok) return { state: pre.state, allocation: pre.allocation, extended: false };
    }
  }
  const posted = enginePostPayment(state, input.amount, today);
  return { ...posted, extended: false };
}

function isUniqueViolation(err: unknown): boolean {
  for (let e: unknown = err; e; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === '23505') return true;
  }
  return false;
}

/**
 * Posts a payment exactly once (issue 3 §3): idempotent by (provider, reference); the order row
 * lock queues concurrent postings of one loan, and the unique index catches any that slip past.
 */
export async function postPayment(db: Db, input: PaymentInput, today: IsoDate): Promise<PostingResult> {
  if (!Number.isSafeInteger(input.amount) || input.amount <= 0) {
    throw new AppError(Code.BAD_REQUEST, 'The amount must be a positive number of centavos', { field: 'amount' });
  }
  const seen = await existing(db, input.provider, input.reference);
  if (seen) return seen;
  try {
    return await db.transaction(async (tx) => {
      const order = await lockOrder(tx, input.orderId);
      const again = await existing(tx, input.provider, input.reference);
      if (again) return again;
      if (!PAYABLE.includes(order.status)) {
        throw new AppError(Code.CONFLICT, 'This order has no loan to pay yet');
      }
      const before = loanStateOf(order);
      const { state, allocation, extended } = applyToLoan(before, input, today);
      const status = statusFor(state, today);
      const stored = { ...zeroBuckets(), ...allocation.applied, credit: allocation.credit, extended: extended ? 1 : 0 };
      const [payment] = await tx
        .insert(payments)
        .values({
          orderId: order.id,
          provider: input.provider,
          reference: input.reference,
          kind: input.kind,
          amount: input.amount,
          businessDate: today,
          allocation: stored,
          postedBy: input.postedBy,
        })
        .returning({ id: payments.id });
      if (!payment) throw new Error('payment not stored');
      const memo = `${input.kind} ${input.provider}:${input.reference}`;
      await writeJournal(tx, order.id, changeJournal(before, state, today, memo, { amount: input.amount, allocation }), payment.id);
      await tx
        .update(loanOrders)
        .set({
          loanState: state as unknown as Record<string, unknown>,
          dueDate: dueDateOf(state),
          extensions: extended ? sql`${loanOrders.extensions} + 1` : loanOrders.extensions,
          updatedAt: sql`now()`,
        })
        .where(eq(loanOrders.id, order.id));
      await changeStatus(tx, order, status, { actor: input.postedBy, reason: memo, businessDate: today });
      return { paymentId: payment.id, duplicate: false, orderId: order.id, orderStatus: status, allocation: stored, extended };
    });
  } catch (err) {
    if (isUniqueViolation(err)) {
      const first = await existing(db, input.provider, input.reference);
      if (first) return first;
    }
    throw err;
  }
}
