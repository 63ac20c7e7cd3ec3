import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { Code } from '../../shared/codes';
import { borrowers, contactAttempts, loanOrders, outOfHoursConsents, smsOutbox } from '../db/schema';
import { INBOUND_SIGNATURE_HEADER, INBOUND_TIMESTAMP_HEADER, signInbound } from '../providers/sms/inbound-signature';
import { loanPastDue, movableClock } from '../test/collections-support';
import { staffHeader } from '../test/staff-support';
import { buildTestApp } from '../test/test-app';
import { SMS_INBOUND_PATH } from './consent-routes';

/**
 * Out-of-hours consent by SMS reply (SEC MC 18 s.2019: only the borrower's express consent): a
 * signed delivery from the borrower's registered mobile, in any form, gives or withdraws it;
 * an unsigned, stale, replayed or foreign one changes nothing.
 */
const SECRET = 'inbound-secret-for-tests-only-0123456789';
const time = movableClock();
const t = await buildTestApp({ clock: time.clock, env: { SMS_INBOUND_SECRET: SECRET } });
const db = t.database.db;
const collector = await staffHeader(t, ['collections']);

const deliver = (fields: { from: string; message: string; messageId: string }, { sign = SECRET, ageMs = 0 } = {}) => {
  const body = JSON.stringify(fields);
  const timestamp = String(time.clock.now().getTime() - ageMs);
  return t.app.inject({
    method: 'POST',
    url: SMS_INBOUND_PATH,
    headers: {
      'content-type': 'application/json',
      [INBOUND_TIMESTAMP_HEADER]: timestamp,
      [INBOUND_SIGNATURE_HEADER]: signInbound(sign, timestamp, body),
    },
    payload: body,
  });
};
const call = (orderId: number) =>
  t.app
    .inject({
      method: 'POST',
      url: '/owner/admin/collections/attempt',
      headers: collector,
      payload: { orderId: String(orderId), channel: 'call', outcome: 'reached' },
    })
    .then((r) => r.json());

async function overdueBorrower() {
  const orderId = await loanPastDue(db, time.day, 4);
  const [row] = await db
    .select({ phone: borrowers.phone, borrowerId: borrowers.id })
    .from(loanOrders)
    .innerJoin(borrowers, eq(borrowers.id, loanOrders.borrowerId))
    .where(eq(loanOrders.id, orderId));
  if (!row) throw new Error('no borrower');
  return { orderId, ...row };
}

describe('consent by SMS reply', () => {
  it('a signed YES from the registered mobile (typed +63) allows an out-of-hours call; STOP withdraws it', async () => {
    const { orderId, phone, borrowerId } = await overdueBorrower();
    time.set('23:15');
    expect((await call(orderId)).data).toEqual({ rule: 'contact-hours' });
    const intl = `+63 ${phone.slice(1)}`;
    const yes = await deliver({ from: intl, message: 'YES', messageId: 'in-1' });
    expect(yes.json()).toMatchObject({ code: 0, data: { taken: 'consent' } });
    expect((await call(orderId)).code).toBe(0);
    const [kept] = await db.select().from(outOfHoursConsents).where(eq(outOfHoursConsents.borrowerId, borrowerId));
    expect(kept).toMatchObject({
      source: 'sms-reply',
      evidence: { from: phone, message: 'YES', messageId: 'in-1' },
      expiresAt: new Date(time.clock.now().getTime() + 7 * 86_400_000),
    });
    const outbox = await db.select().from(smsOutbox).where(eq(smsOutbox.phone, phone));
    expect(outbox.at(-1)?.body).toContain('Reply STOP');

    expect((await deliver({ from: phone, message: 'stop', messageId: 'in-2' })).json().data).toEqual({
      taken: 'revoke',
    });
    expect((await call(orderId)).data).toEqual({ rule: 'contact-hours' });
    // The same YES again (a replay) is not taken twice.
    expect((await deliver({ from: intl, message: 'YES', messageId: 'in-1' })).json().data).toEqual({
      taken: 'already',
    });
    expect((await call(orderId)).data).toEqual({ rule: 'contact-hours' });
  });

  it('refuses an unsigned, wrongly signed or stale delivery, and ignores other numbers and other words', async () => {
    const { orderId, phone } = await overdueBorrower();
    time.set('23:20');
    const unsigned = await t.app.inject({
      method: 'POST',
      url: SMS_INBOUND_PATH,
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ from: phone, message: 'YES', messageId: 'x-1' }),
    });
    expect(unsigned.json().code).toBe(Code.FORBIDDEN);
    expect(
      (await deliver({ from: phone, message: 'YES', messageId: 'x-2' }, { sign: 'x'.repeat(40) })).json().code,
    ).toBe(Code.FORBIDDEN);
    expect((await deliver({ from: phone, message: 'YES', messageId: 'x-3' }, { ageMs: 10 * 60_000 })).json().code).toBe(
      Code.FORBIDDEN,
    );
    expect((await deliver({ from: '09990001111', message: 'YES', messageId: 'x-4' })).json().data).toEqual({
      taken: 'unknown-number',
    });
    expect((await deliver({ from: phone, message: 'yes I will pay later', messageId: 'x-5' })).json().data).toEqual({
      taken: 'not-a-consent-reply',
    });
    expect((await call(orderId)).data).toEqual({ rule: 'contact-hours' });
    expect(await db.select().from(contactAttempts).where(eq(contactAttempts.orderId, orderId))).toEqual([]);
  });
});
