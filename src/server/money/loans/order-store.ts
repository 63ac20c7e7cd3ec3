import { eq, sql } from 'drizzle-orm';
import { Code } from '../../../shared/codes';
import type { Db } from '../../db/client';
import { cobRuns, ledgerEntries, loanOrders, orderEvents } from '../../db/schema';
import { addDays, type IsoDate, type LoanState } from '../../domain/loan';
import { AppError } from '../../http/app-error';
import { isBalanced, type Journal } from '../ledger/journal';
import { canTransition } from './order-status';
import { readLoanState } from './stored-state';

/** A transaction handle: what `db.transaction` passes to its callback. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type Order = typeof loanOrders.$inferSelect;

/** Reads an order and locks it for the rest of the transaction, so changes to one loan queue up. */
export async function lockOrder(tx: Tx, orderId: number): Promise<Order> {
  const [order] = await tx.select().from(loanOrders).where(eq(loanOrders.id, orderId)).for('update');
  if (!order) throw new AppError(Code.NOT_FOUND, 'The order was not found');
  return order;
}

export function loanStateOf(order: Order): LoanState {
  if (!order.loanState) throw new AppError(Code.CONFLICT, 'The loan has not been disbursed yet');
  return readLoanState(order.loanState, order);
}

/** The one place a status changes: refuses what architecture.md: Order states does not allow, and records who did it. */
export async function changeStatus(
  tx: Tx,
  order: Order,
  to: number,
  event: { actor: string; reason?: string | null; businessDate: string },
): Promise<void> {
  if (order.status === to) return;
  if (!canTransition(order.status, to)) {
    throw new AppError(Code.CONFLICT, `An order in status ${order.status} cannot move to ${to}`);
  }
  await tx.update(loanOrders).set({ status: to, updatedAt: sql`now()` }).where(eq(loanOrders.id, order.id));
  await tx.insert(orderEvents).values({
    orderId: order.id,
    fromStatus: order.status,
    toStatus: to,
    actor: event.actor,
    reason: event.reason ?? null,
    businessDate: event.businessDate,
  });
}

/**
 * The date a journal written now is posted on: the day it is made, or the day after the last
 * business date closed when close of business has already closed that day. Closed days stay
 * closed, so their trial balance never changes; the journal's memo keeps the value date.
 */
export async function postingDateOf(tx: Tx, date: IsoDate): Promise<IsoDate> {
  const last = await lastClosedDate(tx);
  return last !== null && date <= last ? addDays(last, 1) : date;
}

/** The last business date whose close of business finished, or null before the first. */
export async function lastClosedDate(db: Db | Tx): Promise<IsoDate | null> {
  const [row] = await db
    .select({ last: sql<string | null>`max(${cobRuns.businessDate})::text` })
    .from(cobRuns)
    .where(eq(cobRuns.status, 'done'));
  return row?.last ?? null;
}

/** Why a journal is written: the one event that caused it, and the payment it is about (if any). */
export interface JournalCause {
  cause: string;
  paymentId?: number | undefined;
  /** The day it counts from, when not the date the journal asks for (a payment's paid-at day). */
  valueDate?: IsoDate | undefined;
}

/**
 * Writes a balanced journal for an order, posted on the open business date (`postingDateOf`),
 * naming its cause; an unbalanced one is a bug and aborts the transaction.
 */
export async function writeJournal(tx: Tx, orderId: number, journal: Journal, why: JournalCause): Promise<void> {
  if (!isBalanced(journal)) throw new Error(`unbalanced journal for order ${orderId}`);
  if (journal.lines.length === 0) return;
  const businessDate = await postingDateOf(tx, journal.businessDate);
  await tx.insert(ledgerEntries).values(
    journal.lines.map((line) => ({
      journalId: journal.journalId,
      orderId,
      paymentId: why.paymentId ?? null,
      businessDate,
      valueDate: why.valueDate ?? journal.businessDate,
      cause: why.cause,
      ...line,
    })),
  );
}

/**
 * `writeJournal` for many journals of one cause at once (close of business: a journal per loan):
 * each checked balanced, each posted on the open business date of the date it asks for (as
 * `postingDateOf` decides, here in the same statement), and their lines inserted by one statement
 * with an array parameter per column, however many there are. Writes exactly the rows
 * `writeJournal` would write for each in turn. Answers how many lines.
 */
export async function writeJournals(
  tx: Tx,
  journals: readonly { orderId: number; journal: Journal }[],
  why: { cause: string },
): Promise<number> {
  const ids: string[] = [];
  const orders: number[] = [];
  const accounts: string[] = [];
  const debits: number[] = [];
  const credits: number[] = [];
  const memos: string[] = [];
  const valueDates: string[] = [];
  for (const { orderId, journal } of journals) {
    if (!isBalanced(journal)) throw new Error(`unbalanced journal for order ${orderId}`);
    for (const line of journal.lines) {
      ids.push(journal.journalId);
      orders.push(orderId);
      accounts.push(line.account);
      debits.push(line.debit);
      credits.push(line.credit);
      memos.push(line.memo);
      valueDates.push(journal.businessDate);
    }
  }
  if (ids.length === 0) return 0;
  // The posting date as postingDateOf gives it: the date asked for, or the day after the last
  // business date closed when that day is already closed.
  await tx.execute(sql`
    with closed as (
      select max(${cobRuns.businessDate}) as last from ${cobRuns} where ${cobRuns.status} = 'done'
    )
    insert into ${ledgerEntries} (journal_id, order_id, business_date, value_date, cause, account, debit, credit, memo)
    select l.journal_id, l.order_id,
           case when closed.last is not null and l.value_date <= closed.last then closed.last + 1 else l.value_date end,
           l.value_date, ${why.cause}, l.account, l.debit, l.credit, l.memo
    from unnest(${sql.param(ids)}::text[], ${sql.param(orders)}::bigint[], ${sql.param(valueDates)}::date[],
                ${sql.param(accounts)}::text[], ${sql.param(debits)}::bigint[], ${sql.param(credits)}::bigint[],
                ${sql.param(memos)}::text[])
      as l(journal_id, order_id, value_date, account, debit, credit, memo)
    cross join closed`);
  return ids.length;
}
