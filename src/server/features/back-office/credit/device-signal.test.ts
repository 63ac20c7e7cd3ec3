import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { Code } from '../../../../shared/codes';
import { manilaToday } from '../../../../shared/format/date';
import { borrowerDevices, borrowers, otpCodes, sessions } from '../../../db/schema';
import { buildTestApp } from '../../../test/test-app';
import { completeApplicationFor } from '../../../db/seed/complete-application';
import { DEVICE_COOKIE, deviceHash, recordDevices } from '../../auth/device';
import { submitApplication } from '../../../money';
import { createStaff } from '../staff/staff-service';
import { STAFF_PASSWORD, signInStaff } from '../../../test/staff-support';

const t = await buildTestApp();
const db = t.database.db;
await createStaff(db, {
  email: 'dina.device@hiram.test',
  name: 'Dina Device',
  roles: ['credit'],
  password: STAFF_PASSWORD,
});
const credit = { authorization: `Staff ${await signInStaff(t, 'dina.device@hiram.test')}` };

/** The real web login, from a browser holding these cookies (or none), at this address. */
async function signIn(phone: string, { cookie, url = '/owner/v3/auth/login' }: { cookie?: string; url?: string } = {}) {
  await db.update(otpCodes).set({ createdAt: sql`now() - interval '1 hour'` }).where(eq(otpCodes.phone, phone));
  await t.app.inject({ method: 'POST', url: '/owner/v3/auth/send-login-code', payload: { phone } });
  const outbox = await t.app.inject({ method: 'GET', url: `/owner/dev/sms-outbox?phone=${phone}` });
  const smsCode = /\d{6}/.exec(outbox.json().data.messages[0].body)?.[0] ?? '';
  const res = await t.app.inject({
    method: 'POST',
    url,
    payload: { phone, smsCode },
    headers: cookie ? { cookie } : {},
  });
  expect(res.json().code).toBe(0);
  const setCookie = [res.headers['set-cookie'] ?? []].flat().map(String);
  const device = setCookie.find((c) => c.startsWith(`${DEVICE_COOKIE}=`));
  const borrower = await db.query.borrowers.findFirst({ where: eq(borrowers.phone, phone) });
  return {
    borrowerId: borrower!.id,
    sessionId: res.json().data.sessionId as string,
    setCookie: device,
    deviceValue: device?.split(';')[0]?.split('=')[1],
  };
}

async function applyFor(borrowerId: number, fullName: string) {
  await db.update(borrowers).set({ fullName }).where(eq(borrowers.id, borrowerId));
  await completeApplicationFor(db, borrowerId);
  return submitApplication(db, { borrowerId, productId: 1, amount: 300_000 }, manilaToday());
}
const review = async (orderId: number) =>
  (await t.app.inject({ url: `/owner/admin/loans/review?orderId=${orderId}`, headers: credit })).json().data;
const devicesOf = (borrowerId: number) =>
  db.select().from(borrowerDevices).where(eq(borrowerDevices.borrowerId, borrowerId));

