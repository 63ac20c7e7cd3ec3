import { and, desc, eq } from 'drizzle-orm';
import { Code } from '../../../shared/codes';
import { formatMoney } from '../../../shared/format/money';
import { RUNNING_STATUSES } from '../../../shared/order-status';
import type { Db } from '../../db/client';
import { loanOrders, manualPostings } from '../../db/schema';
import type { IsoDate } from '../../domain/loan';
import { AppError } from '../../http/app-error';
import { assertBusinessDate } from '../loans/business-date';
import { postPayment, type PostingResult } from './payment-posting';
import { payoffOf, stateOn } from '../loans/repayable';
import { lockOrder, loanStateOf } from '../loans/order-store';
import { assertChecker, assertMaker } from '../rules/four-eyes';

export const MANUAL_PROVIDER = 'manual';
type ManualPosting = typeof manualPostings.$inferSelect;

export interface ManualRequest {
  orderNo: string;
  reference: string;
  amount: number;
  kind: 'repayment' | 'extension';
  valueDate?: IsoDate | undefined;
  actor: string;
}

/** A request that repeats an earlier one (same reference, order and amount) is that request; any other reuse is a conflict. */
function sameRequest(found: ManualPosting, orderId: number, amount: number): boolean {
  return found.orderId === orderId && found.amount === amount;
}

/**
 * Finance, first hand: enters a payment received outside the providers, by contract number. It
 * is checked now (the amount at most the payoff plus the tolerance, a business date already begun
 * and not before disbursal) and posted only when a second finance user approves it.
 */
export async function requestManualPosting(db: Db, input: ManualRequest, today: IsoDate, toleranceCentavos: number) {
  assertMaker(input.actor, 'a manual posting');
  const order = await db.query.loanOrders.findFirst({
    where: eq(loanOrders.orderNo, input.orderNo.trim().toUpperCase()),
  });
  if (!order) throw new AppError(Code.NOT_FOUND, `No loan has contract number ${input.orderNo}`, { field: 'orderNo' });
  if (!RUNNING_STATUSES.includes(order.status) || !order.loanState || !order.disbursedOn) {
    throw new AppError(Code.CONFLICT, `Contract ${order.orderNo} has nothing to repay (status ${order.status})`, {
      field: 'orderNo',
    });
  }
  const valueDate = assertBusinessDate(input.valueDate ?? today, today, {
    field: 'valueDate',
    notBefore: { date: order.disbursedOn, what: 'the disbursal date' },
  });
  const payoff = payoffOf(stateOn({ loanState: loanStateOf(order) }, today));
  if (input.amount > payoff + toleranceCentavos) {
    throw new AppError(
      Code.BAD_REQUEST,
      `The most this loan can take is ${formatMoney(payoff + toleranceCentavos)} (payoff ${formatMoney(payoff)} plus the ${formatMoney(toleranceCentavos)} tolerance)`,
      { field: 'amount' },
    );
  }
  const [created] = await db
    .insert(manualPostings)
    .values({
      orderId: order.id,
      reference: input.reference,
      amount: input.amount,
      kind: input.kind,
      valueDate,
      requestedBy: input.actor,
    })
    .onConflictDoNothing()
    .returning();
  const request =
    created ?? (await db.query.manualPostings.findFirst({ where: eq(manualPostings.reference, input.reference) }));
  if (!request) throw new Error('manual posting not stored');
  if (!sameRequest(request, order.id, input.amount)) {
    throw new AppError(
      Code.CONFLICT,
      `Reference ${input.reference} was already entered with another amount or contract`,
      { field: 'reference' },
    );
  }
  return { request, orderNo: order.orderNo, duplicate: !created };
}

/**
 * Finance, second hand: approves a pending posting entered by someone else, and posts it (exactly
 * once, whatever the number of approvals sent).
 */
export async function approveManualPosting(
  db: Db,
  input: { requestId: number; actor: string },
  today: IsoDate,
  toleranceCentavos: number,
): Promise<PostingResult> {
  return db.transaction(async (tx) => {
    const [request] = await tx
      .select()
      .from(manualPostings)
      .where(eq(manualPostings.id, input.requestId))
      .for('update');
    if (!request) throw new AppError(Code.NOT_FOUND, 'The manual posting was not found', { field: 'requestId' });
    if (request.status === 'rejected') throw new AppError(Code.CONFLICT, 'This manual posting was rejected');
    assertChecker(request.requestedBy, input.actor, 'a posting you entered');
    if (request.status === 'pending') {
      // The limit holds at approval, under the lock that books it: another posting approved
      // meanwhile may have paid the loan down since this one was entered.
      const order = await lockOrder(tx, request.orderId);
      const payoff = RUNNING_STATUSES.includes(order.status)
        ? payoffOf(stateOn({ loanState: loanStateOf(order) }, today))
        : 0;
      if (request.amount > payoff + toleranceCentavos)
        throw new AppError(
          Code.CONFLICT,
          `This loan can now take at most ${formatMoney(payoff + toleranceCentavos)} (payoff ${formatMoney(payoff)} plus the ${formatMoney(toleranceCentavos)} tolerance); reject this posting and enter the right amount`,
          { field: 'requestId' },
        );
    }
    const posted = await postPayment(
      tx,
      {
        orderId: request.orderId,
        provider: MANUAL_PROVIDER,
        reference: request.reference,
        amount: request.amount,
        kind: request.kind === 'extension' ? 'extension' : 'repayment',
        postedBy: `${request.requestedBy} + ${input.actor}`,
        valueDate: request.valueDate,
      },
      today,
    );
    if (request.status === 'pending') {
      await tx
        .update(manualPostings)
        .set({ status: 'posted', decidedBy: input.actor, decidedAt: new Date(), paymentId: posted.paymentId })
        .where(eq(manualPostings.id, request.id));
    }
    return posted;
  });
}

export async function rejectManualPosting(db: Db, input: { requestId: number; actor: string; reason: string }) {
  const [rejected] = await db
    .update(manualPostings)
    .set({ status: 'rejected', decidedBy: input.actor, decidedAt: new Date(), rejectReason: input.reason })
    .where(and(eq(manualPostings.id, input.requestId), eq(manualPostings.status, 'pending')))
    .returning();
  if (!rejected)
    throw new AppError(Code.CONFLICT, 'Only a pending manual posting can be rejected', { field: 'requestId' });
  return rejected;
}

/** The manual postings waiting for a second finance user (or all, newest first). */
export async function listManualPostings(db: Db, status?: string) {
  return db
    .select({ posting: manualPostings, orderNo: loanOrders.orderNo })
    .from(manualPostings)
    .innerJoin(loanOrders, eq(loanOrders.id, manualPostings.orderId))
    .where(status ? eq(manualPostings.status, status) : undefined)
    .orderBy(desc(manualPostings.id))
    .limit(200);
}
