import type { StaffRole } from '../../shared/api/define-call';
import { nextCode, rememberSecret } from './staff-codes';
import type { TestApp } from './test-app';
import { createStaff } from '../features/back-office/staff/staff-service';

export const STAFF_PASSWORD = 'correct horse battery staple';

interface LoginReply {
  code: number;
  message: string;
  data: {
    stage: 'signed-in' | 'enrol' | 'code';
    token?: string;
    enrolment?: { secret: string };
    recoveryCodes?: string[];
  };
}

/** One call of the sign-in, as the desk makes it. */
export const staffLoginCall = (t: Pick<TestApp, 'app'>, payload: Record<string, string>, remoteAddress?: string) =>
  t.app.inject({
    method: 'POST',
    url: '/owner/admin/auth/login',
    payload,
    ...(remoteAddress ? { remoteAddress } : {}),
  });

/**
 * Signs a staff member in through the real calls: password, then the second factor (enrolling
 * the authenticator on the first sign-in, as the desk does). Returns the token.
 */
export async function signInStaff(t: Pick<TestApp, 'app'>, email: string, password = STAFF_PASSWORD): Promise<string> {
  const first = (await staffLoginCall(t, { email, password })).json() as LoginReply;
  if (first.code !== 0) throw new Error(`staff login failed: ${first.message}`);
  if (first.data.stage === 'enrol') rememberSecret(email, first.data.enrolment!.secret);
  const second = (await staffLoginCall(t, { email, password, code: await nextCode(email) })).json() as LoginReply;
  if (second.code !== 0 || !second.data.token) throw new Error(`staff second factor failed: ${second.message}`);
  return second.data.token;
}

/** Creates a staff account with these roles and signs it in through the real calls; returns its header. */
export async function staffHeader(
  t: Pick<TestApp, 'app'> & { database: { db: TestApp['database']['db'] } },
  roles: StaffRole[],
  email = `${roles.join('-')}-${Math.random().toString(36).slice(2, 8)}@hiram.test`,
) {
  await createStaff(t.database.db, { email, name: roles.join(' '), roles, password: STAFF_PASSWORD });
  return { authorization: `Staff ${await signInStaff(t, email)}` };
}

/** Saves a staff account through the admin's own call, as the Staff screen does; returns the reply's data. */
export async function saveStaffThroughDesk(
  t: Pick<TestApp, 'app'>,
  admin: Record<string, string>,
  payload: Record<string, string | number>,
): Promise<{ id: number; roles: StaffRole[]; pendingRoles: StaffRole[] }> {
  const res = (
    await t.app.inject({ method: 'POST', url: '/owner/admin/staff/save', headers: admin, payload })
  ).json() as { code: number; message: string; data: { id: number; roles: StaffRole[]; pendingRoles: StaffRole[] } };
  if (res.code !== 0) throw new Error(`staff save failed: ${res.message}`);
  return res.data;
}

/** A second admin (made directly, like `staffHeader`) approves every money role waiting on this account. */
export async function approveGrantsOf(
  t: Pick<TestApp, 'app'> & { database: { db: TestApp['database']['db'] } },
  staffId: number,
  secondAdmin?: Record<string, string>,
): Promise<void> {
  const checker = secondAdmin ?? (await staffHeader(t, ['admin']));
  const list = (await t.app.inject({ url: '/owner/admin/staff/grants', headers: checker })).json() as {
    data: { list: { id: number; staffId: number }[] };
  };
  for (const grant of list.data.list.filter((g) => g.staffId === staffId)) {
    const res = (
      await t.app.inject({
        method: 'POST',
        url: '/owner/admin/staff/grant-approve',
        headers: checker,
        payload: { id: grant.id },
      })
    ).json() as { code: number; message: string };
    if (res.code !== 0) throw new Error(`grant approval failed: ${res.message}`);
  }
}

/** The first sign-in of an account an admin made: the owner's own password, enrolment, then a code. */
export async function signInGiven(t: Pick<TestApp, 'app'>, email: string, given: string): Promise<string> {
  const own = `${given} mine now`;
  const first = (await staffLoginCall(t, { email, password: given, newPassword: own })).json() as LoginReply;
  if (first.code !== 0) throw new Error(`staff login failed: ${first.message}`);
  if (first.data.stage === 'enrol') rememberSecret(email, first.data.enrolment!.secret);
  const second = (await staffLoginCall(t, { email, password: own, code: await nextCode(email) })).json() as LoginReply;
  if (second.code !== 0 || !second.data.token) throw new Error(`staff second factor failed: ${second.message}`);
  return second.data.token;
}

/** A second admin approves the pending second-factor reset of a member (the one who asked cannot). */
export async function approveFactorResetOf(
  t: Pick<TestApp, 'app'> & { database: { db: TestApp['database']['db'] } },
  staffId: number,
) {
  const second = await staffHeader(t, ['admin']);
  const pending = (await t.app.inject({ url: '/owner/admin/staff/factor-resets', headers: second })).json().data
    .list as { id: number; staffId: number }[];
  const reset = pending.find((r) => r.staffId === staffId);
  if (!reset) throw new Error(`no pending second-factor reset for staff ${staffId}`);
  const approved = (
    await t.app.inject({
      method: 'POST',
      url: '/owner/admin/staff/factor-reset-approve',
      headers: second,
      payload: { id: String(reset.id) },
    })
  ).json();
  if (approved.code !== 0) throw new Error(`approving the reset failed: ${approved.message}`);
  return reset.id;
}
