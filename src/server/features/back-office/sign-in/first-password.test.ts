import { describe, expect, it } from 'vitest';
import { Code } from '../../../../shared/codes';
import { rememberSecret, nextCode } from '../../../test/staff-codes';
import { buildTestApp } from '../../../test/test-app';
import { approveFactorResetOf, staffHeader, staffLoginCall } from '../../../test/staff-support';

const t = await buildTestApp({ seed: false, signInWait: async () => {} });
const GIVEN = 'given by the admin 7 walnut';
const OWN = 'the owner chose this 4 kestrel';
let n = 0;
const login = (payload: Record<string, string>) =>
  staffLoginCall(t, payload).then(
    (r) => r.json() as Promise<{ code: number; message: string; data: Record<string, unknown> }>,
  );

/** A new account, as an admin makes it in the back office (the admin types its first password). */
async function accountByAdmin() {
  const admin = await staffHeader(t, ['admin']);
  const email = `owner-${n++}-${Math.random().toString(36).slice(2, 6)}@hiram.test`;
  const saved = await t.app.inject({
    method: 'POST',
    url: '/owner/admin/staff/save',
    headers: admin,
    payload: { email, name: 'Olive Owner', roles: 'finance', password: GIVEN, active: '1' },
  });
  expect(saved.json().code).toBe(0);
  return { admin, email, id: saved.json().data.id as number };
}

describe('enrolment belongs to the owner: the first password is changed before the authenticator is enrolled', () => {
  it('the password an admin typed shows no enrolment and takes no code: only a change of password', async () => {
    const { email } = await accountByAdmin();
    const first = await login({ email, password: GIVEN });
    expect(first).toMatchObject({ code: 0, data: { stage: 'change-password' } });
    expect(first.data.enrolment).toBeUndefined();
    const withCode = await login({ email, password: GIVEN, code: '123456' });
    expect(withCode.data).toEqual({ stage: 'change-password' });
  });

  it('the owner chooses a password; then enrols; the admin’s password no longer works', async () => {
    const { email } = await accountByAdmin();
    const same = await login({ email, password: GIVEN, newPassword: GIVEN });
    expect(same).toMatchObject({ code: Code.BAD_REQUEST, data: { field: 'newPassword' } });
    const weak = await login({ email, password: GIVEN, newPassword: 'password1234' });
    expect(weak).toMatchObject({ code: Code.BAD_REQUEST, data: { field: 'newPassword' } });
    const changed = await login({ email, password: GIVEN, newPassword: OWN });
    expect(changed).toMatchObject({ code: 0, data: { stage: 'enrol' } });
    rememberSecret(email, (changed.data.enrolment as { secret: string }).secret);
    expect((await login({ email, password: GIVEN })).code).toBe(Code.FORBIDDEN);
    const done = await login({ email, password: OWN, code: await nextCode(email) });
    expect(done).toMatchObject({ code: 0, data: { stage: 'signed-in', token: expect.any(String) } });
  });

  it('a password an admin sets later (a reset) must be changed again before the next sign-in goes on', async () => {
    const { admin, email, id } = await accountByAdmin();
    const changed = await login({ email, password: GIVEN, newPassword: OWN });
    rememberSecret(email, (changed.data.enrolment as { secret: string }).secret);
    expect((await login({ email, password: OWN, code: await nextCode(email) })).code).toBe(0);
    const reset = await t.app.inject({
      method: 'POST',
      url: '/owner/admin/staff/save',
      headers: admin,
      payload: {
        id,
        email,
        name: 'Olive Owner',
        roles: 'finance',
        password: GIVEN,
        active: '1',
        resetSecondFactor: '1',
      },
    });
    expect(reset.json().code).toBe(0);
    await approveFactorResetOf(t, Number(id));
    expect((await login({ email, password: GIVEN, code: '123456' })).data).toEqual({ stage: 'change-password' });
    const again = await login({ email, password: GIVEN, newPassword: `${OWN} again` });
    expect(again.data.stage).toBe('enrol');
  });
});
