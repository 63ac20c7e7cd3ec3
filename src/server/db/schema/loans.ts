import { sql } from 'drizzle-orm';
import { bigint, bigserial, boolean, date, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import type { ProductPresentation } from '../../../shared/contracts/loan-confirm';
import { borrowers } from './borrowers';

/** A loan product; `terms` is the loan engine's product configuration (validated by it). */
export const products = pgTable('products', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  name: text('name').notNull(),
  logo: text('logo').notNull(),
  terms: jsonb('terms').$type<Record<string, unknown>>().notNull(),
  enabled: boolean('enabled').notNull().default(true),
  /** spec 001 §3 confirm page extras: button text, promotional and retention popups, agreement popup. */
  presentation: jsonb('presentation').$type<ProductPresentation>().notNull().default({}),
  /** How many open applications or loans a borrower may hold when applying for this product. */
  openLoansAllowed: integer('open_loans_allowed').notNull().default(1),
  /** A first loan's most, in centavos (null: the product's maximum from the start). */
  firstLoanMax: bigint('first_loan_max', { mode: 'number' }),
  /** How much the limit grows with each loan repaid on time, in centavos. */
  limitStep: bigint('limit_step', { mode: 'number' }).notNull().default(0),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().default(sql`now()`),
});

/**
 * One row: a number that every statement changing `products` raises, in its own transaction (a
 * trigger, migration 0032), so a process that keeps the products in memory knows from one small
 * read whether what it keeps is still the catalogue (src/server/catalogue/kept-catalogue.ts).
 */
export const catalogueVersion = pgTable('catalogue_version', {
  only: boolean('only').primaryKey().default(true),
  version: bigint('version', { mode: 'number' }).notNull().default(1),
});

/** A loan order in the states of architecture.md: Order states. Money is integer centavos. */
export const loanOrders = pgTable(
  'loan_orders',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    orderNo: text('order_no').notNull().unique(),
    borrowerId: bigint('borrower_id', { mode: 'number' })
      .notNull()
      .references(() => borrowers.id),
    productId: bigint('product_id', { mode: 'number' })
      .notNull()
      .references(() => products.id),
    status: integer('status').notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    termDays: integer('term_days').notNull(),
    periods: integer('periods').notNull(),
    disbursedOn: date('disbursed_on'),
    /** Due date of the first unpaid installment: what close of business compares with. */
    dueDate: date('due_date'),
    /** The quote the borrower accepted at submission (loan engine LoanQuote, disbursal date provisional). */
    quote: jsonb('quote').$type<Record<string, unknown>>(),
    /** The running loan (loan engine LoanState) from disbursal on; changed only by loan-order services. */
    loanState: jsonb('loan_state').$type<Record<string, unknown>>(),
    borrowerKind: text('borrower_kind').notNull().default('new'),
    decisionReason: text('decision_reason'),
    extensions: integer('extensions').notNull().default(0),
    /** Set when finance wrote the loan off (loan engine WriteOff): what was written off and earned by then. */
    writeOff: jsonb('write_off').$type<Record<string, unknown>>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().default(sql`now()`),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().default(sql`now()`),
  },
  (t) => [
    index('loan_orders_borrower_idx').on(t.borrowerId, t.createdAt),
    index('loan_orders_status_due_idx').on(t.status, t.dueDate),
    /** A desk's queue of one status, oldest or newest first, a page at a time. */
    index('loan_orders_status_created_idx').on(t.status, t.createdAt, t.id),
  ],
);
