import { and, eq, sql } from 'drizzle-orm';
import { Code } from '../../../shared/codes';
import type { Db } from '../../db/client';
import { creditTransfers, payments } from '../../db/schema';
import type { IsoDate } from '../../domain/loan';
import { AppError } from '../../http/app-error';
import { CREDIT_PROVIDER, rebookRefunds } from '../ledger/refund-journal';
import { lockOrder, type Order, type Tx } from '../loans/order-store';
import { rebuildOrder } from './rebuild-order';

export interface ReversalResult {
  paymentId: number;
  orderId: number;
  orderStatus: number;
  /** True when the payment was already reversed: nothing changed. */
  duplicate: boolean;
}

type Payment = typeof payments.$inferSelect;

export function reversalReason(reason: string): string {
  const trimmed = reason.trim();
  if (trimmed.length < 3) throw new AppError(Code.BAD_REQUEST, 'Give the reason for the reversal', { field: 'reason' });
  return trimmed;
}

export async function paymentById(db: Db | Tx, paymentId: number): Promise<Payment> {
  const found = await db.query.payments.findFirst({ where: eq(payments.id, paymentId) });
  if (!found) throw new AppError(Code.NOT_FOUND, 'The payment was not found', { field: 'paymentId' });
  return found;
}

/** The loans a reversal changes, locked lowest id first (as a credit transfer locks them): the paid loan, and the loan whose credit paid it. */
async function lockLoans(tx: Tx, payment: Payment): Promise<{ order: Order; source: Order | null }> {
  if (payment.provider !== CREDIT_PROVIDER) return { order: await lockOrder(tx, payment.orderId), source: null };
  const [transfer] = await tx.select().from(creditTransfers).where(eq(creditTransfers.reference, payment.reference));
  if (!transfer) throw new Error(`credit payment ${payment.reference} has no transfer`);
  const [low, high] = [transfer.fromOrderId, payment.orderId].sort((a, b) => a - b) as [number, number];
  const first = await lockOrder(tx, low);
  const second = await lockOrder(tx, high);
  const order = first.id === payment.orderId ? first : second;
  return { order, source: first.id === payment.orderId ? second : first };
}

/**
 * Takes a posted payment back (a provider's chargeback or refund after "paid", or a finance
 * reversal two people agreed on): the payment stays on record as reversed, the loan is rebuilt
 * without it, and the ledger books the cash going back out. A payment made with credit from
 * another loan is reversed whole: the transfer reads reversed and the credit returns to the loan
 * it came from, so the clearing account still nets to zero. Reversing twice changes nothing.
 */
export async function reversePayment(
  db: Db | Tx,
  input: { paymentId: number; reason: string; actor: string },
  today: IsoDate,
): Promise<ReversalResult> {
  const reason = reversalReason(input.reason);
  const found = await paymentById(db, input.paymentId);
  return db.transaction(async (tx) => {
    const { order, source } = await lockLoans(tx, found);
    const [payment] = await tx.select().from(payments).where(eq(payments.id, input.paymentId)).for('update');
    if (!payment) throw new AppError(Code.NOT_FOUND, 'The payment was not found', { field: 'paymentId' });
    if (payment.status === 'reversed') {
      return { paymentId: payment.id, orderId: order.id, orderStatus: order.status, duplicate: true };
    }
    await tx
      .update(payments)
      .set({ status: 'reversed', reversedAt: sql`now()`, reversedBy: input.actor, reversalReason: reason })
      .where(eq(payments.id, payment.id));
    if (source) {
      await tx
        .update(creditTransfers)
        .set({ status: 'reversed', reversedBy: input.actor, reversedAt: sql`now()`, reversalReason: reason })
        .where(and(eq(creditTransfers.reference, payment.reference), eq(creditTransfers.status, 'posted')));
    }
    const memo = `reversal of ${payment.kind} ${payment.provider}:${payment.reference} paid ${payment.valueDate}: ${reason}`;
    const cause = `reversal:${payment.id}`;
    const rebuilt = await rebuildOrder(tx, order, today, { actor: input.actor, memo, cause, paymentId: payment.id });
    await rebookRefunds(tx, order.id, today, cause);
    // The credit goes back to the loan it came from (its transfer no longer counts as given).
    if (source) await rebookRefunds(tx, source.id, today, cause);
    return { paymentId: payment.id, orderId: order.id, orderStatus: rebuilt.status, duplicate: false };
  });
}
