import { and, eq } from 'drizzle-orm';
import { Code } from '../../../shared/codes';
import { OrderStatus } from '../../../shared/order-status';
import { type Db, isUniqueViolation } from '../../db/client';
import { loanOrders, payments } from '../../db/schema';
import { type HonouredQuote, type IsoDate, zeroBuckets } from '../../domain/loan';
import { AppError } from '../../http/app-error';
import { assertBusinessDate } from '../loans/business-date';
import { lockOrder, type Tx } from '../loans/order-store';
import { type PaymentRow, rebuildOrder } from './rebuild-order';
import { rebookRefunds } from '../ledger/refund-journal';
import { countPaymentPosted } from '../../ops/metrics';

export interface PaymentInput {
  orderId: number;
  /** Who collected the money: 'sandbox', 'manual', 'legacy', … */
  provider: string;
  /** The provider's reference: one reference is posted at most once. */
  reference: string;
  amount: number;
  kind: 'repayment' | 'extension';
  postedBy: string;
  /** The day the money was paid (the provider's paid-at in Manila); default the business date. */
  valueDate?: IsoDate;
  /** The amount quoted when the borrower asked to pay (a delay amount, a payoff), honoured in its window. */
  honoured?: HonouredQuote;
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

/** A reversal reopens a settled loan, so settled loans still take (and rebuild on) postings. */
const PAYABLE: readonly number[] = [OrderStatus.REPAYING, OrderStatus.DUE, OrderStatus.OVERDUE, OrderStatus.SETTLED];

/**
 * The first posting of this reference, or null. The same reference again with another amount
 * or for another order is not a duplicate but a conflict: money would otherwise vanish silently.
 */
async function existing(db: Db | Tx, input: PaymentInput): Promise<PostingResult | null> {
  const [row] = await db
    .select({ payment: payments, status: loanOrders.status })
    .from(payments)
    .innerJoin(loanOrders, eq(loanOrders.id, payments.orderId))
    .where(and(eq(payments.provider, input.provider), eq(payments.reference, input.reference)));
  if (!row) return null;
  const { payment } = row;
  if (payment.orderId !== input.orderId || payment.amount !== input.amount) {
    throw new AppError(
      Code.CONFLICT,
      `Reference ${input.reference} was already posted with another amount or order; use a new reference`,
      { field: 'reference' },
    );
  }
  return {
    paymentId: payment.id,
    duplicate: true,
    orderId: payment.orderId,
    orderStatus: row.status,
    allocation: payment.allocation,
    extended: payment.kind === 'extension' && payment.allocation.extended === 1,
  };
}

/**
 * Posts a payment exactly once: idempotent by (provider, reference); the order row lock queues
 * concurrent postings of one loan, and the unique index catches any that slip past. The loan is
 * then rebuilt in value-date order, so a confirmation that arrives late (paid before midnight,
 * confirmed after) ends exactly as if it had been posted on its day.
 */
export async function postPayment(db: Db | Tx, input: PaymentInput, today: IsoDate): Promise<PostingResult> {
  if (!Number.isSafeInteger(input.amount) || input.amount <= 0) {
    throw new AppError(Code.BAD_REQUEST, 'The amount must be a positive number of centavos', { field: 'amount' });
  }
  const seen = await existing(db, input);
  if (seen) return seen;
  try {
    return await db.transaction(async (tx) => {
      const order = await lockOrder(tx, input.orderId);
      const again = await existing(tx, input);
      if (again) return again;
      if (!PAYABLE.includes(order.status) || !order.disbursedOn) {
        throw new AppError(Code.CONFLICT, 'This order has no loan to pay yet');
      }
      const valueDate = assertBusinessDate(input.valueDate ?? today, today, {
        field: 'valueDate',
        notBefore: { date: order.disbursedOn, what: 'the disbursal date' },
      });
      const [payment] = await tx
        .insert(payments)
        .values({
          orderId: order.id,
          provider: input.provider,
          reference: input.reference,
          kind: input.kind,
          amount: input.amount,
          businessDate: today,
          valueDate,
          allocation: { ...zeroBuckets(), credit: 0, extended: 0 },
          postedBy: input.postedBy,
          honoured: input.honoured ?? null,
        })
        .returning();
      if (!payment) throw new Error('payment not stored');
      const memo = `${input.kind} ${input.provider}:${input.reference} paid ${valueDate}`;
      const cause = `payment:${payment.id}`;
      const rebuilt = await rebuildOrder(tx, order, today, {
        actor: input.postedBy,
        memo,
        cause,
        paymentId: payment.id,
        valueDate,
      });
      await rebookRefunds(tx, order.id, today, cause);
      const mine: PaymentRow | undefined = rebuilt.payments.get(payment.id);
      const allocation = mine?.allocation ?? payment.allocation;
      countPaymentPosted(input.kind);
      return {
        paymentId: payment.id,
        duplicate: false,
        orderId: order.id,
        orderStatus: rebuilt.status,
        allocation,
        extended: allocation.extended === 1,
      };
    });
  } catch (err) {
    if (isUniqueViolation(err)) {
      const first = await existing(db, input);
      if (first) return first;
    }
    throw err;
  }
}
