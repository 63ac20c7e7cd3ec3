import { and, asc, eq, gt, isNotNull, sql } from 'drizzle-orm';
import { OrderStatus } from '../../shared/order-status';
import type { Db } from '../db/client';
import { borrowerMessages, complaints, messageCursors, orderEvents, payments } from '../db/schema';
import type { MessageKind } from './message-texts';
import { outerColumn } from '../db/outer-column';

/** One event that may deserve a message, read from what is already committed. */
export type MessageEvent =
  | { source: 'order-event'; key: string; kind: MessageKind | 'settled'; eventId: number; orderId: number }
  | {
      source: 'payment';
      key: string;
      kind: 'payment-received' | 'extension-confirmed';
      paymentId: number;
      orderId: number;
    }
  | { source: 'complaint'; key: string; kind: 'complaint-answered'; complaintId: number; borrowerId: number };

export type Source = 'order-events' | 'payments' | 'complaint-replies';
const BATCH = 100;

/**
 * How long the sweep waits at a gap in a source's ids before passing it. Ids are taken when a row
 * is inserted, not when it commits: a gap just after the cursor is most often a transaction still
 * running, whose row would be skipped for ever if the cursor moved past it. A rolled-back insert
 * leaves a gap nothing fills, so the wait ends. For complaint replies (read by time) the same span
 * is read again on each sweep.
 */
export const GAP_WAIT_MS = 10_000;

export interface Cursor {
  lastId: number;
  heldSince: Date | null;
}

/** What one read of a source found: the events, where the cursor may move, and whether it stopped at a gap. */
export interface SourceRead {
  events: MessageEvent[];
  last: number;
  gap: boolean;
}

/**
 * Where a source was read up to. The first read starts at its newest row (or now, for replies),
 * so turning the messages on does not message the past.
 */
export async function cursorOf(db: Db, source: Source): Promise<Cursor> {
  const read = async () => {
    const [row] = await db.select().from(messageCursors).where(eq(messageCursors.source, source));
    return row ? { lastId: row.lastId, heldSince: row.heldSince } : null;
  };
  const found = await read();
  if (found) return found;
  const start = await newestOf(db, source);
  await db.insert(messageCursors).values({ source, lastId: start }).onConflictDoNothing();
  return (await read()) ?? { lastId: start, heldSince: null };
}

async function newestOf(db: Db, source: Source): Promise<number> {
  // Replies are read from `GAP_WAIT_MS` before the cursor on: a first cursor one span ahead makes
  // the first read start now, so a reply from before the messages were turned on is not sent.
  if (source === 'complaint-replies') return Date.now() + GAP_WAIT_MS;
  const table = source === 'payments' ? payments : orderEvents;
  const [row] = await db.select({ n: sql<number>`coalesce(max(${table.id}), 0)::bigint` }).from(table);
  return Number(row?.n ?? 0);
}

/**
 * Moves a cursor forward (never back: two sweeps at once each move it to what they read) and
 * records whether it now waits at a gap, from when.
 */
export async function advance(db: Db, source: Source, from: Cursor, read: SourceRead, now: Date): Promise<void> {
  const stillWaiting = read.gap && read.last === from.lastId && from.heldSince !== null;
  const heldSince = read.gap ? (stillWaiting ? from.heldSince : now) : null;
  await db
    .update(messageCursors)
    .set({ lastId: sql`greatest(${messageCursors.lastId}, ${read.last})`, heldSince, updatedAt: sql`now()` })
    .where(eq(messageCursors.source, source));
}

/**
 * The rows of a batch the cursor may pass: those whose ids follow on from it without a gap. With
 * `passGap` (the cursor waited long enough) the first gap is passed and the next one stops it.
 */
export function unbroken<T extends { id: number }>(
  rows: T[],
  after: number,
  passGap: boolean,
): { rows: T[]; last: number; gap: boolean } {
  let last = after;
  let passes = passGap ? 1 : 0;
  const taken: T[] = [];
  for (const row of rows) {
    if (row.id !== last + 1) {
      if (passes === 0) return { rows: taken, last, gap: true };
      passes -= 1;
    }
    taken.push(row);
    last = row.id;
  }
  return { rows: taken, last, gap: false };
}

