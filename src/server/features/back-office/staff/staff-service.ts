import { randomBytes } from 'node:crypto';
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { StaffRole } from '../../../../shared/api/define-call';
import { Code } from '../../../../shared/codes';
import type { StaffMember } from '../../../../shared/contracts/back-office';
import type { Db } from '../../../db/client';
import { staff, staffSessions } from '../../../db/schema';
import { AppError } from '../../../http/app-error';
import { hashToken, type SessionPolicy } from '../../auth/session-service';
import { checkStaffPassword } from '../sign-in/password-policy';
import { hashPassword, verifyPassword } from '../sign-in/password-hash';
import type { Lane } from '../sign-in/sign-in-guard';

type StaffRow = typeof staff.$inferSelect;

export const memberOf = (row: StaffRow): StaffMember => ({
  id: row.id,
  email: row.email,
  name: row.name,
  roles: row.roles as StaffRole[],
  active: row.active,
});

/** A hash to compare against when the e-mail is unknown, so both answers take as long. */
let decoyHash: Promise<string> | undefined;

export interface NewStaff {
  email: string;
  name: string;
  roles: StaffRole[];
  password: string;
  /** Set when someone other than the owner typed the password (the back office's staff form). */
  passwordChangeRequired?: boolean;
}

/**
 * Creates an account with exactly these roles. The back office's save keeps money roles out and asks
 * a second admin for them; the accounts made by whoever deploys (ADMIN_EMAIL at start, `npm run
 * staff -- create`) come here directly, because there is no second admin yet to ask.
 */
export async function createStaff(db: Db, input: NewStaff): Promise<StaffMember> {
  await checkStaffPassword(input.password, input);
  const [row] = await db
    .insert(staff)
    .values({
      email: input.email.toLowerCase(),
      name: input.name,
      roles: input.roles,
      passwordHash: await hashPassword(input.password),
      passwordChangeRequired: input.passwordChangeRequired ?? false,
    })
    .onConflictDoNothing({ target: staff.email })
    .returning();
  if (!row) throw new AppError(Code.CONFLICT, `${input.email} already has an account`, { field: 'email' });
  return memberOf(row);
}

export async function updateStaff(
  db: Db,
  id: number,
  change: { email: string; name: string; roles: StaffRole[]; active: boolean; password?: string },
): Promise<{ before: StaffMember; after: StaffMember }> {
  const found = await db.query.staff.findFirst({ where: eq(staff.id, id) });
  if (!found) throw new AppError(Code.NOT_FOUND, 'No such staff account');
  if (change.password) await checkStaffPassword(change.password, change);
  const passwordHash = change.password ? await hashPassword(change.password) : undefined;
  const [row] = await db
    .update(staff)
    .set({
      email: change.email,
      name: change.name,
      roles: change.roles,
      active: change.active,
      // A password an admin typed is one the owner must replace at the next sign-in.
      ...(passwordHash ? { passwordHash, passwordChangeRequired: true } : {}),
    })
    .where(eq(staff.id, id))
    .returning();
  if (!row) throw new AppError(Code.NOT_FOUND, 'No such staff account');
  // A deactivated account, or one with a new password, signs in again.
  if (!change.active || passwordHash) {
    await db
      .update(staffSessions)
      .set({ revokedAt: sql`now()` })
      .where(and(eq(staffSessions.staffId, id), isNull(staffSessions.revokedAt)));
  }
  return { before: memberOf(found), after: memberOf(row) };
}

/**
 * The owner replaces a password an admin typed: their own, checked like any staff password and
 * never the one they were given. Only while the change is still required (a guarded update), so
 * two tabs cannot both set one.
 */
