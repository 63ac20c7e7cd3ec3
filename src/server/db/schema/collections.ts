import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  check,
  date,
  index,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { borrowers } from './borrowers';
import { loanOrders } from './loans';
import { staff } from './staff';

/**
 * One collection contact attempt on an overdue or due loan (SEC MC 18 s.2019): who contacted
 * whom, how, with what outcome. Only attempts the contact rules allowed are stored here; refused
 * ones go to the audit log with the rule that refused them.
 */
export const contactAttempts = pgTable(
  'contact_attempts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    orderId: bigint('order_id', { mode: 'number' })
      .notNull()
      .references(() => loanOrders.id),
    borrowerId: bigint('borrower_id', { mode: 'number' })
      .notNull()
      .references(() => borrowers.id),
    /** Null for the configured operator token. */
    staffId: bigint('staff_id', { mode: 'number' }).references(() => staff.id),
    /** Who, as shown: the e-mail, or "operator-token". */
    actor: text('actor').notNull(),
    /** 'call' or 'sms'. */
    channel: text('channel').notNull(),
    /** Who was contacted: always 'borrower' (a character reference is never a collections target). */
    party: text('party').notNull(),
    outcome: text('outcome').notNull(),
    note: text('note').notNull().default(''),
    /** The injected clock's instant, not the database's: the rules were checked against it. */
    attemptedAt: timestamp('attempted_at', { withTimezone: true }).notNull(),
    /** The Manila calendar day of `attemptedAt`: the daily cap counts per loan and day. */
    manilaDay: date('manila_day').notNull(),
  },
  (t) => [index('contact_attempts_order_day_idx').on(t.orderId, t.manilaDay)],
);

/**
 * The borrower's own consent to be contacted outside 6 AM–10 PM Manila (SEC MC 18 s.2019 allows
 * it only with the borrower's express consent): given on the borrower pages or by replying to an
 * SMS, never by a collector. It lasts until `expiresAt` unless the borrower revokes it first.
 */
export const outOfHoursConsents = pgTable(
  'out_of_hours_consents',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    borrowerId: bigint('borrower_id', { mode: 'number' })
      .notNull()
      .references(() => borrowers.id),
    /** 'borrower-page' or 'sms-reply'. */
    source: text('source').notNull(),
    /** What shows it was the borrower: the signed-in session's address and browser, or the SMS reply as received. */
    evidence: jsonb('evidence').$type<Record<string, string>>().notNull(),
    givenAt: timestamp('given_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    /** 'borrower-page' or 'sms-reply': the borrower revokes it the way they like. */
    revokedVia: text('revoked_via'),
  },
  (t) => [index('out_of_hours_consents_borrower_idx').on(t.borrowerId, t.expiresAt)],
);

/** Which collector works a loan in collection: dealt by days past due, dealt again when the collector is away. */
export const collectionAssignments = pgTable('collection_assignments', {
  orderId: bigint('order_id', { mode: 'number' })
    .primaryKey()
    .references(() => loanOrders.id),
  staffId: bigint('staff_id', { mode: 'number' })
    .notNull()
    .references(() => staff.id),
  assignedAt: timestamp('assigned_at', { withTimezone: true }).notNull(),
  /** 'dealt' (a new loan in collection), 'rebalanced' (its collector was away or left) or 'moved' (by hand). */
  reason: text('reason').notNull(),
});

/** Days a collector is away: their loans are dealt to the collectors at work. */
export const collectorAbsences = pgTable(
  'collector_absences',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    staffId: bigint('staff_id', { mode: 'number' })
      .notNull()
      .references(() => staff.id),
    fromDay: date('from_day').notNull(),
    untilDay: date('until_day').notNull(),
    actor: text('actor').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().default(sql`now()`),
  },
  (t) => [index('collector_absences_staff_idx').on(t.staffId, t.untilDay)],
);

/** A note, or a task with a day it is due, on a loan in collection. */
export const collectionNotes = pgTable(
  'collection_notes',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    orderId: bigint('order_id', { mode: 'number' })
      .notNull()
      .references(() => loanOrders.id),
    /** 'note' or 'task'. */
    kind: text('kind').notNull(),
    text: text('text').notNull(),
    /** A task's Manila day. */
    dueDay: date('due_day'),
    doneAt: timestamp('done_at', { withTimezone: true }),
    doneBy: text('done_by'),
    staffId: bigint('staff_id', { mode: 'number' }).references(() => staff.id),
    actor: text('actor').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('collection_notes_order_idx').on(t.orderId)],
);

/**
 * A borrower's promise to pay an amount by a day. Not money: the payments posted on the loan from
 * the day it was made through the promised day mark it kept, or broken once that day has passed.
 */
export const promisesToPay = pgTable(
  'promises_to_pay',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    orderId: bigint('order_id', { mode: 'number' })
      .notNull()
      .references(() => loanOrders.id),
    /** Centavos. */
    amount: bigint('amount', { mode: 'number' }).notNull(),
    /** The Manila day it was made; payments from this day count towards it. */
    madeOn: date('made_on').notNull(),
    promisedDay: date('promised_day').notNull(),
    /** 'open', 'kept' or 'broken'. */
    status: text('status').notNull().default('open'),
    /** Centavos paid towards it when it was settled (kept or broken). */
    paid: bigint('paid', { mode: 'number' }).notNull().default(0),
    settledAt: timestamp('settled_at', { withTimezone: true }),
    staffId: bigint('staff_id', { mode: 'number' }).references(() => staff.id),
    actor: text('actor').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('promises_to_pay_order_idx').on(t.orderId, t.status),
    check('promises_to_pay_amount_positive', sql`${t.amount} > 0`),
  ],
);

/** A text a collector sent from a template: the words as the borrower got them, and whether the gateway took it. */
export const collectionTexts = pgTable(
  'collection_texts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    orderId: bigint('order_id', { mode: 'number' })
      .notNull()
      .references(() => loanOrders.id),
    attemptId: bigint('attempt_id', { mode: 'number' })
      .notNull()
      .references(() => contactAttempts.id),
    template: text('template').notNull(),
    language: text('language').notNull(),
    phone: text('phone').notNull(),
    body: text('body').notNull(),
    /** 'sent' or 'failed'. */
    status: text('status').notNull(),
    staffId: bigint('staff_id', { mode: 'number' }).references(() => staff.id),
    actor: text('actor').notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('collection_texts_order_idx').on(t.orderId),
    uniqueIndex('collection_texts_attempt_uq').on(t.attemptId),
  ],
);
