import { sql } from 'drizzle-orm';
import { bigint, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { borrowers } from './borrowers';

/**
 * Which duplicate signals a borrower carries now (the credit desk's "only those with a signal"),
 * kept by the code that saves what the signals compare: a row only while there is at least one.
 * The signals themselves are defined once, in the credit desk's duplicate-signals module.
 */
export const duplicateSignalFlags = pgTable('duplicate_signal_flags', {
  borrowerId: bigint('borrower_id', { mode: 'number' })
    .primaryKey()
    .references(() => borrowers.id),
  /** The kinds, sorted: idNumber, payoutAccount, phone, device. */
  signals: text('signals').array().notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().default(sql`now()`),
});
