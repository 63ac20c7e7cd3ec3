import { sql } from 'drizzle-orm';
import { bigint, bigserial, check, date, index, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { payments } from './ledger';
import { loanOrders } from './loans';

/**
 * A payment received outside the providers (a bank deposit, a cashier's receipt), entered by one
 * finance user and posted only when a second approves it. One reference is one request.
 */
export const manualPostings = pgTable(
  'manual_postings',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    orderId: bigint('order_id', { mode: 'number' })
      .notNull()
      .references(() => loanOrders.id),
    reference: text('reference').notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    kind: text('kind').notNull(),
    valueDate: date('value_date').notNull(),
    /** 'pending' until a second finance user approves (then 'posted') or rejects it. */
    status: text('status').notNull().default('pending'),
    requestedBy: text('requested_by').notNull(),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull().default(sql`now()`),
    decidedBy: text('decided_by'),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    rejectReason: text('reject_reason'),
    paymentId: bigint('payment_id', { mode: 'number' }).references(() => payments.id),
  },
  (t) => [
    uniqueIndex('manual_postings_reference_uq').on(t.reference),
    index('manual_postings_status_idx').on(t.status),
    check('manual_postings_amount_positive', sql`${t.amount} > 0`),
  ],
);
