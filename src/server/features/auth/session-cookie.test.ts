import type { FastifyRequest } from 'fastify';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { Code } from '../../../shared/codes';
import { otpCodes, sessions } from '../../db/schema';
import { authHeader, buildTestApp } from '../../test/test-app';
import { hashToken } from './session-service';
import {
  clearedSessionCookie,
  cookieIsSecure,
  HOST_SESSION_COOKIE,
  SESSION_COOKIE,
  sessionCookie,
  sessionCookieFrom,
} from './session-cookie';

const t = await buildTestApp();

async function loginReply(phone: string, headers: Record<string, string> = {}) {
  // As if the borrower came back after the resend wait.
  await t.database.db
    .update(otpCodes)
    .set({ createdAt: sql`now() - interval '1 hour'` })
    .where(eq(otpCodes.phone, phone));
  const sent = await t.app.inject({ method: 'POST', url: '/owner/v3/auth/send-login-code', payload: { phone } });
  expect(sent.json().code).toBe(0);
  const outbox = await t.app.inject({ method: 'GET', url: `/owner/dev/sms-outbox?phone=${phone}` });
  const smsCode = /\d{6}/.exec(outbox.json().data.messages[0].body)?.[0] ?? '';
  return t.app.inject({ method: 'POST', url: '/owner/v3/auth/login', payload: { phone, smsCode }, headers });
}

const cookieOf = (setCookie: string | string[] | undefined) =>
  String(Array.isArray(setCookie) ? setCookie[0] : setCookie);
const me = (headers: Record<string, string>) => t.app.inject({ method: 'GET', url: '/owner/v3/auth/me', headers });

describe('the web login keeps the borrower signed in with a cookie', () => {
  it('sets an HttpOnly, SameSite=Lax cookie for the session, as long as its absolute limit, without Secure on http', async () => {
    const res = await loginReply('09170000001');
    const cookie = cookieOf(res.headers['set-cookie']);
    const token = res.json().data.sessionId as string;
    expect(cookie).toContain(`${SESSION_COOKIE}=${token};`);
    expect(cookie).toContain('HttpOnly');
    expect(cookie).toContain('SameSite=Lax');
    expect(cookie).toContain('Path=/owner');
    expect(cookie).toContain(`Max-Age=${t.config.SESSION_ABSOLUTE_DAYS * 86_400}`);
    expect(cookie).not.toContain('Secure');
  });

  it('serves session calls from the cookie alone (another tab, a restarted browser)', async () => {
    const res = await loginReply('09170000002');
    const token = res.json().data.sessionId as string;
    const reply = await me({ cookie: `other=1; ${SESSION_COOKIE}=${token}` });
    expect(reply.json()).toMatchObject({ code: 0, data: { phone: '09170000002' } });
  });

  it("the native app's token wins over the cookie", async () => {
    const web = (await loginReply('09170000002')).json().data.sessionId as string;
    const app = await t.login('09170000001');
    const reply = await me({ cookie: `${SESSION_COOKIE}=${web}`, ...authHeader(app) });
    expect(reply.json().data.phone).toBe('09170000001');
  });

  it('sign-out revokes the session server-side and clears the cookie, even when the session had ended', async () => {
    const token = (await loginReply('09170000001')).json().data.sessionId as string;
    const cookie = `${SESSION_COOKIE}=${token}`;
    const out = await t.app.inject({ method: 'POST', url: '/owner/v3/auth/logout', headers: { cookie } });
    expect(out.json().code).toBe(0);
    expect(cookieOf(out.headers['set-cookie'])).toMatch(new RegExp(`^${SESSION_COOKIE}=; Max-Age=0;.*HttpOnly`));
    const [row] = await t.database.db
      .select()
      .from(sessions)
      .where(eq(sessions.tokenHash, hashToken(token)));
    expect(row?.revokedAt).not.toBeNull();
    expect((await me({ cookie })).json().code).toBe(Code.SESSION_EXPIRED);
    const again = await t.app.inject({ method: 'POST', url: '/owner/v3/auth/logout', headers: { cookie } });
    expect(again.json().code).toBe(0);
  });
});

describe('cookieIsSecure', () => {
  const request = (protocol: string, hostname: string) => ({ protocol, hostname }) as FastifyRequest;
  it('is Secure over https, and in production on any host but this machine', () => {
    expect(cookieIsSecure(request('https', 'localhost'), false)).toBe(true);
    expect(cookieIsSecure(request('http', 'hiram.ph'), true)).toBe(true);
    expect(cookieIsSecure(request('http', 'localhost'), true)).toBe(false);
    expect(cookieIsSecure(request('http', '127.0.0.1'), false)).toBe(false);
  });
});

describe('sessionCookieFrom', () => {
  it('reads the cookie among others and refuses malformed values', () => {
    expect(sessionCookieFrom(`a=1; ${SESSION_COOKIE}=abc_DEF-1; b=2`)).toBe('abc_DEF-1');
    expect(sessionCookieFrom(`${SESSION_COOKIE}=a b`)).toBeNull();
    expect(sessionCookieFrom(undefined)).toBeNull();
    expect(sessionCookieFrom('x=1')).toBeNull();
  });
});

describe('the session cookie over https is a __Host- cookie', () => {
  it('is named __Host-…, for the whole host (Path=/, no Domain), Secure, HttpOnly and SameSite=Lax', () => {
    const cookie = sessionCookie('tok_1', 30, true);
    expect(cookie).toBe(`${HOST_SESSION_COOKIE}=tok_1; Max-Age=2592000; Path=/; HttpOnly; SameSite=Lax; Secure`);
    expect(cookie).not.toMatch(/Domain=/i);
    expect(HOST_SESSION_COOKIE).toBe(`__Host-${SESSION_COOKIE}`);
  });

  it('sign-out over https clears it, and the plain cookie an older version set', () => {
    expect(clearedSessionCookie(true)).toEqual([
      `${HOST_SESSION_COOKIE}=; Max-Age=0; Path=/; HttpOnly; SameSite=Lax; Secure`,
      `${SESSION_COOKIE}=; Max-Age=0; Path=/owner; HttpOnly; SameSite=Lax; Secure`,
    ]);
    expect(clearedSessionCookie(false)).toEqual([`${SESSION_COOKIE}=; Max-Age=0; Path=/owner; HttpOnly; SameSite=Lax`]);
  });

  it('is read before a plain cookie of the same name (one a sibling subdomain could have tossed)', () => {
    expect(sessionCookieFrom(`${SESSION_COOKIE}=tossed; ${HOST_SESSION_COOKIE}=mine`)).toBe('mine');
    expect(sessionCookieFrom(`${HOST_SESSION_COOKIE}=mine`)).toBe('mine');
  });
});
