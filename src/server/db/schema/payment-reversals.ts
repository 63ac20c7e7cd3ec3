import { sql } from 'drizzle-orm';
import { bigint, bigserial, check, index, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { payments } from './ledger';

/**
 * A staff reversal of a posted payment: entered by one finance user with a reason, carried out
 * only when a second approves it. A provider's own reversal (a chargeback, a refund it reports)
 * needs no request: the provider's word is the evidence.
 */
export const paymentReversals = pgTable(
  'payment_reversals',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    paymentId: bigint('payment_id', { mode: 'number' })
      .notNull()
      .references(() => payments.id),
    reason: text('reason').notNull(),
    /** 'pending' until a second finance user approves (then 'approved') or rejects it. */
    status: text('status').notNull().default('pending'),
    requestedBy: text('requested_by').notNull(),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull().default(sql`now()`),
    decidedBy: text('decided_by'),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    rejectReason: text('reject_reason'),
  },
  (t) => [
    // One request in flight per payment: a second (or two at once) is the same request.
    uniqueIndex('payment_reversals_open_uq').on(t.paymentId).where(sql`${t.status} = 'pending'`),
    index('payment_reversals_status_idx').on(t.status),
    check('payment_reversals_status', sql`${t.status} in ('pending', 'approved', 'rejected')`),
  ],
);