function orderEventKind(from: number | null, to: number): MessageEvent['kind'] | null {
  if (to === OrderStatus.REVIEW && from === null) return 'application-received';
  if (to === OrderStatus.APPROVED) return 'approved';
  if (to === OrderStatus.REJECTED) return 'declined';
  if (to === OrderStatus.REPAYING && from === OrderStatus.APPROVED) return 'money-sent';
  if (to === OrderStatus.SETTLED) return 'settled';
  return null;
}

/** The next order events after the cursor, those that tell of a moment that matters. */
export async function orderEventsAfter(db: Db, after: number, passGap: boolean): Promise<SourceRead> {
  const rows = await db
    .select({
      id: orderEvents.id,
      orderId: orderEvents.orderId,
      from: orderEvents.fromStatus,
      to: orderEvents.toStatus,
    })
    .from(orderEvents)
    .where(gt(orderEvents.id, after))
    .orderBy(asc(orderEvents.id))
    .limit(BATCH);
  const read = unbroken(rows, after, passGap);
  const events: MessageEvent[] = [];
  for (const row of read.rows) {
    const kind = orderEventKind(row.from, row.to);
    if (kind)
      events.push({ source: 'order-event', key: `order-event:${row.id}`, kind, eventId: row.id, orderId: row.orderId });
  }
  return { events, last: read.last, gap: read.gap };
}

/** The next payments after the cursor: a receipt for each posted one, or an extension confirmed. */
export async function paymentsAfter(db: Db, after: number, passGap: boolean): Promise<SourceRead> {
  // Every payment is read (a reversed one too) so that the ids run on without a false gap.
  const rows = await db
    .select({
      id: payments.id,
      orderId: payments.orderId,
      kind: payments.kind,
      status: payments.status,
      allocation: payments.allocation,
    })
    .from(payments)
    .where(gt(payments.id, after))
    .orderBy(asc(payments.id))
    .limit(BATCH);
  const read = unbroken(rows, after, passGap);
  // A payment reversed before the sweep read it is skipped, and the cursor still moves past it.
  const events: MessageEvent[] = read.rows
    .filter((row) => row.status === 'posted')
    .map((row) => ({
      source: 'payment',
      key: `payment:${row.id}`,
      kind: row.kind === 'extension' && row.allocation.extended === 1 ? 'extension-confirmed' : 'payment-received',
      paymentId: row.id,
      orderId: row.orderId,
    }));
  return { events, last: read.last, gap: read.gap };
}

/**
 * Complaints answered after the cursor (a time in ms: a reply updates the complaint's row). The
 * last `GAP_WAIT_MS` before it are read again, for a reply whose transaction committed after a
 * later one was read; replies already messaged are left out.
 */
export async function repliesAfter(db: Db, after: number): Promise<SourceRead> {
  const rows = await db
    .select({ id: complaints.id, borrowerId: complaints.borrowerId, repliedAt: complaints.repliedAt })
    .from(complaints)
    .where(
      and(
        isNotNull(complaints.repliedAt),
        gt(complaints.repliedAt, new Date(after - GAP_WAIT_MS)),
        // A message for this complaint made at or after this reply: this reply was messaged.
        sql`not exists (select 1 from ${borrowerMessages} m
          where m.event_key like 'complaint-reply:' || ${outerColumn(complaints.id)} || ':%'
            and m.created_at >= ${outerColumn(complaints.repliedAt)})`,
      ),
    )
    .orderBy(asc(complaints.repliedAt))
    .limit(BATCH);
  const events: MessageEvent[] = rows.map((row) => ({
    source: 'complaint',
    // A complaint answered again (after the borrower reopened it) is a new event.
    key: `complaint-reply:${row.id}:${row.repliedAt?.getTime() ?? 0}`,
    kind: 'complaint-answered',
    complaintId: row.id,
    borrowerId: row.borrowerId,
  }));
  const newest = rows.at(-1)?.repliedAt?.getTime() ?? after;
  return { events, last: Math.max(after, newest), gap: false };
}
