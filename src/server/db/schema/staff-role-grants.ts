import { sql } from 'drizzle-orm';
import { bigint, bigserial, check, index, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { staff } from './staff';

/**
 * A money role (finance, admin) one admin asked for on a staff account: the account holds it only
 * once a different admin approves. Removing a role never passes through here: taking power away
 * applies at once. One pending grant per account and role, so a second save adds nothing.
 */
export const staffRoleGrants = pgTable(
  'staff_role_grants',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    staffId: bigint('staff_id', { mode: 'number' })
      .notNull()
      .references(() => staff.id),
    role: text('role').notNull(),
    /** 'pending' until a second admin approves (the role is added) or rejects it. */
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
    uniqueIndex('staff_role_grants_pending_uq').on(t.staffId, t.role).where(sql`${t.status} = 'pending'`),
    index('staff_role_grants_status_idx').on(t.status),
    check('staff_role_grants_status', sql`${t.status} in ('pending', 'approved', 'rejected')`),
    check('staff_role_grants_two_people', sql`${t.decidedBy} is null or ${t.decidedBy} <> ${t.proposedBy}`),
  ],
);
