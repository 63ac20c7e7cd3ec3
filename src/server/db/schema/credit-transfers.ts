import { sql } from 'drizzle-orm';
import { bigint, bigserial, check, index, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { borrowers } from './borrowers';
import { loanOrders } from './loans';

/**
 * A settled loan's credit applied to the same borrower's running loan. The borrower asks for it
 * (their consent, kept with its time), a finance user approves it, and then the credit leaves the
 * settled loan and is posted on the running one as a payment from provider 'credit' under
 * `reference`, in one transaction. No cash moves: both sides are booked through a clearing
 * account that nets to zero.
 */
export const creditTransfers = pgTable(
  'credit_transfers',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** CRD- plus the settled loan's contract number and the attempt; the payment's reference on the other loan. */
    reference: text('reference').notNull(),
    borrowerId: bigint('borrower_id', { mode: 'number' })
      .notNull()
      .references(() => borrowers.id),
    fromOrderId: bigint('from_order_id', { mode: 'number' })
      .notNull()
      .references(() => loanOrders.id),
    toOrderId: bigint('to_order_id', { mode: 'number' })
      .notNull()
      .references(() => loanOrders.id),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    /** requested (the borrower consented) → posted | rejected; posted → reversed (the credit goes back whole). */
    status: text('status').notNull().default('requested'),
    consentedAt: timestamp('consented_at', { withTimezone: true }).notNull().default(sql`now()`),
    decidedBy: text('decided_by'),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    /** Why finance refused it, as the borrower reads it. */
    reason: text('reason'),
    /** Who took a posted transfer back, when and why: the credit returned to the settled loan. */
    reversedBy: text('reversed_by'),
    reversedAt: timestamp('reversed_at', { withTimezone: true }),
    reversalReason: text('reversal_reason'),
  },
  (t) => [
    uniqueIndex('credit_transfers_reference_uq').on(t.reference),
    // One request in flight per settled loan: a second tap (or two at once) makes one.
    uniqueIndex('credit_transfers_one_open_uq').on(t.fromOrderId).where(sql`${t.status} = 'requested'`),
    index('credit_transfers_borrower_idx').on(t.borrowerId),
    check('credit_transfers_amount_positive', sql`${t.amount} > 0`),
    check('credit_transfers_status', sql`${t.status} in ('requested', 'posted', 'rejected', 'reversed')`),
  ],
);
