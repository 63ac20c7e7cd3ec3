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
  (t) => [
    primaryKey({ columns: [t.borrowerId, t.section] }),
    /** The ID number as the duplicate signal and the borrower search compare it: letters and digits, any case. */
    index('application_answers_id_number_idx')
      .on(sql`upper(regexp_replace(${t.answers}->>'idNumber', '[^A-Za-z0-9]', '', 'g'))`)
      .where(sql`${t.section} = 'public'`),
  ],
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
