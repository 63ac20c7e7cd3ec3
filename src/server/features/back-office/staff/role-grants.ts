import { aliasedTable, and, asc, eq, ne, sql } from 'drizzle-orm';
import { isMoneyRole, type StaffRole } from '../../../../shared/api/define-call';
import { Code } from '../../../../shared/codes';
import type { RoleGrant, StaffMember } from '../../../../shared/contracts/back-office';
import type { Db } from '../../../db/client';
import { staff, staffRoleGrants } from '../../../db/schema';
import { AppError } from '../../../http/app-error';
import { memberOf } from './staff-service';

/**
 * The roles a save may apply at once, and the money roles it may only ask for. Anything the member
 * already holds stays; a money role they lack waits for a second admin; every other role, and every
 * removal, applies now (taking power away needs no second person).
 */
export function splitRoles(asked: StaffRole[], held: StaffRole[]): { now: StaffRole[]; pending: StaffRole[] } {
  const now = asked.filter((role) => !isMoneyRole(role) || held.includes(role));
  const pending = asked.filter((role) => isMoneyRole(role) && !held.includes(role));
  return { now, pending };
}

/** Records a pending grant per role; one already waiting for the same account and role is kept, not doubled. */
export async function proposeGrants(db: Db, staffId: number, roles: StaffRole[], proposedBy: number): Promise<void> {
  if (roles.length === 0) return;
  await db
    .insert(staffRoleGrants)
    .values(roles.map((role) => ({ staffId, role, proposedBy })))
    .onConflictDoNothing({
      target: [staffRoleGrants.staffId, staffRoleGrants.role],
      where: sql`${staffRoleGrants.status} = 'pending'`,
    });
}

/** The roles waiting for a second admin on one account. */
export async function pendingRolesOf(db: Db, staffId: number): Promise<StaffRole[]> {
  const rows = await db
    .select({ role: staffRoleGrants.role })
    .from(staffRoleGrants)
    .where(and(eq(staffRoleGrants.staffId, staffId), eq(staffRoleGrants.status, 'pending')))
    .orderBy(asc(staffRoleGrants.id));
  return rows.map((row) => row.role as StaffRole);
}

const proposer = aliasedTable(staff, 'proposer');

export async function listPendingGrants(db: Db): Promise<RoleGrant[]> {
  const rows = await db
    .select({ grant: staffRoleGrants, staffEmail: staff.email, proposedBy: proposer.email })
    .from(staffRoleGrants)
    .innerJoin(staff, eq(staff.id, staffRoleGrants.staffId))
    .innerJoin(proposer, eq(proposer.id, staffRoleGrants.proposedBy))
    .where(eq(staffRoleGrants.status, 'pending'))
    .orderBy(asc(staffRoleGrants.id));
  return rows.map(({ grant, staffEmail, proposedBy }) => ({
    id: grant.id,
    staffId: grant.staffId,
    staffEmail,
    role: grant.role as StaffRole,
    proposedById: grant.proposedBy,
    proposedBy,
    createdAt: grant.proposedAt.toISOString(),
  }));
}

type GrantRow = typeof staffRoleGrants.$inferSelect;

/** The grant, if this admin may decide it: never its proposer, never the member it empowers. */
async function decidable(db: Db, id: number, deciderId: number): Promise<GrantRow> {
  const grant = await db.query.staffRoleGrants.findFirst({ where: eq(staffRoleGrants.id, id) });
  if (!grant) throw new AppError(Code.NOT_FOUND, 'No such role grant');
  if (grant.proposedBy === deciderId)
    throw new AppError(Code.FORBIDDEN, 'You asked for this role: a second admin must approve or reject it');
  if (grant.staffId === deciderId)
    throw new AppError(Code.FORBIDDEN, 'This role is for you: another admin must approve or reject it');
  if (grant.status !== 'pending') throw new AppError(Code.CONFLICT, `This role grant was ${grant.status} already`);
  return grant;
}

/** The guarded claim of a pending grant: of two admins deciding at once, only one changes it. */
const claim = (deciderId: number, id: number) =>
  and(
    eq(staffRoleGrants.id, id),
    eq(staffRoleGrants.status, 'pending'),
    ne(staffRoleGrants.proposedBy, deciderId),
    ne(staffRoleGrants.staffId, deciderId),
  );

export async function approveGrant(
  db: Db,
  id: number,
  deciderId: number,
): Promise<{ grant: GrantRow; before: StaffMember; after: StaffMember }> {
  await decidable(db, id, deciderId);
  return db.transaction(async (tx) => {
    const [grant] = await tx
      .update(staffRoleGrants)
      .set({ status: 'approved', decidedBy: deciderId, decidedAt: sql`now()` })
      .where(claim(deciderId, id))
      .returning();
    if (!grant) throw new AppError(Code.CONFLICT, 'This role grant was decided already');
    const found = await tx.query.staff.findFirst({ where: eq(staff.id, grant.staffId) });
    if (!found) throw new AppError(Code.NOT_FOUND, 'No such staff account');
    const [row] = await tx
      .update(staff)
      .set({
        roles: sql`case when ${grant.role} = any(${staff.roles}) then ${staff.roles} else array_append(${staff.roles}, ${grant.role}::text) end`,
      })
      .where(eq(staff.id, grant.staffId))
      .returning();
    if (!row) throw new AppError(Code.NOT_FOUND, 'No such staff account');
    return { grant, before: memberOf(found), after: memberOf(row) };
  });
}

export async function rejectGrant(db: Db, id: number, deciderId: number, reason: string): Promise<GrantRow> {
  await decidable(db, id, deciderId);
  const [grant] = await db
    .update(staffRoleGrants)
    .set({ status: 'rejected', decidedBy: deciderId, decidedAt: sql`now()`, rejectReason: reason })
    .where(claim(deciderId, id))
    .returning();
  if (!grant) throw new AppError(Code.CONFLICT, 'This role grant was decided already');
  return grant;
}
