import { sql } from 'drizzle-orm';
import { bigint, bigserial, index, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { borrowers } from './borrowers';

/**
 * A borrower's answers to one section of the application (spec 000 §2 form-section keys personal,
 * job, ext, public), as checked when saved: editable until an application is submitted, read back
 * when the borrower returns, and shown to credit staff. Photos are upload addresses, never bytes.
 */
export const applicationAnswers = pgTable(
  'application_answers',
  {
    borrowerId: bigint('borrower_id', { mode: 'number' })
      .notNull()
      .references(() => borrowers.id),
    section: text('section').notNull(),
    answers: jsonb('answers').$type<Record<string, string>>().notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().default(sql`now()`),
  },
  (t) => [primaryKey({ columns: [t.borrowerId, t.section] })],
);

/** Every data-privacy consent given: which version of the text, and when. A new consent adds a row. */
export const privacyConsents = pgTable(
  'privacy_consents',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    borrowerId: bigint('borrower_id', { mode: 'number' })
      .notNull()
      .references(() => borrowers.id),
    version: text('version').notNull(),
    givenAt: timestamp('given_at', { withTimezone: true }).notNull().default(sql`now()`),
  },
  (t) => [index('privacy_consents_borrower_idx').on(t.borrowerId, t.id)],
);
