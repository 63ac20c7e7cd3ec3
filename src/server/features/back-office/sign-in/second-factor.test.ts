import { createHash } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import { describe, expect, it } from 'vitest';
import { Code } from '../../../../shared/codes';
import { auditLog, staff } from '../../../db/schema';
import { buildTestApp } from '../../../test/test-app';
import { isSealed, openSecret, sealSecret, staffFactorKey } from './second-factor-secret';
import { createStaff } from '../staff/staff-service';
import { approveFactorResetOf, STAFF_PASSWORD, staffHeader, staffLoginCall } from '../../../test/staff-support';

const t = await buildTestApp();
const db = t.database.db;
const key = staffFactorKey(t.config.STAFF_FACTOR_KEY);
let n = 0;
async function account(roles: ('support' | 'admin' | 'finance')[] = ['support']) {
  const email = `factor-${n++}-${Math.random().toString(36).slice(2, 6)}@hiram.test`;
  await createStaff(db, { email, name: 'Factor Test', roles, password: STAFF_PASSWORD });
  return email;
}
const login = (payload: Record<string, string>) => staffLoginCall(t, payload).then((r) => r.json());
const codeAt = (secret: string, at: number) =>
  new TOTP({ algorithm: 'SHA1', digits: 6, period: 30, secret: Secret.fromBase32(secret) }).generate({ timestamp: at });
const me = (token: string) =>
  t.app.inject({ url: '/owner/admin/auth/me', headers: { authorization: `Staff ${token}` } }).then((r) => r.json());

