import { sql } from 'drizzle-orm';
import { bigint, bigserial, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/** A borrower, identified by a Philippine mobile number stored as 09XXXXXXXXX. */
export const borrowers = pgTable(
  'borrowers',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    phone: text('phone').notNull().unique(),
    fullName: text('full_name'),
    /** Attribution from the promotion page (spec 001 §7 register). */
    appFrom: text('app_from'),
    userFrom: text('user_from'),
    utmTag: text('utm_tag'),
    inviteCode: text('invite_code'),
    templateId: integer('template_id'),
    /** The language the borrower last signed in with ('en' or 'fil'): what messages they are sent in. */
    language: text('language'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().default(sql`now()`),
  },
  (t) => [
    /** A sign-in mobile compared with e-wallet numbers on its last ten digits (the duplicate signal). */
    index('borrowers_phone_last_ten_idx').on(sql`right(regexp_replace(${t.phone}, '\\D', '', 'g'), 10)`),
  ],
);

/** architecture.md: Sessions: random 256-bit tokens stored hashed, with idle and absolute expiry. */
export const sessions = pgTable(
  'sessions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    tokenHash: text('token_hash').notNull().unique(),
    borrowerId: bigint('borrower_id', { mode: 'number' })
      .notNull()
      .references(() => borrowers.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().default(sql`now()`),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().default(sql`now()`),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [index('sessions_borrower_idx').on(t.borrowerId)],
);

/**
 * The devices a borrower signed in from (the credit desk's same-device signal): a browser's
 * first-party device cookie, or the native app's `deviceId`, stored only as a SHA-256 digest.
 * One row per borrower and device, so concurrent sign-ins touch one row.
 */
export const borrowerDevices = pgTable(
  'borrower_devices',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    borrowerId: bigint('borrower_id', { mode: 'number' })
      .notNull()
      .references(() => borrowers.id),
    /** 'browser' (our device cookie) or 'app' (the native app's deviceId). */
    kind: text('kind').notNull(),
    deviceHash: text('device_hash').notNull(),
    firstSeenAt: timestamp('first_seen_at', { withTimezone: true }).notNull().default(sql`now()`),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().default(sql`now()`),
  },
  (t) => [
    uniqueIndex('borrower_devices_borrower_device_uq').on(t.borrowerId, t.deviceHash),
    index('borrower_devices_device_idx').on(t.deviceHash),
  ],
);
