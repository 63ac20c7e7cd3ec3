import { aliasedTable, and, asc, eq, ne, sql } from 'drizzle-orm';
import { Code } from '../../../../shared/codes';
import type { FactorReset } from '../../../../shared/contracts/back-office';
import type { Db } from '../../../db/client';
import { staff, staffFactorResets } from '../../../db/schema';
import { AppError } from '../../../http/app-error';
import { resetSecondFactor } from '../sign-in/second-factor';
import { clearFactorTries } from '../sign-in/second-factor-limit';

/**
 * A lost authenticator, reset by two admins: one asks on the Staff screen, a different admin (never
 * the member it is for) approves, and only then is the factor cleared; the member enrols a new one
 * at their next sign-in. Asking twice keeps one request.
 */
export async function proposeFactorReset(db: Db, staffId: number, proposedBy: number): Promise<void> {
  await db
    .insert(staffFactorResets)
    .values({ staffId, proposedBy })
    .onConflictDoNothing({ target: [staffFactorResets.staffId], where: sql`${staffFactorResets.status} = 'pending'` });
}

export async function factorResetPending(db: Db, staffId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: staffFactorResets.id })
    .from(staffFactorResets)
    .where(and(eq(staffFactorResets.staffId, staffId), eq(staffFactorResets.status, 'pending')));
  return row !== undefined;
}

const proposer = aliasedTable(staff, 'proposer');

export async function listPendingFactorResets(db: Db): Promise<FactorReset[]> {
  const rows = await db
    .select({ reset: staffFactorResets, staffEmail: staff.email, proposedBy: proposer.email })
    .from(staffFactorResets)
    .innerJoin(staff, eq(staff.id, staffFactorResets.staffId))
    .innerJoin(proposer, eq(proposer.id, staffFactorResets.proposedBy))
    .where(eq(staffFactorResets.status, 'pending'))
    .orderBy(asc(staffFactorResets.id));
  return rows.map(({ reset, staffEmail, proposedBy }) => ({
    id: reset.id,
    staffId: reset.staffId,
    staffEmail,
    proposedById: reset.proposedBy,
    proposedBy,
    createdAt: reset.proposedAt.toISOString(),
  }));
}

type ResetRow = typeof staffFactorResets.$inferSelect;

/** The request, if this admin may decide it: never its proposer, never the member it is for. */
async function decidable(db: Db, id: number, deciderId: number): Promise<ResetRow> {
  const [reset] = await db.select().from(staffFactorResets).where(eq(staffFactorResets.id, id));
  if (!reset) throw new AppError(Code.NOT_FOUND, 'No such second-factor reset');
  if (reset.proposedBy === deciderId)
    throw new AppError(Code.FORBIDDEN, 'You asked for this reset: a second admin must approve or reject it');
  if (reset.staffId === deciderId)
    throw new AppError(Code.FORBIDDEN, 'This reset is of your own second factor: another admin must decide it');
  if (reset.status !== 'pending') throw new AppError(Code.CONFLICT, `This reset was ${reset.status} already`);
  return reset;
}

const claim = (deciderId: number, id: number) =>
  and(
    eq(staffFactorResets.id, id),
    eq(staffFactorResets.status, 'pending'),
    ne(staffFactorResets.proposedBy, deciderId),
    ne(staffFactorResets.staffId, deciderId),
  );

/** A second admin approves: the factor and its frozen tries are cleared; of two approvals at once, one applies. */
export async function approveFactorReset(db: Db, id: number, deciderId: number): Promise<ResetRow> {
  await decidable(db, id, deciderId);
  const [reset] = await db
    .update(staffFactorResets)
    .set({ status: 'approved', decidedBy: deciderId, decidedAt: sql`now()` })
    .where(claim(deciderId, id))
    .returning();
  if (!reset) throw new AppError(Code.CONFLICT, 'This reset was decided already');
  await resetSecondFactor(db, reset.staffId);
  await clearFactorTries(db, reset.staffId);
  return reset;
}

export async function rejectFactorReset(db: Db, id: number, deciderId: number, reason: string): Promise<ResetRow> {
  await decidable(db, id, deciderId);
  const [reset] = await db
    .update(staffFactorResets)
    .set({ status: 'rejected', decidedBy: deciderId, decidedAt: sql`now()`, rejectReason: reason })
    .where(claim(deciderId, id))
    .returning();
  if (!reset) throw new AppError(Code.CONFLICT, 'This reset was decided already');
  return reset;
}
