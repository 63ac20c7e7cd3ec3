import { sql } from 'drizzle-orm';
import { bigint, bigserial, check, index, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { staff } from './staff';

/**
 * A staff member's second factor reset (a lost phone), asked for by one admin: it is reset only
 * when a different admin approves, and the member enrols again at their next sign-in. One pending
 * request per member, so asking twice adds nothing.
 */
export const staffFactorResets = pgTable(
  'staff_factor_resets',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    staffId: bigint('staff_id', { mode: 'number' })
      .notNull()
      .references(() => staff.id),
    /** 'pending' until a second admin approves (the factor is reset) or rejects it. */
    status: text('status').notNull().default('pending'),
    proposedBy: bigint('proposed_by', { mode: 'number' })
      .notNull()
      .references(() => staff.id),
    proposedAt: timestamp('proposed_at', { withTimezone: true }).notNull().default(sql`now()`),
    decidedBy: bigint('decided_by', { mode: 'number' }).references(() => staff.id),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    rejectReason: text('reject_reason'),
  },
  (t) => [
    uniqueIndex('staff_factor_resets_pending_uq').on(t.staffId).where(sql`${t.status} = 'pending'`),
    index('staff_factor_resets_status_idx').on(t.status),
    check('staff_factor_resets_status', sql`${t.status} in ('pending', 'approved', 'rejected')`),
    check('staff_factor_resets_two_people', sql`${t.decidedBy} is null or ${t.decidedBy} <> ${t.proposedBy}`),
  ],
);
