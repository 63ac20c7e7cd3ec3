import { sql } from 'drizzle-orm';
import { bigserial, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** architecture.md: Providers: one-time codes, stored hashed, expiring, single use, limited tries. */
export const otpCodes = pgTable(
  'otp_codes',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    phone: text('phone').notNull(),
    purpose: text('purpose').notNull(),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    ip: text('ip'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().default(sql`now()`),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
  },
  (t) => [index('otp_codes_phone_idx').on(t.phone, t.purpose, t.createdAt)],
);

/**
 * Every SMS sent, one row each. The outbox provider keeps the whole text (developers read the code
 * there, outside production only); a gateway's row keeps the text with the code masked, and what
 * became of it: the gateway's message id, the delivery status, the attempts and the last error.
 */
export const smsOutbox = pgTable(
  'sms_outbox',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    phone: text('phone').notNull(),
    body: text('body').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().default(sql`now()`),
    provider: text('provider').notNull().default('outbox'),
    providerMessageId: text('provider_message_id'),
    /** 'stored' (outbox), 'sending', then the gateway's word ('Queued', 'Pending', 'Sent', …) or 'failed'. */
    status: text('status').notNull().default('stored'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().default(sql`now()`),
  },
  (t) => [index('sms_outbox_phone_idx').on(t.phone, t.createdAt)],
);
