import { and, eq, inArray, sql } from 'drizzle-orm';
import { Code } from '../../../shared/codes';
import { OrderStatus } from '../../../shared/order-status';
import type { Db } from '../../db/client';
import { loanOrders, payouts } from '../../db/schema';
import type { IsoDate } from '../../domain/loan';
import { AppError } from '../../http/app-error';
import { recordAcceptance, termsReviewOf } from './accepted-terms';
import { changeStatus, lockOrder, type Order, type Tx } from './order-store';

/** Terms can change, and be accepted again, only before the money goes out. */
const BEFORE_DISBURSAL: readonly number[] = [OrderStatus.REVIEW, OrderStatus.APPROVED];

async function lockOwnOrder(tx: Tx, borrowerId: number, orderId: number): Promise<Order> {
  const order = await lockOrder(tx, orderId).catch(() => undefined);
  // Another borrower's order answers as if it did not exist.
  if (!order || order.borrowerId !== borrowerId) throw new AppError(Code.NOT_FOUND, 'The order was not found');
  if (!BEFORE_DISBURSAL.includes(order.status)) {
    throw new AppError(
      Code.CONFLICT,
      `The terms of ${order.orderNo} are settled: it is no longer waiting for disbursal`,
    );
  }
  // Once finance approved the payout, the money may be moving on the terms approved.
  const [sending] = await tx
    .select({ id: payouts.id })
    .from(payouts)
    .where(
      and(
        eq(payouts.orderId, order.id),
        eq(payouts.kind, 'disbursal'),
        inArray(payouts.status, ['approved', 'accepted']),
      ),
    );
  if (sending)
    throw new AppError(
      Code.CONFLICT,
      `The money for ${order.orderNo} is already on its way: its terms can no longer change`,
    );
  return order;
}

/**
 * The borrower accepts the fresh disclosure of an order whose product changed after they applied.
 * `quoteId` must name the terms the product prices at now: accepting a disclosure that has itself
 * gone stale is refused, so the borrower always accepts what they last read.
 */
export async function acceptNewTerms(
  db: Db,
  borrowerId: number,
  orderId: number,
  quoteId: string,
  today: IsoDate,
): Promise<Order> {
  return db.transaction(async (tx) => {
    const order = await lockOwnOrder(tx, borrowerId, orderId);
    const review = await termsReviewOf(tx, order, today);
    if (review.priced.digest !== quoteId) {
      throw new AppError(
        Code.TERMS_CHANGED,
        'The terms changed again while you were reading them. Please read the new terms.',
      );
    }
    if (!review.changed) return order; // already accepted: a second tap changes nothing
    await recordAcceptance(tx, order, 'origination', review.priced);
    const quote = review.priced.quote as unknown as Record<string, unknown>;
    // A term the product stopped offering was priced at its own term: that is what was accepted now.
    const { termDays } = review.priced.quote.terms;
    await tx.update(loanOrders).set({ quote, termDays }).where(eq(loanOrders.id, order.id));
    return { ...order, quote, termDays };
  });
}

/** The borrower declines the changed terms: the order ends without a loan (→ 151), with that reason. */
export async function declineNewTerms(db: Db, borrowerId: number, orderId: number, today: IsoDate): Promise<Order> {
  return db.transaction(async (tx) => {
    const order = await lockOwnOrder(tx, borrowerId, orderId);
    const review = await termsReviewOf(tx, order, today);
    if (!review.changed)
      throw new AppError(Code.CONFLICT, 'The terms of this order have not changed; there is nothing to decline');
    const reason = 'The borrower declined terms that changed after the application';
    await changeStatus(tx, order, OrderStatus.REJECTED, { actor: 'borrower', reason, businessDate: today });
    // A payout requested but not yet approved is for a loan that will not be made.
    await tx
      .update(payouts)
      .set({ status: 'rejected', rejectedBy: 'borrower', failureReason: reason, updatedAt: sql`now()` })
      .where(and(eq(payouts.orderId, order.id), eq(payouts.kind, 'disbursal'), eq(payouts.status, 'requested')));
    await tx.update(loanOrders).set({ decisionReason: reason }).where(eq(loanOrders.id, order.id));
    return { ...order, status: OrderStatus.REJECTED };
  });
}
