import { sql } from 'drizzle-orm';
import { bigint, bigserial, check, index, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { loanOrders } from './loans';

/**
 * Money sent to a borrower through the payment provider: a loan's net proceeds (disbursal) or a
 * settled loan's credit (refund). One finance user requests it, another approves it; the
 * provider is asked to send it after the approval commits, under `reference` as its idempotency
 * key, and only its verified callback completes it. A request that failed or was rejected stays
 * on record; a new request takes a new reference.
 */
export const payouts = pgTable(
  'payouts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** Our reference and the provider's idempotency key: the same reference is the same payout. */
    reference: text('reference').notNull(),
    /** The provider chosen when it was requested ('sandbox', 'xendit'). */
    provider: text('provider').notNull(),
    orderId: bigint('order_id', { mode: 'number' })
      .notNull()
      .references(() => loanOrders.id),
    /** 'disbursal' or 'refund'. */
    kind: text('kind').notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    /** Where it goes, as bound when requested: GCASH, MAYA or a bank code (BDO, BPI, …). */
    channel: text('channel').notNull(),
    accountNo: text('account_no').notNull(),
    accountName: text('account_name').notNull(),
    /** requested → approved (the provider is being asked) → accepted → succeeded | failed; succeeded → reversed (the money came back); requested → rejected. */
    status: text('status').notNull().default('requested'),
    /** The provider's own id of the payout. */
    providerId: text('provider_id'),
    failureCode: text('failure_code'),
    /** Why it failed or was rejected, as finance reads it. */
    failureReason: text('failure_reason'),
    requestedBy: text('requested_by').notNull(),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull().default(sql`now()`),
    approvedBy: text('approved_by'),
    approvedAt: timestamp('approved_at', { withTimezone: true }),
    rejectedBy: text('rejected_by'),
    /** When the provider was last asked (a claim: a second approval within a minute does not ask again). */
    dispatchedAt: timestamp('dispatched_at', { withTimezone: true }),
    /** Why the provider did not answer the last time it was asked (it is asked again with the same reference). */
    dispatchError: text('dispatch_error'),
    /** When the provider reports the payout succeeded or failed. */
    completedAt: timestamp('completed_at', { withTimezone: true }),
    /** Disbursal: the product as priced at approval, so the loan opened on success is the contract approved. */
    productTerms: jsonb('product_terms').$type<Record<string, unknown>>(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().default(sql`now()`),
  },
  (t) => [
    uniqueIndex('payouts_reference_uq').on(t.reference),
    // One payout of each kind in flight per order: concurrent requests make one.
    uniqueIndex('payouts_one_open_uq')
      .on(t.orderId, t.kind)
      .where(sql`${t.status} in ('requested', 'approved', 'accepted')`),
    // A loan is paid out once.
    uniqueIndex('payouts_one_disbursal_uq')
      .on(t.orderId)
      .where(sql`${t.kind} = 'disbursal' and ${t.status} = 'succeeded'`),
    index('payouts_order_idx').on(t.orderId),
    index('payouts_status_idx').on(t.status),
    check('payouts_amount_positive', sql`${t.amount} > 0`),
    check('payouts_kind', sql`${t.kind} in ('disbursal', 'refund')`),
    check(
      'payouts_status',
      sql`${t.status} in ('requested', 'approved', 'accepted', 'succeeded', 'failed', 'rejected', 'reversed')`,
    ),
  ],
);
