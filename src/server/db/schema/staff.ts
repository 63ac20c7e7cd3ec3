import { sql } from 'drizzle-orm';
import { bigint, bigserial, boolean, index, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** architecture.md: Back office: a back-office account. The password is kept only as an argon2id hash. */
export const staff = pgTable('staff', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  email: text('email').notNull().unique(),
  name: text('name').notNull(),
  passwordHash: text('password_hash').notNull(),
  /** Any of support, credit, finance, collections, admin. */
  roles: text('roles').array().notNull(),
  active: boolean('active').notNull().default(true),
  /** The TOTP secret once the second factor is enrolled, sealed (`v1.…`, see second-factor-secret.ts); null until then. */
  totpSecret: text('totp_secret'),
  /** The secret shown at enrolment, until the first code from it proves the phone has it. */
  totpPendingSecret: text('totp_pending_secret'),
  /** The last 30-second step a code was accepted for: a code is never accepted twice. */
  totpLastStep: bigint('totp_last_step', { mode: 'number' }),
  /** SHA-256 of each unused recovery code; one is removed when it is used. */
  recoveryCodeHashes: text('recovery_code_hashes').array().notNull().default(sql`'{}'::text[]`),
  /**
   * The password was typed by an admin (a new account, or a reset in the back office): the owner
   * chooses their own at the next sign-in, before any enrolment or code, so the admin never knows
   * a password that still works.
   */
  passwordChangeRequired: boolean('password_change_required').notNull().default(false),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().default(sql`now()`),
});

/** A staff sign-in, kept like the borrowers' sessions: a random token stored hashed, idle and absolute expiry. */
export const staffSessions = pgTable(
  'staff_sessions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    tokenHash: text('token_hash').notNull().unique(),
    staffId: bigint('staff_id', { mode: 'number' })
      .notNull()
      .references(() => staff.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().default(sql`now()`),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().default(sql`now()`),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [index('staff_sessions_staff_idx').on(t.staffId)],
);

/**
 * Every staff action — who, what, when, the state before and after. Append-only: a
 * trigger (migration 0003) refuses UPDATE, DELETE and TRUNCATE, and no call edits it.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** Null for the configured operator token and for failed sign-ins. */
    staffId: bigint('staff_id', { mode: 'number' }).references(() => staff.id),
    /** Who, as shown: the e-mail, or "operator-token". */
    actor: text('actor').notNull(),
    /** The call's name, e.g. operatorLoans.approve. */
    action: text('action').notNull(),
    entity: text('entity').notNull(),
    entityId: text('entity_id'),
    before: jsonb('before'),
    after: jsonb('after'),
    at: timestamp('at', { withTimezone: true }).notNull().default(sql`now()`),
  },
  (t) => [index('audit_log_entity_idx').on(t.entity, t.entityId), index('audit_log_at_idx').on(t.at)],
);
