import { eq, sql } from 'drizzle-orm';
import { Code } from '../../../shared/codes';
import type { Db } from '../../db/client';
import { payments } from '../../db/schema';
import type { IsoDate } from '../../domain/loan';
import { AppError } from '../../http/app-error';
import { lockOrder, type Tx } from '../loans/order-store';
import { rebuildOrder } from './rebuild-order';
import { rebookRefunds } from '../ledger/refund-journal';

export interface ReversalResult {
  paymentId: number;
  orderId: number;
  orderStatus: number;
  /** True when the payment was already reversed: nothing changed. */
  duplicate: boolean;
}

/**
 * Takes a posted payment back (a provider's chargeback or refund after "paid", or a finance
 * reversal with a reason): the payment stays on record as reversed, the loan is rebuilt without
 * it, and the ledger books the cash going back out. Reversing twice changes nothing.
 */
export async function reversePayment(
  db: Db | Tx,
  input: { paymentId: number; reason: string; actor: string },
  today: IsoDate,
): Promise<ReversalResult> {
  const reason = input.reason.trim();
  if (reason.length < 3) throw new AppError(Code.BAD_REQUEST, 'Give the reason for the reversal', { field: 'reason' });
  const found = await db.query.payments.findFirst({ where: eq(payments.id, input.paymentId) });
  if (!found) throw new AppError(Code.NOT_FOUND, 'The payment was not found', { field: 'paymentId' });
  return db.transaction(async (tx) => {
    const order = await lockOrder(tx, found.orderId);
    const [payment] = await tx.select().from(payments).where(eq(payments.id, input.paymentId)).for('update');
    if (!payment) throw new AppError(Code.NOT_FOUND, 'The payment was not found', { field: 'paymentId' });
    if (payment.status === 'reversed') {
      return { paymentId: payment.id, orderId: order.id, orderStatus: order.status, duplicate: true };
    }
    await tx
      .update(payments)
      .set({ status: 'reversed', reversedAt: sql`now()`, reversedBy: input.actor, reversalReason: reason })
      .where(eq(payments.id, payment.id));
    const memo = `reversal of ${payment.kind} ${payment.provider}:${payment.reference} paid ${payment.valueDate}: ${reason}`;
    const rebuilt = await rebuildOrder(tx, order, today, { actor: input.actor, memo, paymentId: payment.id });
    await rebookRefunds(tx, order.id, today);
    return { paymentId: payment.id, orderId: order.id, orderStatus: rebuilt.status, duplicate: false };
  });
}
