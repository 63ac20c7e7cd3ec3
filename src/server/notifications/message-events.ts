import { and, asc, eq, gt, isNotNull, sql } from 'drizzle-orm';
import { OrderStatus } from '../../shared/order-status';
import type { Db } from '../db/client';
import { complaints, loanOrders, messageCursors, orderEvents, payments } from '../db/schema';
import type { MessageKind } from './message-texts';

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
 * Where a source was read up to. The first read starts at its newest row (or now, for replies),
 * so turning the messages on does not message the past.
 */
export async function cursorOf(db: Db, source: Source): Promise<number> {
  const [row] = await db.select().from(messageCursors).where(eq(messageCursors.source, source));
  if (row) return row.lastId;
  const start = await newestOf(db, source);
  await db.insert(messageCursors).values({ source, lastId: start }).onConflictDoNothing();
  const [now] = await db.select().from(messageCursors).where(eq(messageCursors.source, source));
  return now?.lastId ?? start;
}

async function newestOf(db: Db, source: Source): Promise<number> {
  if (source === 'complaint-replies') return Date.now();
  const table = source === 'payments' ? payments : orderEvents;
  const [row] = await db.select({ n: sql<number>`coalesce(max(${table.id}), 0)::bigint` }).from(table);
  return Number(row?.n ?? 0);
}

/** Moves a cursor forward (never back: two sweeps at once each move it to what they read). */
export async function advance(db: Db, source: Source, to: number): Promise<void> {
  await db
    .update(messageCursors)
    .set({ lastId: sql`greatest(${messageCursors.lastId}, ${to})`, updatedAt: sql`now()` })
    .where(eq(messageCursors.source, source));
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
export async function orderEventsAfter(db: Db, after: number): Promise<{ events: MessageEvent[]; last: number }> {
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
  const events: MessageEvent[] = [];
  for (const row of rows) {
    const kind = orderEventKind(row.from, row.to);
    if (kind)
      events.push({ source: 'order-event', key: `order-event:${row.id}`, kind, eventId: row.id, orderId: row.orderId });
  }
  return { events, last: rows.at(-1)?.id ?? after };
}

/** The next payments posted after the cursor: a receipt each, or an extension confirmed. */
export async function paymentsAfter(db: Db, after: number): Promise<{ events: MessageEvent[]; last: number }> {
  const rows = await db
    .select({ id: payments.id, orderId: payments.orderId, kind: payments.kind, allocation: payments.allocation })
    .from(payments)
    .innerJoin(loanOrders, eq(loanOrders.id, payments.orderId))
    .where(and(gt(payments.id, after), eq(payments.status, 'posted')))
    .orderBy(asc(payments.id))
    .limit(BATCH);
  const events: MessageEvent[] = rows.map((row) => ({
    source: 'payment',
    key: `payment:${row.id}`,
    kind: row.kind === 'extension' && row.allocation.extended === 1 ? 'extension-confirmed' : 'payment-received',
    paymentId: row.id,
    orderId: row.orderId,
  }));
  // A payment reversed before the sweep read it is skipped, and the cursor still moves past it.
  const [newest] = await db
    .select({ n: sql<number>`coalesce(max(${payments.id}), 0)::bigint` })
    .from(payments)
    .where(gt(payments.id, after));
  const last = rows.length === BATCH ? (rows.at(-1)?.id ?? after) : Math.max(after, Number(newest?.n ?? 0));
  return { events, last };
}

/** Complaints answered after the cursor (a time in ms: a reply updates the complaint's row). */
export async function repliesAfter(db: Db, after: number): Promise<{ events: MessageEvent[]; last: number }> {
  const rows = await db
    .select({ id: complaints.id, borrowerId: complaints.borrowerId, repliedAt: complaints.repliedAt })
    .from(complaints)
    .where(and(isNotNull(complaints.repliedAt), gt(complaints.repliedAt, new Date(after))))
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
  return { events, last: rows.at(-1)?.repliedAt?.getTime() ?? after };
}
