import { sql } from 'drizzle-orm';
import { bigint, bigserial, date, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
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
    /** Who was contacted: 'borrower' (the data model keeps no reference person). */
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

/** The borrower's consent to be contacted outside 6 AM–10 PM on one loan, as a staff member recorded it. */
export const contactConsents = pgTable(
  'contact_consents',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    orderId: bigint('order_id', { mode: 'number' })
      .notNull()
      .references(() => loanOrders.id),
    staffId: bigint('staff_id', { mode: 'number' }).references(() => staff.id),
    actor: text('actor').notNull(),
    /** How the borrower gave it ("said so on the call of 12 May"). */
    note: text('note').notNull().default(''),
    recordedAt: timestamp('recorded_at', { withTimezone: true }).notNull().default(sql`now()`),
  },
  (t) => [index('contact_consents_order_idx').on(t.orderId)],
);
