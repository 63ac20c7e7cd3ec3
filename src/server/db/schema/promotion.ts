import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import type { StoredTemplateData } from '../../../shared/contracts/back-office-catalogue';

/** spec 001 §2.2, §3: a promotion landing template (texts, colours, images, store links). */
export const promotionTemplates = pgTable('promotion_templates', {
  id: serial('id').primaryKey(),
  /** The operators' name for it (back office); visitors never see it. */
  name: text('name').notNull(),
  /** The page's data in English, with its texts in Filipino under `fil`. */
  data: jsonb('data').$type<StoredTemplateData>().notNull(),
  enabled: boolean('enabled').notNull().default(true),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().default(sql`now()`),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().default(sql`now()`),
});

/**
 * The funnel of the promotion pages: visits (track-visit), clicks on Apply (track-click) and
 * registrations, with the campaign attributes. No phone numbers and no addresses are kept here.
 */
export const promotionEvents = pgTable(
  'promotion_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    kind: text('kind').notNull(),
    templateId: integer('template_id'),
    appFrom: text('app_from'),
    userFrom: text('user_from'),
    utmTag: text('utm_tag'),
    clientType: text('client_type'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().default(sql`now()`),
  },
  (t) => [
    index('promotion_events_funnel_idx').on(t.createdAt, t.templateId),
    check('promotion_events_kind_check', sql`${t.kind} in ('visit', 'click', 'register')`),
  ],
);

/**
 * architecture.md: Providers picture captcha: bound to the sid, single use, 5-minute expiry. `answer` is the text
 * drawn last for the sid (a redraw replaces it). A correct answer on get-sms binds the sid to that
 * phone (`passedPhone`) so register can take the same captcha once more; any wrong answer, and
 * the registration itself, consume it.
 */
export const promotionCaptchas = pgTable(
  'promotion_captchas',
  {
    sid: text('sid').primaryKey(),
    answer: text('answer'),
    passedPhone: text('passed_phone'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().default(sql`now()`),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
  },
  (t) => [index('promotion_captchas_expires_idx').on(t.expiresAt)],
);

/**
 * architecture.md: What runs where: rate-limit counters live in PostgreSQL (features/abuse). One row per key and window
 * length; a new window resets the count in the same upsert.
 */
export const rateLimitCounters = pgTable(
  'rate_limit_counters',
  {
    key: text('key').notNull(),
    windowSeconds: integer('window_seconds').notNull(),
    windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
    hits: integer('hits').notNull(),
  },
  (t) => [primaryKey({ columns: [t.key, t.windowSeconds] }), index('rate_limit_counters_window_idx').on(t.windowStart)],
);