describe('the same-device signal on the credit desk', () => {
  it('a browser without one gets a two-year HttpOnly, SameSite=Lax device cookie; a browser with one keeps it', async () => {
    const first = await signIn('09175550101');
    expect(first.setCookie).toMatch(
      /^hiram_device=[A-Za-z0-9_-]{43}; Max-Age=63072000; Path=\/owner; HttpOnly; SameSite=Lax$/,
    );
    const again = await signIn('09175550101', { cookie: `${DEVICE_COOKIE}=${first.deviceValue}` });
    expect(again.setCookie).toBeUndefined();
    const rows = await devicesOf(first.borrowerId);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ kind: 'browser', deviceHash: deviceHash('browser', first.deviceValue!) });
    expect(rows[0]!.lastSeenAt.getTime()).toBeGreaterThanOrEqual(rows[0]!.firstSeenAt.getTime());
    expect(JSON.stringify(rows)).not.toContain(first.deviceValue);
  });

  it('two borrowers signing in from one browser: the second application shows the signal naming the first, and needs a reason', async () => {
    const a = await signIn('09175550111');
    const b = await signIn('09175550112', { cookie: `${DEVICE_COOKIE}=${a.deviceValue}` });
    await applyFor(a.borrowerId, 'Dora Una');
    const order = await applyFor(b.borrowerId, 'Dora Dalawa');
    const seen = await review(order.id);
    expect(seen.signals).toEqual([
      {
        kind: 'device',
        value: `browser ${deviceHash('browser', a.deviceValue!).slice(0, 8)}`,
        detail: 'signed in from the same device',
        borrowers: [{ borrowerId: a.borrowerId, phone: '09175550111', fullName: 'Dora Una' }],
      },
    ]);
    const queue = (
      await t.app.inject({ url: '/owner/admin/loans/applications?pageSize=100&order=desc', headers: credit })
    ).json().data.list;
    expect(queue.find((o: { orderId: number }) => o.orderId === order.id)).toMatchObject({ signals: 1 });
    const bare = await t.app.inject({
      method: 'POST',
      url: '/owner/admin/loans/approve',
      headers: credit,
      payload: { orderId: String(order.id) },
    });
    expect(bare.json()).toMatchObject({ code: Code.BAD_REQUEST, data: { field: 'reasonCode' } });
  });

  it('two borrowers from different browsers carry no signal', async () => {
    const a = await signIn('09175550121');
    const b = await signIn('09175550122');
    expect(a.deviceValue).not.toBe(b.deviceValue);
    await applyFor(a.borrowerId, 'Ella Una');
    const order = await applyFor(b.borrowerId, 'Ella Dalawa');
    expect((await review(order.id)).signals).toEqual([]);
  });

  it("the native app's deviceId in the address ties borrowers too, whatever the cookie", async () => {
    const a = await signIn('09175550131', { url: '/owner/v3/auth/login?deviceId=android-7f3a' });
    const b = await signIn('09175550132', { url: '/owner/v3/auth/login?deviceId=android-7f3a' });
    expect(a.deviceValue).not.toBe(b.deviceValue);
    await applyFor(a.borrowerId, 'Fe Una');
    const order = await applyFor(b.borrowerId, 'Fe Dalawa');
    const signals = (await review(order.id)).signals;
    expect(signals).toHaveLength(1);
    expect(signals[0]).toMatchObject({ kind: 'device', value: expect.stringMatching(/^app [0-9a-f]{8}$/) });
  });

  it('concurrent sign-ins from one device keep one row per borrower and device', async () => {
    const a = await signIn('09175550141');
    const device = { kind: 'browser' as const, value: a.deviceValue! };
    await Promise.all(Array.from({ length: 5 }, () => recordDevices(db, a.borrowerId, [device])));
    expect(await devicesOf(a.borrowerId)).toHaveLength(1);
  });

  it('a session the app already holds records its deviceId on a call, at most once a minute', async () => {
    const a = await signIn('09175550151');
    const b = await signIn('09175550152');
    await signIn('09175550151', { url: '/owner/v3/auth/login?deviceId=ios-shared-1' });
    // B's session from the app, used a minute after it was last seen, with the same device in the address.
    await db
      .update(sessions)
      .set({ lastSeenAt: sql`now() - interval '2 minutes'` })
      .where(eq(sessions.borrowerId, b.borrowerId));
    const me = await t.app.inject({
      url: '/owner/v3/auth/me?deviceId=ios-shared-1',
      headers: { authorization: `Session ${b.sessionId}` },
    });
    expect(me.json().code).toBe(0);
    expect((await devicesOf(b.borrowerId)).map((d) => d.kind).sort()).toEqual(['app', 'browser']);
    await applyFor(a.borrowerId, 'Gina Una');
    const order = await applyFor(b.borrowerId, 'Gina Dalawa');
    expect((await review(order.id)).signals).toMatchObject([{ kind: 'device', value: expect.stringMatching(/^app /) }]);
  });
});
