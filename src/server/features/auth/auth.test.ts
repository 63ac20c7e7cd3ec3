import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { Code } from '../../../shared/codes';
import { otpCodes, sessions } from '../../db/schema';
import { hashToken } from './session-service';
import { authHeader, buildTestApp } from '../../test/test-app';

const t = await buildTestApp();
const post = (url: string, payload: Record<string, string>, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'POST',
    url,
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    payload: new URLSearchParams(payload).toString(),
  });

async function latestCode(phone: string): Promise<string> {
  const res = await t.app.inject({ method: 'GET', url: `/owner/dev/sms-outbox?phone=${phone}` });
  return /\d{6}/.exec(res.json().data.messages[0].body)?.[0] ?? '';
}

describe('architecture.md: Sessions web login and sessions', () => {
  it('signs in with the SMS code and reaches session-only calls', async () => {
    const token = await t.login('09170000001');
    const me = await t.app.inject({ method: 'GET', url: '/owner/v3/auth/me', headers: authHeader(token) });
    expect(me.json()).toMatchObject({ code: 0, data: { phone: '09170000001' } });
  });

  it('accepts +63 numbers and stores them as 09…', async () => {
    const sent = await post('/owner/v3/auth/send-login-code', { phone: '+63 917 555 0101' });
    expect(sent.json()).toMatchObject({ code: 0, data: { resendAfterSeconds: 60 } });
    const code = await latestCode('09175550101');
    const res = await post('/owner/v3/auth/login', { phone: '639175550101', smsCode: code });
    expect(res.json().code).toBe(0);
  });

  it('stores only hashes of tokens and codes', async () => {
    const token = await t.login('09170000002');
    const rows = await t.database.db
      .select()
      .from(sessions)
      .where(eq(sessions.tokenHash, hashToken(token)));
    expect(rows).toHaveLength(1);
    const codes = await t.database.db.select().from(otpCodes).where(eq(otpCodes.phone, '09170000002'));
    for (const row of codes) expect(row.codeHash).not.toMatch(/^\d{6}$/);
  });

  it('accepts the legacy sessionId query parameter', async () => {
    const token = await t.login('09170000001');
    const res = await t.app.inject({ method: 'GET', url: `/owner/v3/auth/me?sessionId=${token}` });
    expect(res.json().code).toBe(0);
  });

  it('answers the dedicated code without a session, with an unknown one, and after logout', async () => {
    const none = await t.app.inject({ method: 'GET', url: '/owner/v3/auth/me' });
    expect(none.statusCode).toBe(401);
    expect(none.json().code).toBe(Code.SESSION_EXPIRED);
    const bogus = await t.app.inject({ method: 'GET', url: '/owner/v3/auth/me', headers: authHeader('x'.repeat(43)) });
    expect(bogus.json().code).toBe(Code.SESSION_EXPIRED);
    const token = await t.login('09170000001');
    await post('/owner/v3/auth/logout', {}, authHeader(token));
    const after = await t.app.inject({ method: 'GET', url: '/owner/v3/auth/me', headers: authHeader(token) });
    expect(after.json().code).toBe(Code.SESSION_EXPIRED);
  });

  it('expires a session past its absolute or idle limit', async () => {
    const a = await t.login('09170000001');
    await t.database.db
      .update(sessions)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(sessions.tokenHash, hashToken(a)));
    expect((await t.app.inject({ url: '/owner/v3/auth/me', headers: authHeader(a) })).json().code).toBe(
      Code.SESSION_EXPIRED,
    );
    const b = await t.login('09170000001');
    await t.database.db
      .update(sessions)
      .set({ lastSeenAt: sql`now() - interval '30 days'` })
      .where(eq(sessions.tokenHash, hashToken(b)));
    expect((await t.app.inject({ url: '/owner/v3/auth/me', headers: authHeader(b) })).json().code).toBe(
      Code.SESSION_EXPIRED,
    );
  });

  it('keeps a used session alive, writing last_seen_at only when it is over a minute old', async () => {
    const token = await t.login('09170000001');
    const where = eq(sessions.tokenHash, hashToken(token));
    const lastSeen = async () => (await t.database.db.select().from(sessions).where(where))[0]?.lastSeenAt.getTime();
    const me = () => t.app.inject({ url: '/owner/v3/auth/me', headers: authHeader(token) });

    await t.database.db.update(sessions).set({ lastSeenAt: sql`now() - interval '30 seconds'` }).where(where);
    const fresh = await lastSeen();
    expect((await me()).json().code).toBe(0);
    expect(await lastSeen()).toBe(fresh);

    await t.database.db.update(sessions).set({ lastSeenAt: sql`now() - interval '10 minutes'` }).where(where);
    const stale = await lastSeen();
    expect((await me()).json().code).toBe(0);
    expect(await lastSeen()).toBeGreaterThan((stale ?? 0) + 9 * 60_000);
  });
});

describe('architecture.md: Providers OTP', () => {
  it('is single use', async () => {
    const phone = '09175550202';
    await post('/owner/v3/auth/send-login-code', { phone });
    const code = await latestCode(phone);
    expect((await post('/owner/v3/auth/login', { phone, smsCode: code })).json().code).toBe(0);
    expect((await post('/owner/v3/auth/login', { phone, smsCode: code })).json().code).toBe(Code.OTP_EXPIRED);
  });

  it('expires after 5 minutes', async () => {
    const phone = '09175550303';
    await post('/owner/v3/auth/send-login-code', { phone });
    const code = await latestCode(phone);
    await t.database.db
      .update(otpCodes)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(otpCodes.phone, phone));
    expect((await post('/owner/v3/auth/login', { phone, smsCode: code })).json().code).toBe(Code.OTP_EXPIRED);
  });

  it('dies after 5 wrong tries, even for the right code', async () => {
    const phone = '09175550404';
    await post('/owner/v3/auth/send-login-code', { phone });
    const code = await latestCode(phone);
    const wrong = code === '000000' ? '111111' : '000000';
    const codes = [];
    for (let i = 0; i < 5; i++) codes.push((await post('/owner/v3/auth/login', { phone, smsCode: wrong })).json().code);
    expect(codes).toEqual([Code.OTP_WRONG, Code.OTP_WRONG, Code.OTP_WRONG, Code.OTP_WRONG, Code.OTP_TOO_MANY_TRIES]);
    expect((await post('/owner/v3/auth/login', { phone, smsCode: code })).json().code).toBe(Code.OTP_TOO_MANY_TRIES);
  });

  it('refuses a resend within 60 s', async () => {
    const phone = '09175550505';
    expect((await post('/owner/v3/auth/send-login-code', { phone })).json().code).toBe(0);
    const again = await post('/owner/v3/auth/send-login-code', { phone });
    expect(again.json().code).toBe(Code.OTP_RESEND_TOO_SOON);
    expect(again.json().message).toMatch(/do not send the code twice/);
  });

  it('refuses a code of the wrong shape before touching the database', async () => {
    const res = await post('/owner/v3/auth/login', { phone: '09170000001', smsCode: '12ab' });
    expect(res.json()).toMatchObject({ code: Code.BAD_REQUEST, data: { field: 'smsCode' } });
  });
});
