import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  index,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { borrowers } from './borrowers';
import { loanOrders } from './loans';

/**
 * Every message sent to a borrower at a moment that matters (src/server/notifications): one row
 * per event, held by the unique event key, so an event is messaged once however often the sweep
 * runs and however many servers run it. The row is the borrower's copy, shown on the records page.
 */
export const borrowerMessages = pgTable(
  'borrower_messages',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    borrowerId: bigint('borrower_id', { mode: 'number' })
      .notNull()
      .references(() => borrowers.id),
    orderId: bigint('order_id', { mode: 'number' }).references(() => loanOrders.id),
    /** What the message is about: 'application-received', 'approved', 'payment-received', … */
    kind: text('kind').notNull(),
    /** The event it tells of, e.g. 'order-event:42' or 'payment:7': unique, so each is sent once. */
    eventKey: text('event_key').notNull(),
    language: text('language').notNull(),
    body: text('body').notNull(),
    /** 'sending', 'sent', 'failed' (the provider refused it), or 'off' (the borrower turned the kind off). */
    status: text('status').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().default(sql`now()`),
  },
  (t) => [
    uniqueIndex('borrower_messages_event_uq').on(t.eventKey),
    index('borrower_messages_borrower_idx').on(t.borrowerId, t.createdAt),
  ],
);

/** The optional messages a borrower turned off (a row with `enabled` false); absent means on. */
export const messagePreferences = pgTable(
  'message_preferences',
  {
    borrowerId: bigint('borrower_id', { mode: 'number' })
      .notNull()
      .references(() => borrowers.id),
    kind: text('kind').notNull(),
    enabled: boolean('enabled').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().default(sql`now()`),
  },
  (t) => [primaryKey({ columns: [t.borrowerId, t.kind] })],
);

/**
 * How far the message sweep has read each source (order events, payments, complaint replies): it
 * starts at the newest row when first run, so history is not messaged, then follows new rows.
 */
export const messageCursors = pgTable('message_cursors', {
  source: text('source').primaryKey(),
  lastId: bigint('last_id', { mode: 'number' }).notNull(),
  /**
   * Since when the sweep has waited at a gap in the source's ids just after `last_id` (an insert
   * that took its id and has not committed yet, or one rolled back); null when not waiting.
   */
  heldSince: timestamp('held_since', { withTimezone: true }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().default(sql`now()`),
});
