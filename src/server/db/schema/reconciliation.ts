import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  check,
  date,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { loanOrders } from './loans';

/**
 * One reconciliation per business date and provider: the provider's transactions of the day
 * matched to our postings and payouts. Run again, the same row is updated (never a second one).
 */
export const reconciliationRuns = pgTable(
  'reconciliation_runs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    businessDate: date('business_date').notNull(),
    provider: text('provider').notNull(),
    /** The provider's transactions read, those that matched ours, and the findings open after the run. */
    transactions: integer('transactions').notNull().default(0),
    matched: integer('matched').notNull().default(0),
    openFindings: integer('open_findings').notNull().default(0),
    runs: integer('runs').notNull().default(1),
    /** Who ran it last: a staff id, 'schedule' or 'command'. */
    runBy: text('run_by').notNull(),
    finishedAt: timestamp('finished_at', { withTimezone: true }).notNull().default(sql`now()`),
  },
  (t) => [uniqueIndex('reconciliation_runs_date_uq').on(t.businessDate, t.provider)],
);

/**
 * A mismatch between the provider and our books, found on a business date. Open until finance
 * resolves it (posted, reversed, or explained with a note) or a later run finds it matched
 * ('cleared'); one per date, kind and reference, so a rerun updates it instead of adding one.
 */
export const reconciliationFindings = pgTable(
  'reconciliation_findings',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    businessDate: date('business_date').notNull(),
    provider: text('provider').notNull(),
    /** paid-not-posted, posted-not-paid, amount-differs, payout-not-recorded, payout-not-paid, payout-amount-differs, payout-reversed. */
    kind: text('kind').notNull(),
    reference: text('reference').notNull(),
    orderId: bigint('order_id', { mode: 'number' }).references(() => loanOrders.id),
    /** What the provider reports (centavos; null when it has no such transaction) and what we hold. */
    providerAmount: bigint('provider_amount', { mode: 'number' }),
    ourAmount: bigint('our_amount', { mode: 'number' }),
    providerTransactionId: text('provider_transaction_id'),
    providerStatus: text('provider_status'),
    /** The moment the provider gives for the transaction (ISO 8601). */
    providerAt: text('provider_at'),
    detail: text('detail').notNull(),
    /** open → resolved (by finance) | cleared (a later run found it matched). */
    status: text('status').notNull().default('open'),
    /** posted, reversed, explained, or provider (acted on from the provider's word during the run). */
    resolution: text('resolution'),
    note: text('note'),
    resolvedBy: text('resolved_by'),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().default(sql`now()`),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().default(sql`now()`),
  },
  (t) => [
    uniqueIndex('reconciliation_findings_uq').on(t.businessDate, t.provider, t.kind, t.reference),
    index('reconciliation_findings_status_idx').on(t.status),
    check('reconciliation_findings_status', sql`${t.status} in ('open', 'resolved', 'cleared')`),
  ],
);
