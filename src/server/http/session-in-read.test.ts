import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { Code } from '../../shared/codes';
import { sessions } from '../db/schema';
import { seedProducts } from '../db/seed/seed-products';
import { hashToken } from '../features/auth/session-service';
import { orderFor } from '../test/orders';
import { authHeader, buildTestApp } from '../test/test-app';

/**
 * architecture.md: Sessions: the pages that check the session in their own read (loan details,
 * the complaint list) refuse and keep sessions alive exactly as the session hook does for every
 * other call: the same code for no, an unknown, a revoked, an idle or an expired session, the
 * session refused before the input, and last_seen_at written once a minute.
 */
const t = await buildTestApp({ seed: false });
await seedProducts(t.database.db);
const loan = await orderFor(t.database.db, 'disbursed', { daysAgo: 30 });

// The complaint list is a POST without fields (an empty form).
const pages = [
  ['loan details', (orderId: number | string) => `/owner/v3/loan-details/loan-details?orderId=${orderId}`],
  ['the complaint list', (_orderId: number | string) => 'POST /owner/user-problem/problem-list'],
] as const;

const call = async (target: string, headers: Record<string, string> = {}) => {
  const post = target.startsWith('POST ');
  const res = await t.app.inject({
    method: post ? 'POST' : 'GET',
    url: target.replace(/^POST /, ''),
    headers: post ? { ...headers, 'content-type': 'application/x-www-form-urlencoded' } : headers,
    ...(post ? { payload: '' } : {}),
  });
  return { status: res.statusCode, code: Number(res.json().code) };
};
const where = (token: string) => eq(sessions.tokenHash, hashToken(token));

describe.each(pages)('%s checks the session in its read', (_name, url) => {
  it('answers a live session, and the session code without one, with an unknown one and a revoked one', async () => {
    const token = await t.login(loan.phone);
    expect(await call(url(loan.orderId), authHeader(token))).toEqual({ status: 200, code: 0 });
    const refused = { status: 401, code: Code.SESSION_EXPIRED };
    expect(await call(url(loan.orderId))).toEqual(refused);
    expect(await call(url(loan.orderId), authHeader('x'.repeat(43)))).toEqual(refused);
    expect(await call(url(loan.orderId), authHeader('x'.repeat(201)))).toEqual(refused);
    await t.database.db.update(sessions).set({ revokedAt: sql`now()` }).where(where(token));
    expect(await call(url(loan.orderId), authHeader(token))).toEqual(refused);
  });

  it('refuses a session past its absolute or idle limit', async () => {
    const a = await t.login(loan.phone);
    await t.database.db.update(sessions).set({ expiresAt: sql`now() - interval '1 second'` }).where(where(a));
    expect((await call(url(loan.orderId), authHeader(a))).code).toBe(Code.SESSION_EXPIRED);
    const b = await t.login(loan.phone);
    await t.database.db.update(sessions).set({ lastSeenAt: sql`now() - interval '30 days'` }).where(where(b));
    expect((await call(url(loan.orderId), authHeader(b))).code).toBe(Code.SESSION_EXPIRED);
  });

  it('writes last_seen_at only when it is over a minute old', async () => {
    const token = await t.login(loan.phone);
    const lastSeen = async () =>
      (await t.database.db.select().from(sessions).where(where(token)))[0]?.lastSeenAt.getTime() ?? 0;
    await t.database.db.update(sessions).set({ lastSeenAt: sql`now() - interval '30 seconds'` }).where(where(token));
    const fresh = await lastSeen();
    expect((await call(url(loan.orderId), authHeader(token))).code).toBe(0);
    expect(await lastSeen()).toBe(fresh);
    await t.database.db.update(sessions).set({ lastSeenAt: sql`now() - interval '10 minutes'` }).where(where(token));
    const stale = await lastSeen();
    expect((await call(url(loan.orderId), authHeader(token))).code).toBe(0);
    expect(await lastSeen()).toBeGreaterThan(stale + 9 * 60_000);
  });
});

describe('loan details: the session before the input, the input before the order', () => {
  it('refuses bad input without a live session as a session refusal, and with one as bad input', async () => {
    const token = await t.login(loan.phone);
    const url = pages[0][1];
    expect(await call(url('abc'))).toEqual({ status: 401, code: Code.SESSION_EXPIRED });
    expect(await call(url('abc'), authHeader('x'.repeat(43)))).toEqual({ status: 401, code: Code.SESSION_EXPIRED });
    expect((await call(url('abc'), authHeader(token))).code).toBe(Code.BAD_REQUEST);
    expect((await call(url(loan.orderId + 100_000), authHeader(token))).code).toBe(Code.NOT_FOUND);
  });
});
