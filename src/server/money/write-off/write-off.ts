import { randomUUID } from 'node:crypto';
import { and, desc, eq, sql } from 'drizzle-orm';
import { Code } from '../../../shared/codes';
import { OrderStatus } from '../../../shared/order-status';
import type { Db } from '../../db/client';
import { ledgerEntries, loanOrders, writeOffs } from '../../db/schema';
import { collectedOf, type IsoDate, type WriteOff } from '../../domain/loan';
import { AppError } from '../../http/app-error';
import { RECOGNISED, receivable, writeOffLines } from '../ledger/journal';
import { loanStateOf, lockOrder, writeJournal } from '../loans/order-store';
import { assertChecker, assertMaker } from '../rules/four-eyes';
import { storedWriteOff } from './stored-write-off';

type WriteOffRow = typeof writeOffs.$inferSelect;

/**
 * Finance, first hand: proposes writing off an overdue loan, by contract number, with a reason.
 * Nothing is booked until a second finance user approves it.
 */
export async function requestWriteOff(
  db: Db,
  input: { orderNo: string; reason: string; actor: string },
): Promise<{ request: WriteOffRow; orderNo: string }> {
  assertMaker(input.actor, 'a write-off');
  const order = await db.query.loanOrders.findFirst({
    where: eq(loanOrders.orderNo, input.orderNo.trim().toUpperCase()),
  });
  if (!order) throw new AppError(Code.NOT_FOUND, `No loan has contract number ${input.orderNo}`, { field: 'orderNo' });
  if (order.status !== OrderStatus.OVERDUE || !order.loanState) {
    throw new AppError(
      Code.CONFLICT,
      `Only an overdue loan can be written off; contract ${order.orderNo} is in status ${order.status}`,
      { field: 'orderNo' },
    );
  }
  const [created] = await db
    .insert(writeOffs)
    .values({ orderId: order.id, reason: input.reason, requestedBy: input.actor })
    .onConflictDoNothing()
    .returning();
  if (!created)
    throw new AppError(Code.CONFLICT, `Contract ${order.orderNo} already has a write-off pending or approved`, {
      field: 'orderNo',
    });
  return { request: created, orderNo: order.orderNo };
}

/**
 * Finance, second hand: approves a write-off entered by someone else. The loan's carrying amount
 * (its receivables less the income not yet earned) goes to expense; income stops at what was
 * earned; later payments are recoveries. Approving again changes nothing.
 */
export async function approveWriteOff(
  db: Db,
  input: { requestId: number; actor: string },
  today: IsoDate,
): Promise<{ request: WriteOffRow; duplicate: boolean }> {
  return db.transaction(async (tx) => {
    const [request] = await tx.select().from(writeOffs).where(eq(writeOffs.id, input.requestId)).for('update');
    if (!request) throw new AppError(Code.NOT_FOUND, 'The write-off was not found', { field: 'requestId' });
    if (request.status === 'approved') return { request, duplicate: true };
    if (request.status !== 'pending') throw new AppError(Code.CONFLICT, 'This write-off was rejected');
    assertChecker(request.requestedBy, input.actor, 'a write-off you entered');
    const order = await lockOrder(tx, request.orderId);
    if (order.status !== OrderStatus.OVERDUE || order.writeOff) {
      throw new AppError(
        Code.CONFLICT,
        `Contract ${order.orderNo} is no longer overdue (status ${order.status}); reject this write-off`,
      );
    }
    const sums = await tx
      .select({
        account: ledgerEntries.account,
        net: sql<string>`sum(${ledgerEntries.debit} - ${ledgerEntries.credit})::text`,
      })
      .from(ledgerEntries)
      .where(eq(ledgerEntries.orderId, order.id))
      .groupBy(ledgerEntries.account);
    const net = new Map(sums.map((s) => [s.account, Number(s.net)]));
    const held = (account: string) => net.get(account) ?? 0;
    const receivables = Object.values(receivable).reduce((sum, account) => sum + held(account), 0);
    const unearned = Object.values(RECOGNISED).reduce((sum, r) => sum + held(r.unearned), 0);
    const writeOff: WriteOff = {
      on: today,
      amount: Math.max(0, receivables + unearned),
      earned: {
        interest: -held(RECOGNISED.interest.income),
        fees: -held(RECOGNISED.fees.income),
        penalties: -held(RECOGNISED.penalties.income),
      },
      collectedBefore: collectedOf(loanStateOf(order)),
    };
    await tx
      .update(loanOrders)
      .set({ writeOff: storedWriteOff(writeOff), updatedAt: sql`now()` })
      .where(eq(loanOrders.id, order.id));
    await writeJournal(
      tx,
      order.id,
      {
        journalId: randomUUID(),
        businessDate: today,
        lines: writeOffLines(writeOff, 0, () => 0),
      },
      { cause: `write-off:${request.id}` },
    );
    const [approved] = await tx
      .update(writeOffs)
      .set({
        status: 'approved',
        decidedBy: input.actor,
        decidedAt: new Date(),
        amount: writeOff.amount,
        businessDate: today,
      })
      .where(eq(writeOffs.id, request.id))
      .returning();
    if (!approved) throw new Error('write-off not updated');
    return { request: approved, duplicate: false };
  });
}

export async function rejectWriteOff(
  db: Db,
  input: { requestId: number; actor: string; reason: string },
): Promise<WriteOffRow> {
  const [rejected] = await db
    .update(writeOffs)
    .set({ status: 'rejected', decidedBy: input.actor, decidedAt: new Date(), rejectReason: input.reason })
    .where(and(eq(writeOffs.id, input.requestId), eq(writeOffs.status, 'pending')))
    .returning();
  if (!rejected) throw new AppError(Code.CONFLICT, 'Only a pending write-off can be rejected', { field: 'requestId' });
  return rejected;
}

/** Write-offs, newest first (the pending ones when asked). */
export async function listWriteOffs(db: Db, status?: string) {
  return db
    .select({ writeOff: writeOffs, orderNo: loanOrders.orderNo })
    .from(writeOffs)
    .innerJoin(loanOrders, eq(loanOrders.id, writeOffs.orderId))
    .where(status ? eq(writeOffs.status, status) : undefined)
    .orderBy(desc(writeOffs.id))
    .limit(200);
}
