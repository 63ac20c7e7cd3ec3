import { and, eq, inArray, sql } from 'drizzle-orm';
import { Code } from '../../../shared/codes';
import { OrderStatus, RUNNING_STATUSES } from '../../../shared/order-status';
import { type Db, isUniqueViolation } from '../../db/client';
import { creditTransfers, loanOrders } from '../../db/schema';
import type { IsoDate } from '../../domain/loan';
import { AppError } from '../../http/app-error';
import { lockOrder, loanStateOf, type Order, type Tx, writeJournal } from '../loans/order-store';
import { postPayment } from '../posting/payment-posting';
import { CREDIT_PROVIDER, creditLeft, creditSpentOf, transferJournal } from '../ledger/refund-journal';
import { payoffOf, stateOn } from '../loans/repayable';
import { assertChecker } from '../rules/four-eyes';

export type Transfer = typeof creditTransfers.$inferSelect;

/** What the running loan owes today in full: the most credit can pay it without paying it over. */
const owedToday = (order: Order, today: IsoDate) => payoffOf(stateOn({ loanState: loanStateOf(order) }, today));

/** The credit of a settled order left to use: the engine's, less refunds and applications paid or asked for. */
async function creditAvailable(tx: Db | Tx, order: Order): Promise<number> {
  if (order.status !== OrderStatus.SETTLED || !order.loanState) return 0;
  return Math.max(0, creditLeft(loanStateOf(order).credit, (await creditSpentOf(tx, order.id)).held));
}

/** Locks both orders in id order, so two transfers between the same loans cannot deadlock. */
async function lockBoth(tx: Tx, a: number, b: number): Promise<[Order, Order]> {
  const [first, second] = a < b ? [a, b] : [b, a];
  const one = await lockOrder(tx, first);
  const two = await lockOrder(tx, second);
  return a < b ? [one, two] : [two, one];
}

/**
 * The borrower asks (and so consents) for a settled loan's credit to pay their running loan: as
 * much of it as that loan owes today in full. Stored as requested; nothing moves until finance
 * approves. One request per settled loan at a time.
 */
export async function requestTransfer(
  db: Db,
  borrowerId: number,
  input: { orderId: number; toOrderId: number },
  today: IsoDate,
): Promise<Transfer> {
  if (input.orderId === input.toOrderId)
    throw new AppError(Code.BAD_REQUEST, 'Choose another loan to pay with this credit', { field: 'toOrderId' });
  try {
    return await db.transaction(async (tx) => {
      const [from, to] = await lockBoth(tx, input.orderId, input.toOrderId);
      if (from.borrowerId !== borrowerId || to.borrowerId !== borrowerId)
        throw new AppError(Code.NOT_FOUND, 'The order was not found');
      const available = await creditAvailable(tx, from);
      if (available <= 0) throw new AppError(Code.CONFLICT, `${from.orderNo} has no credit left to use`);
      if (!RUNNING_STATUSES.includes(to.status) || !to.loanState)
        throw new AppError(Code.CONFLICT, `${to.orderNo} has nothing to pay now`);
      const amount = Math.min(available, owedToday(to, today));
      const [count] = await tx
        .select({ n: sql<number>`count(*)::int` })
        .from(creditTransfers)
        .where(eq(creditTransfers.fromOrderId, from.id));
      const [row] = await tx
        .insert(creditTransfers)
        .values({
          reference: `CRD-${from.orderNo}-${Number(count?.n ?? 0) + 1}`,
          borrowerId,
          fromOrderId: from.id,
          toOrderId: to.id,
          amount,
        })
        .returning();
      if (!row) throw new Error('credit transfer not stored');
      return row;
    });
  } catch (err) {
    if (isUniqueViolation(err))
      throw new AppError(Code.CONFLICT, 'You have already asked to use this credit; finance is checking it');
    throw err;
  }
}

async function lockTransfer(tx: Tx, transferId: number): Promise<Transfer> {
  const [row] = await tx.select().from(creditTransfers).where(eq(creditTransfers.id, transferId)).for('update');
  if (!row) throw new AppError(Code.NOT_FOUND, 'The credit transfer was not found');
  if (row.status !== 'requested') throw new AppError(Code.CONFLICT, `${row.reference} was already ${row.status}`);
  return row;
}

