import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { loanOrders } from './loans';

/**
 * A payment received for an order: posted exactly once per (provider, reference) — the unique
 * index is what makes concurrent duplicates collapse into one posting.
 */
export const payments = pgTable(
  'payments',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    orderId: bigint('order_id', { mode: 'number' })
      .notNull()
      .references(() => loanOrders.id),
    provider: text('provider').notNull(),
    reference: text('reference').notNull(),
    kind: text('kind').notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    /** The day the recording was made (the books' day). */
    businessDate: date('business_date').notNull(),
    /** The day the money was paid, as the provider reports it: the loan is rebuilt in this order. */
    valueDate: date('value_date').notNull(),
    /** 'posted', or 'reversed' (a provider chargeback or a finance reversal; kept for the record). */
    status: text('status').notNull().default('posted'),
    reversedAt: timestamp('reversed_at', { withTimezone: true }),
    reversedBy: text('reversed_by'),
    reversalReason: text('reversal_reason'),
    allocation: jsonb('allocation').$type<Record<string, number>>().notNull(),
    /** The amount quoted to the borrower (an extension's delay amount, a payoff), honoured in its window. */
    honoured: jsonb('honoured').$type<{ amount: number; quotedOn: string; validThrough: string }>(),
    postedBy: text('posted_by').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().default(sql`now()`),
  },
  (t) => [
    uniqueIndex('payments_provider_reference_uq').on(t.provider, t.reference),
    index('payments_order_idx').on(t.orderId),
    /** Finance's payments list, newest first, a page at a time. */
    index('payments_created_idx').on(t.createdAt, t.id),
    check('payments_amount_positive', sql`${t.amount} > 0`),
  ],
);

/** Double-entry lines: every journal's debits equal its credits (checked by tests after each money move). */
export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    journalId: text('journal_id').notNull(),
    orderId: bigint('order_id', { mode: 'number' })
      .notNull()
      .references(() => loanOrders.id),
    paymentId: bigint('payment_id', { mode: 'number' }).references(() => payments.id),
    businessDate: date('business_date').notNull(),
    account: text('account').notNull(),
    debit: bigint('debit', { mode: 'number' }).notNull().default(0),
    credit: bigint('credit', { mode: 'number' }).notNull().default(0),
    memo: text('memo').notNull(),
    /**
     * The one event that caused the journal, as `kind:id` (`payment:42`, `reversal:42`,
     * `disbursal:HRM00000086`, `transfer:CRD-…`, `refund:RFD-…`, `write-off:3`, `cob:2026-11-28`,
     * `recognition:2026-11-28`…), so an auditor reads why from the journal itself. Null on lines
     * booked before it was kept.
     */
    cause: text('cause'),
    /**
     * The day the money moved or the event counts from (a payment's paid-at day); `business_date`
     * is the day it was posted on, the open business date, so a closed day never changes.
     */
    valueDate: date('value_date'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().default(sql`now()`),
  },
  (t) => [
    index('ledger_entries_order_idx').on(t.orderId),
    index('ledger_entries_journal_idx').on(t.journalId),
    check(
      'ledger_entries_one_side',
      sql`${t.debit} >= 0 and ${t.credit} >= 0 and (${t.debit} = 0) <> (${t.credit} = 0)`,
    ),
  ],
);

/**
 * What each loan has booked on each income account (interest_income, fee_income, penalty_income):
 * the sum of debit minus credit of its ledger lines there, so income recognition reads a row per
 * account instead of the loan's whole history. Kept by triggers on ledger_entries (migration
 * 0033), in the statement that inserts, changes or removes the lines, whatever writes them; the
 * migration built the rows for the lines that were already there. Never written otherwise.
 */
export const incomeTotals = pgTable(
  'income_totals',
  {
    orderId: bigint('order_id', { mode: 'number' })
      .notNull()
      .references(() => loanOrders.id),
    account: text('account').notNull(),
    /** Debits minus credits, as `sum(debit - credit)` over the loan's lines on the account. */
    net: bigint('net', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.orderId, t.account] })],
);

/** Every status change of an order, with who made it and why. */
export const orderEvents = pgTable(
  'order_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    orderId: bigint('order_id', { mode: 'number' })
      .notNull()
      .references(() => loanOrders.id),
    fromStatus: integer('from_status'),
    toStatus: integer('to_status').notNull(),
    actor: text('actor').notNull(),
    reason: text('reason'),
    businessDate: date('business_date'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().default(sql`now()`),
  },
  (t) => [index('order_events_order_idx').on(t.orderId)],
);

/** Close of business, one row per business date: running it again for a finished date does nothing. */
export const cobRuns = pgTable('cob_runs', {
  businessDate: date('business_date').primaryKey(),
  status: text('status').notNull(),
  windowOpened: integer('window_opened').notNull().default(0),
  becameOverdue: integer('became_overdue').notNull().default(0),
  penaltiesAccrued: integer('penalties_accrued').notNull().default(0),
  startedAt: timestamp('started_at', { withTimezone: true }).notNull().default(sql`now()`),
  finishedAt: timestamp('finished_at', { withTimezone: true }),
});

/**
 * Close of business, what is done of each step of a business date: one row per id range a step
 * finished, written in the same transaction as the range's work, so a run restarted after a
 * kill skips the ranges already done and never does one twice. A step done as a whole (the
 * reconciliation after the close) is one row with an empty range. Deleting the run deletes them.
 */
export const cobSteps = pgTable(
  'cob_steps',
  {
    businessDate: date('business_date')
      .notNull()
      .references(() => cobRuns.businessDate, { onDelete: 'cascade' }),
    step: text('step').notNull(),
    rangeLo: bigint('range_lo', { mode: 'number' }).notNull(),
    rangeHi: bigint('range_hi', { mode: 'number' }).notNull(),
    /** Loans (or, for a whole step, items) the range changed. */
    changed: integer('changed').notNull().default(0),
    /** Transitions only: of those changed, how many became overdue (the rest had their window opened). */
    becameOverdue: integer('became_overdue').notNull().default(0),
    finishedAt: timestamp('finished_at', { withTimezone: true }).notNull().default(sql`now()`),
  },
  (t) => [primaryKey({ columns: [t.businessDate, t.step, t.rangeLo] })],
);
