import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
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
 * The reminder schedule operators configure: a text sent by SMS so many days before the due date
 * (negative offset), on it (0) or after it, in English and Filipino.
 */
export const reminderRules = pgTable('reminder_rules', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  /** Days from the due date: -3 is three days before it, 0 the day itself, 7 a week after. */
  offsetDays: integer('offset_days').notNull(),
  textEn: text('text_en').notNull(),
  textFil: text('text_fil').notNull(),
  enabled: boolean('enabled').notNull().default(true),
  updatedBy: text('updated_by').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().default(sql`now()`),
});

/**
 * Each reminder sent: one per rule, loan and due date (an extension moves the due date, so the
 * schedule starts again), and at most one per loan a day.
 */
export const reminderSends = pgTable(
  'reminder_sends',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    ruleId: bigint('rule_id', { mode: 'number' })
      .notNull()
      .references(() => reminderRules.id),
    orderId: bigint('order_id', { mode: 'number' })
      .notNull()
      .references(() => loanOrders.id),
    dueDate: date('due_date').notNull(),
    /** The Manila business date it went out. */
    sentOn: date('sent_on').notNull(),
    language: text('language').notNull(),
    body: text('body').notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().default(sql`now()`),
  },
  (t) => [
    uniqueIndex('reminder_sends_once_uq').on(t.ruleId, t.orderId, t.dueDate),
    uniqueIndex('reminder_sends_daily_uq').on(t.orderId, t.sentOn),
    index('reminder_sends_sent_idx').on(t.sentOn),
  ],
);
