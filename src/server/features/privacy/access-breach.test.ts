import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { Code } from '../../../shared/codes';
import { appContextOf } from '../../app';
import { referenceNotices, smsOutbox } from '../../db/schema';
import { tellReference } from '../../privacy/reference-notice';
import { orderFor } from '../../test/orders';
import { staffHeader } from '../../test/staff-support';
import { authHeader, buildTestApp } from '../../test/test-app';
import { getCall, identityPicture, postCall, textsTo } from './privacy-support';

/** Docs/privacy.md "Access records", "Breaches", "References". */
const t = await buildTestApp();
const db = t.database.db;
const dpo = await staffHeader(t, ['dpo']);
const creditEmail = `credit-${Date.now()}@hiram.test`;
const credit = await staffHeader(t, ['credit'], creditEmail);

describe('Access records', () => {
  it('records a credit officer’s borrower view, application review and identity picture; the dpo and the borrower see them', async () => {
    const order = await orderFor(db, 'review');
    const me = authHeader(await t.login(order.phone));
    const picture = await identityPicture(t, me);
    const start = new Date();
    expect((await getCall(t, `/admin/borrowers/view?borrowerId=${order.borrowerId}`, credit)).code).toBe(0);
    expect((await getCall(t, `/admin/loans/review?orderId=${order.orderId}`, credit)).code).toBe(0);
    const name = picture.split('/').at(-1);
    const seen = await t.app.inject({ method: 'GET', url: `/owner/admin/application/files/${name}`, headers: credit });
    expect(seen.statusCode).toBe(200);

    const desk = await getCall(t, `/admin/privacy/access?borrowerId=${order.borrowerId}`, dpo);
    expect(desk.data.list.map((r: { what: string; actor: string }) => `${r.actor} ${r.what}`).sort()).toEqual([
      `${creditEmail} application review`,
      `${creditEmail} borrower view`,
      `${creditEmail} identity picture`,
    ]);
    const mine = (await getCall(t, '/v3/privacy/my-data', me)).data;
    expect(mine.access.map((a: { what: string }) => a.what).sort()).toEqual([
      'application review',
      'borrower view',
      'identity picture',
    ]);

    // A breach about that officer's access in the window lists this borrower to notify, with the 72-hour clock.
    const foundAt = new Date().toISOString();
    const breach = await postCall(t, '/admin/privacy/breach', dpo, {
      what: 'A credit officer’s laptop with an open session was stolen.',
      foundAt,
      fromAt: new Date(start.getTime() - 1000).toISOString(),
      toAt: new Date().toISOString(),
      actor: creditEmail,
    });
    expect(breach.code).toBe(0);
    expect(breach.data.affected).toEqual([
      expect.objectContaining({ borrowerId: order.borrowerId, phone: order.phone }),
    ]);
    expect(new Date(breach.data.notifyBy).getTime() - new Date(foundAt).getTime()).toBe(72 * 3_600_000);
    expect(breach.data.hoursLeft).toBeGreaterThan(71.9);
    expect(breach.data.notice.en).toMatch(/laptop with an open session was stolen/);
    expect(breach.data.notice.fil).toMatch(/^Hiram: Noong/);
    const list = await getCall(t, '/admin/privacy/breaches', dpo);
    expect(list.data.list[0].id).toBe(breach.data.id);
  });

  it('a breach found in the future, or a window that ends before it starts, is refused', async () => {
    const future = new Date(Date.now() + 3_600_000).toISOString();
    const now = new Date().toISOString();
    expect(
      (await postCall(t, '/admin/privacy/breach', dpo, { what: 'x', foundAt: future, fromAt: now, toAt: now })).code,
    ).toBe(Code.BAD_REQUEST);
    expect(
      (
        await postCall(t, '/admin/privacy/breach', dpo, {
          what: 'x',
          foundAt: now,
          fromAt: now,
          toAt: '2020-01-01T00:00:00Z',
        })
      ).data.field,
    ).toBe('fromAt');
  });
});

describe('References', () => {
  it('the reference is told once by SMS when an application is submitted, without a word about a debt', async () => {
    const session = await t.loginApplied('09175550311');
    const me = authHeader(session);
    const push = await postCall(t, '/v3/loan-confirm/push', me, {
      productId: '1',
      amount: '400000',
      periods: '1',
      termUnit: '1',
    });
    expect(push.code).toBe(0);
    const texts = await textsTo(t, '09175550199');
    const notice = texts.find((m) => m.includes('named you as a reference'));
    expect(notice).toMatch(/used only to verify/);
    expect(notice).toMatch(/Pinangalanan ka/);
    expect(notice).not.toMatch(/\b(?:owes?|debt|overdue|utang|singil)\b|₱/i);
    // Again for the same borrower and number: nothing more is sent.
    const ctx = appContextOf(t.app)!;
    const [borrowerId] = (await db.select({ id: referenceNotices.borrowerId }).from(referenceNotices)).map((r) => r.id);
    expect(await tellReference(db, ctx.sms, borrowerId!, '+63 2 8123 4567')).toBe('already');
    const count = (await db.select().from(smsOutbox).where(eq(smsOutbox.phone, '09175550199'))).filter((m) =>
      m.body.includes('named you as a reference'),
    ).length;
    expect(count).toBe(1);
  });
});
