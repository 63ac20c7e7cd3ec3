import { sql } from 'drizzle-orm';
import { bigint, bigserial, index, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { borrowers } from './borrowers';
import { loanOrders } from './loans';

/**
 * Every loan disclosure a borrower accepted, exactly as it was shown: the priced quote, the
 * digest of its terms, and when it was accepted. Rows are never changed or deleted (a trigger
 * refuses it); a later acceptance for the same order adds a row, and the order's newest
 * acceptance is its contract.
 */
export const loanDisclosures = pgTable(
  'loan_disclosures',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    orderId: bigint('order_id', { mode: 'number' })
      .notNull()
      .references(() => loanOrders.id),
    borrowerId: bigint('borrower_id', { mode: 'number' })
      .notNull()
      .references(() => borrowers.id),
    /** 'origination' (at application, or again when the terms changed before disbursal) or 'renewal'. */
    kind: text('kind').notNull(),
    /** Digest of the priced terms and amount: equal digests mean equal contracts (dates aside). */
    termsDigest: text('terms_digest').notNull(),
    /** The loan engine's quote as shown (terms, schedule, Truth in Lending disclosure). */
    quote: jsonb('quote').$type<Record<string, unknown>>().notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }).notNull().default(sql`now()`),
  },
  (t) => [index('loan_disclosures_order_idx').on(t.orderId, t.id)],
);
