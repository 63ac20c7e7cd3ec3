import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  date,
  index,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { borrowers } from './borrowers';

/**
 * A borrower's request under the Data Privacy Act (docs/privacy.md): access, correction, withdrawal
 * of a consent, objection, erasure or blocking. Logged with its legal deadline and answered from
 * the privacy desk; the answer is shown in My data and sent by SMS.
 */
export const privacyRequests = pgTable(
  'privacy_requests',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    borrowerId: bigint('borrower_id', { mode: 'number' })
      .notNull()
      .references(() => borrowers.id),
    /** 'access' | 'correction' | 'consent' | 'objection' | 'erasure' | 'blocking'. */
    kind: text('kind').notNull(),
    /** What was asked: the field and the new value of a correction, the consent withdrawn, the borrower's words. */
    detail: jsonb('detail').$type<Record<string, string>>().notNull().default({}),
    /** 'open', then 'done' or 'refused'. */
    status: text('status').notNull().default('open'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().default(sql`now()`),
    dueAt: timestamp('due_at', { withTimezone: true }).notNull(),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
    answeredBy: text('answered_by'),
    /** The answer as the borrower reads it. */
    outcome: text('outcome'),
    /** What the answer changed (a correction's before and after, what an erasure removed and kept). */
    effect: jsonb('effect').$type<Record<string, unknown>>(),
  },
  (t) => [
    index('privacy_requests_borrower_idx').on(t.borrowerId, t.id),
    index('privacy_requests_open_idx').on(t.status, t.dueAt),
  ],
);

/** Optional consents (marketing, product research): each change a new row, so the history and its times stay. */
export const consentChoices = pgTable(
  'consent_choices',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    borrowerId: bigint('borrower_id', { mode: 'number' })
      .notNull()
      .references(() => borrowers.id),
    consent: text('consent').notNull(),
    given: boolean('given').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().default(sql`now()`),
  },
  (t) => [index('consent_choices_borrower_idx').on(t.borrowerId, t.consent, t.id)],
);

/** Every staff view of a borrower's identity documents or personal details. */
export const personalDataAccess = pgTable(
  'personal_data_access',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    borrowerId: bigint('borrower_id', { mode: 'number' })
      .notNull()
      .references(() => borrowers.id),
    /** Who, as the audit log shows them: the e-mail, or "operator-token". */
    actor: text('actor').notNull(),
    /** 'borrower view' | 'application review' | 'identity picture'. */
    what: text('what').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().default(sql`now()`),
  },
  (t) => [
    index('personal_data_access_borrower_idx').on(t.borrowerId, t.at),
    index('personal_data_access_at_idx').on(t.at),
  ],
);

/**
 * Records kept after an erasure or a blocking, and why: the loan's records for the period the
 * regulators' and tax rules require. While a hold stands the borrower's data is used for nothing else.
 */
export const privacyHolds = pgTable(
  'privacy_holds',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    borrowerId: bigint('borrower_id', { mode: 'number' })
      .notNull()
      .references(() => borrowers.id),
    /** 'kept' (after erasure: records kept for a legal duty) or 'blocked' (the borrower asked for blocking). */
    kind: text('kind').notNull(),
    what: text('what').notNull(),
    reason: text('reason').notNull(),
    keptUntil: date('kept_until'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().default(sql`now()`),
  },
  (t) => [index('privacy_holds_borrower_idx').on(t.borrowerId)],
);

/** A reference person told by SMS that they were named; one notice per borrower and reference number (a digest, not the number). */
export const referenceNotices = pgTable(
  'reference_notices',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    borrowerId: bigint('borrower_id', { mode: 'number' })
      .notNull()
      .references(() => borrowers.id),
    phoneDigest: text('phone_digest').notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().default(sql`now()`),
  },
  (t) => [uniqueIndex('reference_notices_uq').on(t.borrowerId, t.phoneDigest)],
);

/** One run of the daily retention job: what it removed, per kind of data. */
export const retentionRuns = pgTable('retention_runs', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  runDate: date('run_date').notNull().unique(),
  report: jsonb('report').$type<Record<string, number>>().notNull(),
  ranAt: timestamp('ran_at', { withTimezone: true }).notNull().default(sql`now()`),
});

/** A personal data breach (NPC Circular 16-03): what, when found, who is affected, the notice. */
export const breachRecords = pgTable('breach_records', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  what: text('what').notNull(),
  foundAt: timestamp('found_at', { withTimezone: true }).notNull(),
  /** The window the breach covers, and the staff member whose access it concerns (if any). */
  fromAt: timestamp('from_at', { withTimezone: true }).notNull(),
  toAt: timestamp('to_at', { withTimezone: true }).notNull(),
  actor: text('actor'),
  affected: jsonb('affected').$type<number[]>().notNull().default([]),
  recordedBy: text('recorded_by').notNull(),
  notifiedAt: timestamp('notified_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().default(sql`now()`),
});
