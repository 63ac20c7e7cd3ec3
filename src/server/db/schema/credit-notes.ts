import { sql } from 'drizzle-orm';
import { bigint, bigserial, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { loanOrders } from './loans';

/**
 * Credit's internal note on a decision (fraud hints, what was checked): staff read it in the
 * review; it is kept apart from the reason the borrower reads, so no borrower call can return it.
 */
export const creditNotes = pgTable(
  'credit_notes',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    orderId: bigint('order_id', { mode: 'number' })
      .notNull()
      .references(() => loanOrders.id),
    actor: text('actor').notNull(),
    note: text('note').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().default(sql`now()`),
  },
  (t) => [index('credit_notes_order_idx').on(t.orderId)],
);
