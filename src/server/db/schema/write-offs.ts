import { sql } from 'drizzle-orm';
import { bigint, bigserial, check, date, index, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { loanOrders } from './loans';

/** A write-off: entered by one finance user with a reason, booked only when a second approves it. */
export const writeOffs = pgTable(
  'write_offs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    orderId: bigint('order_id', { mode: 'number' })
      .notNull()
      .references(() => loanOrders.id),
    reason: text('reason').notNull(),
    /** 'pending' until a second finance user approves (then 'approved') or rejects it. */
    status: text('status').notNull().default('pending'),
    requestedBy: text('requested_by').notNull(),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull().default(sql`now()`),
    decidedBy: text('decided_by'),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    rejectReason: text('reject_reason'),
    /** Set at approval: the carrying amount written off (centavos) and the business date. */
    amount: bigint('amount', { mode: 'number' }),
    businessDate: date('business_date'),
  },
  (t) => [
    uniqueIndex('write_offs_open_uq').on(t.orderId).where(sql`${t.status} in ('pending', 'approved')`),
    index('write_offs_status_idx').on(t.status),
    check('write_offs_amount_positive', sql`${t.amount} is null or ${t.amount} >= 0`),
  ],
);
