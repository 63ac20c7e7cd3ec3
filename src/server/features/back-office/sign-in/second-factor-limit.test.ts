import { Secret, TOTP } from 'otpauth';
import { describe, expect, it } from 'vitest';
import { Code } from '../../../../shared/codes';
import { buildTestApp } from '../../../test/test-app';
import { FACTOR_TRY_LIMIT } from './second-factor-limit';
import { createStaff } from '../staff/staff-service';
import { approveFactorResetOf, STAFF_PASSWORD, staffHeader, staffLoginCall } from '../../../test/staff-support';

// The password throttle's per-account slowing is noted, not waited: this file is about the codes.
const t = await buildTestApp({ seed: false, signInWait: async () => {} });
const db = t.database.db;
let n = 0;
let address = 0;
/** Each call from another address, as a guesser with many addresses would send them. */
const nextAddress = () => `10.${Math.floor(address / 250) % 250}.${address++ % 250}.7`;
const login = (payload: Record<string, string>) =>
  staffLoginCall(t, payload, nextAddress()).then(
    (r) => r.json() as Promise<{ code: number; message: string; data: Record<string, unknown> }>,
  );
const codeAt = (secret: string, at: number) =>
  new TOTP({ algorithm: 'SHA1', digits: 6, period: 30, secret: Secret.fromBase32(secret) }).generate({ timestamp: at });
/** A code of none of the three steps the server accepts now. */
const wrongCode = (secret: string) => {
  const valid = new Set([-30_000, 0, 30_000].map((d) => codeAt(secret, Date.now() + d)));
  for (let i = 0; ; i++) {
    const candidate = String((Number(codeAt(secret, Date.now())) + 123_457 * (i + 1)) % 1_000_000).padStart(6, '0');
    if (!valid.has(candidate)) return candidate;
  }
};

/** An enrolled account: its secret and recovery codes. */
async function enrolled(roles: ('support' | 'admin')[] = ['support']) {
  const email = `limit-${n++}-${Math.random().toString(36).slice(2, 6)}@hiram.test`;
  await createStaff(db, { email, name: 'Limit Test', roles, password: STAFF_PASSWORD });
  const secret = (await login({ email, password: STAFF_PASSWORD })).data.enrolment as { secret: string };
  const done = await login({ email, password: STAFF_PASSWORD, code: codeAt(secret.secret, Date.now()) });
  expect(done.code).toBe(0);
  return { email, secret: secret.secret, recoveryCodes: done.data.recoveryCodes as string[] };
}

describe('wrong authenticator codes are limited per account, apart from the password throttle', () => {
  it(`after ${FACTOR_TRY_LIMIT} wrong codes from rotating addresses the account's codes are frozen: even the right one is refused, and the member is told`, async () => {
    const { email, secret } = await enrolled();
    for (let i = 0; i < FACTOR_TRY_LIMIT; i++) {
      const wrong = await login({ email, password: STAFF_PASSWORD, code: wrongCode(secret) });
      expect(wrong).toMatchObject({ code: Code.FORBIDDEN, data: { field: 'code' } });
    }
    const frozen = await login({ email, password: STAFF_PASSWORD, code: codeAt(secret, Date.now() + 30_000) });
    expect(frozen).toMatchObject({
      code: Code.SECOND_FACTOR_FROZEN,
      data: { field: 'code', retryAfterSeconds: expect.any(Number) },
    });
    expect(frozen.message).toMatch(/frozen/i);
    expect(frozen.message).toMatch(/recovery code/i);
    expect(frozen.message).toMatch(/admin/i);
    // The password alone still answers the code stage (it gives nothing), so the throttles stay apart.
    expect((await login({ email, password: STAFF_PASSWORD })).data).toEqual({ stage: 'code' });
  });

  it('a recovery code still signs a frozen admin in (no one can lock an admin out for good), and lifts the freeze', async () => {
    const { email, secret, recoveryCodes } = await enrolled(['admin']);
    for (let i = 0; i <= FACTOR_TRY_LIMIT; i++)
      await login({ email, password: STAFF_PASSWORD, code: wrongCode(secret) });
    expect((await login({ email, password: STAFF_PASSWORD, code: codeAt(secret, Date.now()) })).code).toBe(
      Code.SECOND_FACTOR_FROZEN,
    );
    const recovered = await login({ email, password: STAFF_PASSWORD, code: recoveryCodes[0] as string });
    expect(recovered).toMatchObject({ code: 0, data: { stage: 'signed-in', token: expect.any(String) } });
    expect((await login({ email, password: STAFF_PASSWORD, code: codeAt(secret, Date.now() + 30_000) })).code).toBe(0);
  });

  it("an admin's reset of the second factor lifts the freeze: the member enrols again", async () => {
    const { email, secret } = await enrolled();
    for (let i = 0; i < FACTOR_TRY_LIMIT; i++)
      await login({ email, password: STAFF_PASSWORD, code: wrongCode(secret) });
    const admin = await staffHeader(t, ['admin']);
    const list = await t.app.inject({ url: '/owner/admin/staff/list', headers: admin });
    const member = (list.json().data.list as { id: number; email: string; name: string; roles: string[] }[]).find(
      (m) => m.email === email,
    );
    const reset = await t.app.inject({
      method: 'POST',
      url: '/owner/admin/staff/save',
      headers: admin,
      payload: {
        id: member?.id,
        email,
        name: member?.name,
        roles: member?.roles.join(','),
        active: '1',
        resetSecondFactor: '1',
      },
    });
    expect(reset.json().code).toBe(0);
    await approveFactorResetOf(t, member?.id ?? 0);
    expect((await login({ email, password: STAFF_PASSWORD })).data.stage).toBe('enrol');
  });

  it('a right code before the limit starts the count again', async () => {
    const { email, secret } = await enrolled();
    for (let i = 0; i < FACTOR_TRY_LIMIT - 1; i++)
      await login({ email, password: STAFF_PASSWORD, code: wrongCode(secret) });
    expect((await login({ email, password: STAFF_PASSWORD, code: codeAt(secret, Date.now() + 30_000) })).code).toBe(0);
    for (let i = 0; i < FACTOR_TRY_LIMIT - 1; i++)
      expect((await login({ email, password: STAFF_PASSWORD, code: wrongCode(secret) })).code).toBe(Code.FORBIDDEN);
  });

  it(`40 wrong codes from 40 addresses, 10 at a time: exactly ${FACTOR_TRY_LIMIT} are compared, on PostgreSQL too`, async () => {
    const { email, secret } = await enrolled();
    const replies = [];
    for (let round = 0; round < 4; round++)
      replies.push(
        ...(await Promise.all(
          Array.from({ length: 10 }, () => login({ email, password: STAFF_PASSWORD, code: wrongCode(secret) })),
        )),
      );
    const codes = replies.map((r) => r.code);
    // Some may meet the argon2 queue's own refusal ("many people are signing in"): never compared either.
    const busy = codes.filter((c) => c === Code.RATE_LIMITED).length;
    expect(codes.filter((c) => c === Code.FORBIDDEN)).toHaveLength(FACTOR_TRY_LIMIT);
    expect(codes.filter((c) => c === Code.SECOND_FACTOR_FROZEN)).toHaveLength(40 - FACTOR_TRY_LIMIT - busy);
  }, 120_000);
});
