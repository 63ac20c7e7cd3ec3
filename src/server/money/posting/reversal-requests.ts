import { and, desc, eq, sql } from 'drizzle-orm';
import { Code } from '../../../shared/codes';
import type { Db } from '../../db/client';
import { loanOrders, paymentReversals, payments } from '../../db/schema';
import type { IsoDate } from '../../domain/loan';
import { AppError } from '../../http/app-error';
import { assertChecker, assertMaker } from '../rules/four-eyes';
import { paymentById, type ReversalResult, reversalReason, reversePayment } from './payment-reversal';

export type ReversalRequest = typeof paymentReversals.$inferSelect;

/**
 * Finance, first hand: asks for a posted payment to be taken back, with the reason. Nothing
 * changes until a second finance user approves; the same request again (a double click) is that
 * request.
 */
export async function requestReversal(
  db: Db,
  input: { paymentId: number; reason: string; actor: string },
): Promise<{ request: ReversalRequest; duplicate: boolean }> {
  assertMaker(input.actor, 'a reversal');
  const reason = reversalReason(input.reason);
  const payment = await paymentById(db, input.paymentId);
  if (payment.status === 'reversed')
    throw new AppError(Code.CONFLICT, `Payment ${payment.reference} is already reversed`, { field: 'paymentId' });
  const [created] = await db
    .insert(paymentReversals)
    .values({ paymentId: payment.id, reason, requestedBy: input.actor })
    .onConflictDoNothing()
    .returning();
  if (created) return { request: created, duplicate: false };
  const [pending] = await db
    .select()
    .from(paymentReversals)
    .where(and(eq(paymentReversals.paymentId, payment.id), eq(paymentReversals.status, 'pending')));
  if (!pending) throw new Error('reversal request neither stored nor pending');
  return { request: pending, duplicate: true };
}

/**
 * Finance, second hand: approves a reversal someone else asked for, and carries it out in the
 * same transaction (exactly once, whatever the number of approvals sent).
 */
export async function approveReversal(
  db: Db,
  input: { requestId: number; actor: string },
  today: IsoDate,
): Promise<ReversalResult & { request: ReversalRequest }> {
  return db.transaction(async (tx) => {
    const [request] = await tx
      .select()
      .from(paymentReversals)
      .where(eq(paymentReversals.id, input.requestId))
      .for('update');
    if (!request) throw new AppError(Code.NOT_FOUND, 'The reversal request was not found', { field: 'requestId' });
    if (request.status === 'rejected') throw new AppError(Code.CONFLICT, 'This reversal was rejected');
    assertChecker(request.requestedBy, input.actor, 'a reversal you asked for');
    const reversed = await reversePayment(
      tx,
      { paymentId: request.paymentId, reason: request.reason, actor: `${request.requestedBy} + ${input.actor}` },
      today,
    );
    if (request.status === 'approved') return { ...reversed, duplicate: true, request };
    const [decided] = await tx
      .update(paymentReversals)
      .set({ status: 'approved', decidedBy: input.actor, decidedAt: sql`now()` })
      .where(eq(paymentReversals.id, request.id))
      .returning();
    return { ...reversed, request: decided ?? request };
  });
}

export async function rejectReversal(
  db: Db,
  input: { requestId: number; actor: string; reason: string },
): Promise<ReversalRequest> {
  const [rejected] = await db
    .update(paymentReversals)
    .set({ status: 'rejected', decidedBy: input.actor, decidedAt: sql`now()`, rejectReason: input.reason })
    .where(and(eq(paymentReversals.id, input.requestId), eq(paymentReversals.status, 'pending')))
    .returning();
  if (!rejected) throw new AppError(Code.CONFLICT, 'Only a pending reversal can be rejected', { field: 'requestId' });
  return rejected;
}

/** Reversal requests, newest first (or the one asked for by id), with the payment and contract they are about. */
export async function listReversals(db: Db, filter: { status?: string | undefined; id?: number } = {}) {
  return db
    .select({
      request: paymentReversals,
      reference: payments.reference,
      provider: payments.provider,
      amount: payments.amount,
      orderNo: loanOrders.orderNo,
    })
    .from(paymentReversals)
    .innerJoin(payments, eq(payments.id, paymentReversals.paymentId))
    .innerJoin(loanOrders, eq(loanOrders.id, payments.orderId))
    .where(
      and(
        filter.status ? eq(paymentReversals.status, filter.status) : undefined,
        filter.id === undefined ? undefined : eq(paymentReversals.id, filter.id),
      ),
    )
    .orderBy(desc(paymentReversals.id))
    .limit(200);
}