export async function setOwnPassword(db: Db, row: StaffRow, given: string, chosen: string): Promise<void> {
  if (chosen === given)
    throw new AppError(Code.BAD_REQUEST, 'Choose a password of your own, not the one you were given', {
      field: 'newPassword',
    });
  try {
    await checkStaffPassword(chosen, row);
  } catch (err) {
    if (err instanceof AppError) throw new AppError(err.code, err.message, { field: 'newPassword' });
    throw err;
  }
  const changed = await db
    .update(staff)
    // A QR code shown before the change (to whoever had the given password) is void.
    .set({ passwordHash: await hashPassword(chosen), passwordChangeRequired: false, totpPendingSecret: null })
    .where(and(eq(staff.id, row.id), eq(staff.passwordChangeRequired, true)))
    .returning({ id: staff.id });
  if (changed.length !== 1) throw new AppError(Code.CONFLICT, 'The password was changed already: sign in again');
}

/** The stored account row (second-factor fields included) of a member who just proved the password. */
export async function staffRowOf(db: Db, id: number): Promise<StaffRow> {
  const row = await db.query.staff.findFirst({ where: eq(staff.id, id) });
  if (!row) throw new AppError(Code.NOT_FOUND, 'No such staff account');
  return row;
}

export async function listStaff(db: Db): Promise<StaffMember[]> {
  return (await db.select().from(staff).orderBy(asc(staff.id))).map(memberOf);
}

/**
 * The account for an e-mail and password, or null; an unknown e-mail costs as much as a wrong
 * password. The verification waits in the argon2 queue, or is refused when the queue is full.
 */
export async function checkPassword(
  db: Db,
  email: string,
  password: string,
  lane: Lane = 'normal',
): Promise<StaffMember | null> {
  const row = await db.query.staff.findFirst({ where: eq(staff.email, email.toLowerCase()) });
  if (!row) {
    decoyHash ??= hashPassword(randomBytes(16).toString('hex'));
    await verifyPassword(await decoyHash, password, lane);
    return null;
  }
  const ok = await verifyPassword(row.passwordHash, password, lane);
  return ok && row.active ? memberOf(row) : null;
}

export async function createStaffSession(db: Db, staffId: number, policy: SessionPolicy): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(Date.now() + policy.absoluteDays * 86_400_000);
  await db.insert(staffSessions).values({ tokenHash: hashToken(token), staffId, expiresAt });
  return token;
}

/** The active staff member behind a live token, or null. */
export async function resolveStaffSession(db: Db, token: string, policy: SessionPolicy): Promise<StaffMember | null> {
  if (!token || token.length > 200) return null;
  const [session] = await db
    .update(staffSessions)
    .set({ lastSeenAt: sql`now()` })
    .where(
      and(
        eq(staffSessions.tokenHash, hashToken(token)),
        isNull(staffSessions.revokedAt),
        sql`${staffSessions.expiresAt} > now()`,
        sql`${staffSessions.lastSeenAt} > now() - make_interval(mins => ${policy.idleMinutes})`,
      ),
    )
    .returning({ staffId: staffSessions.staffId });
  if (!session) return null;
  const row = await db.query.staff.findFirst({ where: eq(staff.id, session.staffId) });
  return row?.active ? memberOf(row) : null;
}

export async function revokeStaffSession(db: Db, token: string): Promise<void> {
  await db
    .update(staffSessions)
    .set({ revokedAt: sql`now()` })
    .where(eq(staffSessions.tokenHash, hashToken(token)));
}

/**
 * The first admin, from ADMIN_EMAIL and ADMIN_PASSWORD, when no account exists yet. Without both
 * nothing is created: there is never a default password (`npm run staff -- create` is the other way).
 */
export async function ensureFirstAdmin(
  db: Db,
  email: string | undefined,
  password: string | undefined,
): Promise<StaffMember | null> {
  if (!email || !password) return null;
  const [{ count } = { count: 0 }] = await db.select({ count: sql<number>`count(*)::int` }).from(staff);
  if (count > 0) return null;
  return createStaff(db, { email, name: 'Administrator', roles: ['admin'], password });
}
