import { count } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { Code } from '../../shared/codes';
import { otpCodes, sessions } from '../db/schema';
import { staffHeader } from '../test/staff-support';
import { SESSION_COOKIE } from '../features/auth/session-cookie';
import { authHeader, buildTestApp } from '../test/test-app';

const t = await buildTestApp({ env: { PUBLIC_URL: 'https://hiram.test' } });
const EVIL = 'https://evil.example';

const sessionCount = async () => (await t.database.db.select({ n: count() }).from(sessions))[0]?.n ?? 0;

/** A fresh login code for the phone, read from the development outbox. */
async function codeFor(phone: string): Promise<string> {
  const sent = await t.app.inject({ method: 'POST', url: '/owner/v3/auth/send-login-code', payload: { phone } });
  expect(sent.json().code).toBe(0);
  const outbox = await t.app.inject({ method: 'GET', url: `/owner/dev/sms-outbox?phone=${phone}` });
  return /\d{6}/.exec(outbox.json().data.messages[0].body)?.[0] ?? '';
}

const login = (payload: Record<string, string>, headers: Record<string, string>) =>
  t.app.inject({ method: 'POST', url: '/owner/v3/auth/login', payload, headers });

describe('state-changing calls from another site are refused and change nothing', () => {
  it("a login form on another site (the attacker's phone and code) gets a 403 and no session", async () => {
    const phone = '09170001001';
    const smsCode = await codeFor(phone);
    const before = await sessionCount();
    const attempts = await t.database.db.select({ attempts: otpCodes.attempts }).from(otpCodes);
    const crossSite: Record<string, string>[] = [
      { origin: EVIL },
      { origin: 'null' },
      { 'sec-fetch-site': 'cross-site' },
      // Another port or subdomain of our site: same-site, but not our origin.
      { origin: 'http://localhost:8081', 'sec-fetch-site': 'same-site' },
      { origin: EVIL, 'sec-fetch-site': 'cross-site', 'content-type': 'application/x-www-form-urlencoded' },
    ];
    for (const headers of crossSite) {
      const res = await login({ phone, smsCode }, headers);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ code: Code.CROSS_SITE_REFUSED, data: { reason: expect.any(String) } });
      expect(res.headers['set-cookie']).toBeUndefined();
    }
    expect(await sessionCount()).toBe(before);
    // The code was never tried: the owner of the phone can still use it.
    expect(await t.database.db.select({ attempts: otpCodes.attempts }).from(otpCodes)).toEqual(attempts);
    expect((await login({ phone, smsCode }, {})).json().code).toBe(0);
  });

  it('our own pages (same host, or PUBLIC_URL behind a proxy) and the native app (no Origin) sign in', async () => {
    const ours: Record<string, string>[] = [
      { origin: 'http://localhost:80', 'sec-fetch-site': 'same-origin' },
      { origin: 'https://hiram.test', 'sec-fetch-site': 'same-origin' },
      // Our own form post under Referrer-Policy: no-referrer: Chromium sends Origin: null, and vouches.
      { origin: 'null', 'sec-fetch-site': 'same-origin' },
      { 'sec-fetch-site': 'none' },
      {},
    ];
    for (const [i, headers] of ours.entries()) {
      const phone = `0917000110${i}`;
      const res = await login({ phone, smsCode: await codeFor(phone) }, headers);
      expect(res.json().code).toBe(0);
    }
  });

  it('another site cannot sign a borrower out: the session goes on working', async () => {
    const token = await t.login('09170001010');
    const cookie = `${SESSION_COOKIE}=${token}`;
    const out = await t.app.inject({ method: 'POST', url: '/owner/v3/auth/logout', headers: { cookie, origin: EVIL } });
    expect(out.statusCode).toBe(403);
    expect(out.headers['set-cookie']).toBeUndefined();
    const me = await t.app.inject({ method: 'GET', url: '/owner/v3/auth/me', headers: { cookie } });
    expect(me.json().code).toBe(0);
    // Reading stays allowed from anywhere (a link), and a GET changes nothing.
    const linked = await t.app.inject({ method: 'GET', url: '/owner/v3/auth/me', headers: { cookie, origin: EVIL } });
    expect(linked.json().code).toBe(0);
  });

  it('staff calls and the sandbox checkout are covered too; a staff sign-in from another site is refused', async () => {
    const admin = await staffHeader(t, ['admin']);
    const save = await t.app.inject({
      method: 'POST',
      url: '/owner/admin/staff/save',
      headers: { ...admin, origin: EVIL },
      payload: { email: 'x@hiram.test', name: 'X', roles: ['admin'] },
    });
    expect(save.statusCode).toBe(403);
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/owner/admin/auth/login',
      headers: { 'sec-fetch-site': 'cross-site' },
      payload: { email: 'x@hiram.test', password: 'whatever' },
    });
    expect(signIn.json().code).toBe(Code.CROSS_SITE_REFUSED);
    const pay = await t.app.inject({
      method: 'POST',
      url: '/sandbox/pay/ref-1/pay',
      headers: { origin: EVIL, 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'key=x',
    });
    expect(pay.statusCode).toBe(403);
  });

  it('an app call with a session token and no Origin keeps working', async () => {
    const token = await t.login('09170001011');
    const out = await t.app.inject({ method: 'POST', url: '/owner/v3/auth/logout', headers: authHeader(token) });
    expect(out.json().code).toBe(0);
  });
});

describe('control characters in any path', () => {
  it('a NUL in a sandbox checkout address is a 400, not a 500', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/sandbox/pay/%00' });
    expect(res.statusCode).toBe(400);
    const post = await t.app.inject({ method: 'POST', url: '/sandbox/pay/%00/pay', payload: {} });
    expect(post.statusCode).toBe(400);
  });
});