/**
 * Finance approves: in one transaction the credit leaves the settled loan (borrower credit against
 * the clearing account) and is posted on the running loan as a payment from provider 'credit'
 * under the transfer's reference, valued today. If the running loan owes less by now (it was
 * paid meanwhile), only that much moves; if it owes nothing, or the credit is gone, the request
 * is refused with the reason instead.
 */
export async function approveTransfer(
  db: Db,
  input: { transferId: number; actor: string },
  today: IsoDate,
): Promise<Transfer> {
  return db.transaction(async (tx) => {
    // The loans first, then the request (the order a borrower's request takes), so the two never wait on each other.
    const [peek] = await tx.select().from(creditTransfers).where(eq(creditTransfers.id, input.transferId));
    if (!peek) throw new AppError(Code.NOT_FOUND, 'The credit transfer was not found');
    // The borrower asked (the first hand); the finance user who approves is the second.
    assertChecker(`borrower ${peek.borrowerId}`, input.actor, 'a credit transfer you asked for');
    const [from, to] = await lockBoth(tx, peek.fromOrderId, peek.toOrderId);
    const request = await lockTransfer(tx, input.transferId);
    // This request is counted in what is held: what is left besides it must not be negative.
    const left =
      from.status === OrderStatus.SETTLED
        ? creditLeft(loanStateOf(from).credit, (await creditSpentOf(tx, from.id)).held)
        : -1;
    const owed = RUNNING_STATUSES.includes(to.status) && to.loanState ? owedToday(to, today) : 0;
    const amount = Math.min(request.amount, owed);
    const refusal =
      left < 0
        ? `${from.orderNo} no longer has this much credit`
        : amount <= 0
          ? `${to.orderNo} owes nothing now`
          : null;
    if (refusal) return decide(tx, request.id, { status: 'rejected', decidedBy: input.actor, reason: refusal });
    const transfer = await decide(tx, request.id, { status: 'posted', decidedBy: input.actor, amount });
    await writeJournal(
      tx,
      from.id,
      transferJournal(amount, today, `credit applied to ${to.orderNo} (${request.reference})`),
      { cause: `transfer:${request.reference}` },
    );
    await postPayment(
      tx,
      {
        orderId: to.id,
        provider: CREDIT_PROVIDER,
        reference: request.reference,
        amount,
        kind: 'repayment',
        postedBy: input.actor,
      },
      today,
    );
    return transfer;
  });
}

/** Finance refuses, with the reason the borrower reads; the credit stays on the settled loan. */
export async function rejectTransfer(
  db: Db,
  input: { transferId: number; actor: string; reason: string },
): Promise<Transfer> {
  return db.transaction(async (tx) => {
    const request = await lockTransfer(tx, input.transferId);
    return decide(tx, request.id, { status: 'rejected', decidedBy: input.actor, reason: input.reason });
  });
}

async function decide(
  tx: Tx,
  id: number,
  change: { status: 'posted' | 'rejected'; decidedBy: string; reason?: string; amount?: number },
): Promise<Transfer> {
  const [row] = await tx
    .update(creditTransfers)
    .set({ ...change, decidedAt: sql`now()` })
    .where(and(eq(creditTransfers.id, id), eq(creditTransfers.status, 'requested')))
    .returning();
  if (!row) throw new Error('credit transfer not decided');
  return row;
}

/** For the order page: the credit left on a settled order, the running loan it could pay, and a request still waiting. */
export async function creditUseOf(
  db: Db,
  order: Order,
): Promise<{
  left: number;
  toOrder: { id: number; orderNo: string } | null;
  waiting: { amount: number; toOrderNo: string } | null;
}> {
  const left = await creditAvailable(db, order);
  const [waiting] = await db
    .select({ amount: creditTransfers.amount, toOrderNo: loanOrders.orderNo })
    .from(creditTransfers)
    .innerJoin(loanOrders, eq(loanOrders.id, creditTransfers.toOrderId))
    .where(and(eq(creditTransfers.fromOrderId, order.id), eq(creditTransfers.status, 'requested')));
  const [running] = await db
    .select({ id: loanOrders.id, orderNo: loanOrders.orderNo, loanState: loanOrders.loanState })
    .from(loanOrders)
    .where(and(eq(loanOrders.borrowerId, order.borrowerId), inArray(loanOrders.status, RUNNING_STATUSES)))
    .orderBy(loanOrders.id)
    .limit(1);
  const toOrder = running?.loanState ? { id: running.id, orderNo: running.orderNo } : null;
  return { left, toOrder, waiting: waiting ?? null };
}