describe('staff second factor (TOTP) for every role', () => {
  it('the right password alone gives no token: the first sign-in enrols an authenticator (QR code and key), the same one until used', async () => {
    const email = await account(['admin']);
    const first = await login({ email, password: STAFF_PASSWORD });
    expect(first.code).toBe(0);
    expect(first.data.token).toBeUndefined();
    expect(first.data.stage).toBe('enrol');
    expect(first.data.enrolment.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(first.data.enrolment.otpauthUrl).toContain(
      `otpauth://totp/Hiram%20back%20office:${encodeURIComponent(email)}?`,
    );
    expect(first.data.enrolment.qrSvg).toMatch(/^<svg/);
    // Signing in again before finishing shows the same key, so a scanned QR code stays good.
    expect((await login({ email, password: STAFF_PASSWORD })).data.enrolment.secret).toBe(first.data.enrolment.secret);
    // A wrong password never reaches the enrolment.
    expect((await login({ email, password: 'not the password' })).code).toBe(Code.FORBIDDEN);
  });

  it('enrolment needs a code from the key; it answers a token and ten recovery codes, once', async () => {
    const email = await account();
    const { secret } = (await login({ email, password: STAFF_PASSWORD })).data.enrolment;
    const wrong = await login({ email, password: STAFF_PASSWORD, code: '000000' });
    expect(wrong).toMatchObject({ code: Code.FORBIDDEN, data: { field: 'code' } });
    const done = await login({ email, password: STAFF_PASSWORD, code: codeAt(secret, Date.now()) });
    expect(done.data.stage).toBe('signed-in');
    expect(done.data.recoveryCodes).toHaveLength(10);
    expect(new Set(done.data.recoveryCodes).size).toBe(10);
    expect((await me(done.data.token)).data.email).toBe(email);
    const [row] = await db.select().from(staff).where(eq(staff.email, email));
    expect(row?.totpSecret).toMatch(/^v1\./);
    expect(openSecret(key, row?.id ?? 0, row?.totpSecret ?? '')).toBe(secret);
    expect(row?.recoveryCodeHashes).toHaveLength(10);
    expect(row?.recoveryCodeHashes.join()).not.toContain(done.data.recoveryCodes[0]);
  });

  it('afterwards: the password asks for a code; a code works once (no replay), a stale or wrong one is refused and counted', async () => {
    const email = await account(['finance']);
    const { secret } = (await login({ email, password: STAFF_PASSWORD })).data.enrolment;
    const now = Date.now();
    await login({ email, password: STAFF_PASSWORD, code: codeAt(secret, now - 30_000) });
    expect((await login({ email, password: STAFF_PASSWORD })).data).toEqual({ stage: 'code' });
    const code = codeAt(secret, now);
    const first = await login({ email, password: STAFF_PASSWORD, code });
    expect(first.data.stage).toBe('signed-in');
    expect((await login({ email, password: STAFF_PASSWORD, code })).code).toBe(Code.FORBIDDEN);
    // Two steps old is outside the one-step drift allowed.
    expect((await login({ email, password: STAFF_PASSWORD, code: codeAt(secret, now - 90_000) })).code).toBe(
      Code.FORBIDDEN,
    );
    // The right code with a wrong password is refused like any wrong password.
    expect((await login({ email, password: 'not the password', code: codeAt(secret, now + 30_000) })).code).toBe(
      Code.FORBIDDEN,
    );
  });

  it('the same code sent twice at once signs in once', async () => {
    const email = await account();
    const { secret } = (await login({ email, password: STAFF_PASSWORD })).data.enrolment;
    const now = Date.now();
    await login({ email, password: STAFF_PASSWORD, code: codeAt(secret, now - 30_000) });
    const code = codeAt(secret, now);
    const replies = await Promise.all(
      Array.from({ length: 4 }, () => login({ email, password: STAFF_PASSWORD, code })),
    );
    expect(replies.filter((r) => r.code === 0)).toHaveLength(1);
  });

  it('a recovery code signs in once; an admin reset makes the member enrol again', async () => {
    const email = await account();
    const { secret } = (await login({ email, password: STAFF_PASSWORD })).data.enrolment;
    const { recoveryCodes } = (await login({ email, password: STAFF_PASSWORD, code: codeAt(secret, Date.now()) })).data;
    const recovery = recoveryCodes[3] as string;
    expect((await login({ email, password: STAFF_PASSWORD, code: recovery.toUpperCase() })).data.stage).toBe(
      'signed-in',
    );
    expect((await login({ email, password: STAFF_PASSWORD, code: recovery })).code).toBe(Code.FORBIDDEN);

    const admin = await staffHeader(t, ['admin']);
    const [row] = await db.select().from(staff).where(eq(staff.email, email));
    const reset = await t.app.inject({
      method: 'POST',
      url: '/owner/admin/staff/save',
      headers: admin,
      payload: {
        id: String(row?.id),
        email,
        name: 'Factor Test',
        roles: 'support',
        active: '1',
        resetSecondFactor: '1',
      },
    });
    expect(reset.json()).toMatchObject({ code: 0, data: { factorResetPending: true } });
    // Asked for, not yet done: the old authenticator still signs in, and the admin who asked cannot approve.
    expect((await login({ email, password: STAFF_PASSWORD })).data.stage).toBe('code');
    const [pending] = (await t.app.inject({ url: '/owner/admin/staff/factor-resets', headers: admin })).json().data
      .list;
    expect(pending).toMatchObject({ staffId: row?.id, staffEmail: email, createdAt: expect.any(String) });
    const own = await t.app.inject({
      method: 'POST',
      url: '/owner/admin/staff/factor-reset-approve',
      headers: admin,
      payload: { id: String(pending.id) },
    });
    expect(own.json()).toMatchObject({
      code: Code.FORBIDDEN,
      message: 'You asked for this reset: a second admin must approve or reject it',
    });
    await approveFactorResetOf(t, row?.id ?? 0);
    const again = await login({ email, password: STAFF_PASSWORD });
    expect(again.data.stage).toBe('enrol');
    expect(again.data.enrolment.secret).not.toBe(secret);
    // Both steps are in the audit log: the request on the account, the approval on the reset.
    const audit = await db
      .select({ action: auditLog.action, entity: auditLog.entity, after: auditLog.after })
      .from(auditLog)
      .where(inArray(auditLog.entity, ['staff', 'staffFactorReset']));
    expect(
      audit.some((a) => a.entity === 'staff' && JSON.stringify(a.after).includes('"secondFactorResetAsked":true')),
    ).toBe(true);
    expect(audit.some((a) => a.entity === 'staffFactorReset' && JSON.stringify(a.after).includes('"approved"'))).toBe(
      true,
    );
  });
  it('the authenticator secret is sealed at rest (AES-256-GCM): the staff table alone cannot make codes', async () => {
    const email = await account();
    const { secret } = (await login({ email, password: STAFF_PASSWORD })).data.enrolment;
    const [pending] = await db.select().from(staff).where(eq(staff.email, email));
    expect(pending?.totpPendingSecret).toMatch(/^v1\.[\w-]+$/);
    expect(pending?.totpPendingSecret).not.toContain(secret);
    await login({ email, password: STAFF_PASSWORD, code: codeAt(secret, Date.now()) });
    const [row] = await db.select().from(staff).where(eq(staff.email, email));
    const sealed = row?.totpSecret ?? '';
    expect(sealed).not.toContain(secret);
    expect(openSecret(key, row?.id ?? 0, sealed)).toBe(secret);
    // Another key, another row, or one changed character: it does not open.
    expect(() => openSecret(staffFactorKey(Buffer.alloc(32, 7).toString('base64')), row?.id ?? 0, sealed)).toThrow();
    expect(() => openSecret(key, (row?.id ?? 0) + 1, sealed)).toThrow();
    const flipped = sealed.slice(0, -2) + (sealed.endsWith('A') ? 'B' : 'A') + sealed.slice(-1);
    expect(() => openSecret(key, row?.id ?? 0, flipped)).toThrow();
    // Two seals of one secret differ (a fresh nonce each time).
    expect(sealSecret(key, 1, secret)).not.toBe(sealSecret(key, 1, secret));
  });

  it('a secret stored before sealing still signs in, and is sealed on that use', async () => {
    const email = await account();
    const { secret } = (await login({ email, password: STAFF_PASSWORD })).data.enrolment;
    const now = Date.now();
    await login({ email, password: STAFF_PASSWORD, code: codeAt(secret, now - 30_000) });
    // As the table was before: the base32 secret as is.
    await db.update(staff).set({ totpSecret: secret }).where(eq(staff.email, email));
    expect((await login({ email, password: STAFF_PASSWORD, code: codeAt(secret, now) })).data.stage).toBe('signed-in');
    const [row] = await db.select().from(staff).where(eq(staff.email, email));
    expect(isSealed(row?.totpSecret ?? '')).toBe(true);
    expect(openSecret(key, row?.id ?? 0, row?.totpSecret ?? '')).toBe(secret);
    // A pending secret stored as is is sealed when it is shown again, and enrolment still finishes.
    const other = await account();
    const pending = (await login({ email: other, password: STAFF_PASSWORD })).data.enrolment.secret;
    await db.update(staff).set({ totpPendingSecret: pending }).where(eq(staff.email, other));
    expect((await login({ email: other, password: STAFF_PASSWORD })).data.enrolment.secret).toBe(pending);
    const [shown] = await db.select().from(staff).where(eq(staff.email, other));
    expect(isSealed(shown?.totpPendingSecret ?? '')).toBe(true);
    expect(
      (await login({ email: other, password: STAFF_PASSWORD, code: codeAt(pending, Date.now()) })).data.stage,
    ).toBe('signed-in');
  });
  it('recovery codes are kept as keyed hashes; one kept before as a bare SHA-256 still works once', async () => {
    const email = await account();
    const { secret } = (await login({ email, password: STAFF_PASSWORD })).data.enrolment;
    const { recoveryCodes } = (await login({ email, password: STAFF_PASSWORD, code: codeAt(secret, Date.now()) })).data;
    const [row] = await db.select().from(staff).where(eq(staff.email, email));
    expect(row?.recoveryCodeHashes.every((h) => /^h1:[0-9a-f]{64}$/.test(h))).toBe(true);
    const bare = (code: string) => createHash('sha256').update(code).digest('hex');
    expect(row?.recoveryCodeHashes).not.toContain(`h1:${bare(recoveryCodes[0])}`);
    const old = 'abcd-efgh';
    await db
      .update(staff)
      .set({ recoveryCodeHashes: [bare(old)] })
      .where(eq(staff.email, email));
    expect((await login({ email, password: STAFF_PASSWORD, code: old })).data.stage).toBe('signed-in');
    expect((await login({ email, password: STAFF_PASSWORD, code: old })).code).toBe(Code.FORBIDDEN);
  });
});
