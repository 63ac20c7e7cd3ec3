import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { Code } from '../../../../shared/codes';
import { CONTACT_REFUSED } from '../../../../shared/contracts/back-office-collections';
import { auditLog, borrowers, contactAttempts, loanOrders } from '../../../db/schema';
import { addDays } from '../../../domain/loan';
import { buildTestApp } from '../../../test/test-app';
import { loanPastDue, movableClock } from '../../../test/collections-support';
import { staffHeader } from '../../../test/staff-support';

/**
 * The collections desk under SEC MC 18 s.2019, with the server's clock set to Manila times: the
 * contact hours, their exemptions, the party and language rules, the daily cap under concurrent
 * attempts, and the audit of every refusal.
 */
const time = movableClock();
const t = await buildTestApp({ clock: time.clock });
const db = t.database.db;
const collector = await staffHeader(t, ['collections']);

const attempt = (orderId: number, fields: Record<string, string> = {}, headers = collector) =>
  t.app
    .inject({
      method: 'POST',
      url: '/owner/admin/collections/attempt',
      headers,
      payload: { orderId: String(orderId), channel: 'call', outcome: 'no-answer', ...fields },
    })
    .then((r) => r.json());
const refusals = (orderId: number) =>
  db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, 'collections.logAttemptRefused'), eq(auditLog.entityId, String(orderId))));
const stored = (orderId: number) => db.select().from(contactAttempts).where(eq(contactAttempts.orderId, orderId));

describe('contact hours, 6 AM to 10 PM Manila', () => {
  it('refuses 05:59, allows 06:00, refuses 22:00 on a loan 5 days past due; each refusal audited with its rule', async () => {
    const orderId = await loanPastDue(db, time.day, 5);
    time.set('05:59');
    expect(await attempt(orderId)).toMatchObject({ code: CONTACT_REFUSED, data: { rule: 'contact-hours' } });
    time.set('06:00');
    expect(await attempt(orderId, { note: 'Borrower will pay on Friday.' })).toMatchObject({
      code: 0,
      data: { orderId, channel: 'call', note: 'Borrower will pay on Friday.' },
    });
    time.set('22:00');
    expect((await attempt(orderId, { channel: 'sms', outcome: 'sms-sent' })).data).toEqual({ rule: 'contact-hours' });
    expect(await stored(orderId)).toHaveLength(1);
    const audited = await refusals(orderId);
    expect(audited.map((row) => (row.after as { rule: string; manilaHour: number }).manilaHour)).toEqual([5, 22]);
    expect(
      audited.every(
        (row) => (row.after as { rule: string }).rule === 'contact-hours' && row.actor.startsWith('collections-'),
      ),
    ).toBe(true);
  });

  it('allows any hour more than 15 days past due: 16 days at 23:00 yes, 15 days no', async () => {
    const sixteen = await loanPastDue(db, time.day, 16);
    const fifteen = await loanPastDue(db, time.day, 15);
    time.set('23:00');
    expect((await attempt(sixteen)).code).toBe(0);
    expect((await attempt(fifteen)).data).toEqual({ rule: 'contact-hours' });
  });

  it("a collector's note is never consent: an out-of-hours call is refused whatever the collector records (spec 001 §10, SEC MC 18)", async () => {
    const orderId = await loanPastDue(db, time.day, 3);
    time.set('23:30');
    const notes = [
      'Borrower consented to late calls',
      'Customer said OK to call anytime, consent given verbally',
      'CONSENT: YES',
    ];
    for (const note of notes) {
      expect((await attempt(orderId, { note, outcome: 'reached' })).data).toEqual({ rule: 'contact-hours' });
    }
    // The collector-typed consent path is gone.
    const typed = await t.app.inject({
      method: 'POST',
      url: '/owner/admin/collections/consent',
      headers: collector,
      payload: { orderId: String(orderId), note: 'Asked for evening calls' },
    });
    expect(typed.statusCode).toBe(404);
    for (const note of ['consent recorded']) {
      await t.app.inject({
        method: 'POST',
        url: '/owner/admin/collections/note',
        headers: collector,
        payload: { orderId: String(orderId), kind: 'note', text: note },
      });
    }
    expect((await attempt(orderId)).data).toEqual({ rule: 'contact-hours' });
    expect(await stored(orderId)).toHaveLength(0);
    expect(await refusals(orderId)).toHaveLength(notes.length + 1);
  });

  it("the borrower's own consent, given on the borrower pages, allows contact outside the hours until it is revoked or expires", async () => {
    const orderId = await loanPastDue(db, time.day, 3);
    const [order] = await db.select().from(loanOrders).where(eq(loanOrders.id, orderId));
    const [borrower] = await db
      .select()
      .from(borrowers)
      .where(eq(borrowers.id, order?.borrowerId ?? 0));
    time.set('12:00');
    const session = { authorization: `Session ${await t.login(borrower?.phone ?? '')}` };
    const give = await t.app.inject({
      method: 'POST',
      url: '/owner/v3/contact-consent/give',
      headers: session,
      payload: { days: '7' },
    });
    expect(give.json()).toMatchObject({
      code: 0,
      data: {
        active: {
          source: 'borrower-page',
          expiresAt: new Date(time.clock.now().getTime() + 7 * 86_400_000).toISOString(),
        },
        inCollection: true,
      },
    });
    time.set('23:30');
    expect((await attempt(orderId)).code).toBe(0);
    const history = (
      await t.app.inject({ url: `/owner/admin/collections/attempts?orderId=${orderId}`, headers: collector })
    ).json().data;
    expect(history.consentActive).toBe(true);
    expect(history.consent).toMatchObject({ source: 'borrower-page', evidence: { via: 'Signed-in borrower pages' } });

    const revoke = await t.app.inject({ method: 'POST', url: '/owner/v3/contact-consent/revoke', headers: session });
    expect(revoke.json()).toMatchObject({ code: 0, data: { active: null } });
    expect((await attempt(orderId)).data).toEqual({ rule: 'contact-hours' });
    const after = (
      await t.app.inject({ url: `/owner/admin/collections/attempts?orderId=${orderId}`, headers: collector })
    ).json().data;
    expect(after).toMatchObject({ consentActive: false, consent: { revokedVia: 'borrower-page' } });

    // Given again, it lapses by itself after its days.
    await t.app.inject({
      method: 'POST',
      url: '/owner/v3/contact-consent/give',
      headers: session,
      payload: { days: '7' },
    });
    time.set('23:30', addDays(time.day, 8));
    expect((await attempt(orderId)).data).toEqual({ rule: 'contact-hours' });
  });
});

describe('whom and what', () => {
  it('never contacts a character reference, by party or by their number in any form (NPC Circular 20-01)', async () => {
    const orderId = await loanPastDue(db, time.day, 20);
    time.set('10:00');
    expect((await attempt(orderId, { party: 'reference' })).data).toEqual({ rule: 'reference' });
    // The demo application names 09175550199 as the reference.
    for (const phone of ['09175550199', '+63 917 555 0199', '63-917-555-0199', '917 555 0199'])
      expect((await attempt(orderId, { phone })).data).toEqual({ rule: 'reference' });
    expect((await attempt(orderId, { phone: '09990000000' })).data).toEqual({ rule: 'party' });
    expect((await refusals(orderId))[0]?.after).toMatchObject({ rule: 'reference', party: 'reference' });
    expect(await stored(orderId)).toHaveLength(0);
  });

  it('refuses threats and insults in a note, control characters and notes over 500 characters', async () => {
    const orderId = await loanPastDue(db, time.day, 40);
    time.set('10:00');
    const threat = await attempt(orderId, { note: 'Pay today or we will have you ARRESTED' });
    expect(threat).toMatchObject({ code: CONTACT_REFUSED, data: { rule: 'note-language' } });
    expect(threat.message).toContain('arrest');
    expect((await attempt(orderId, { note: 'Tanga ka' })).data).toEqual({ rule: 'note-language' });
    expect((await attempt(orderId, { note: 'bell\u0007' })).code).toBe(Code.BAD_REQUEST);
    expect((await attempt(orderId, { note: 'x'.repeat(501) })).code).toBe(Code.BAD_REQUEST);
    expect((await attempt(orderId, { note: 'Two lines\nare fine; a diet plan is not a threat.' })).code).toBe(0);
    expect(await stored(orderId)).toHaveLength(1);
  });

  it('answers an unknown loan as not found, without an attempt', async () => {
    expect((await attempt(99_999_999)).code).toBe(Code.NOT_FOUND);
    expect((await attempt(2 ** 40)).code).toBe(Code.NOT_FOUND);
  });

  it('refuses a loan that is not due or overdue', async () => {
    const orderId = await loanPastDue(db, time.day, -30);
    expect((await db.select().from(loanOrders).where(eq(loanOrders.id, orderId)))[0]?.status).toBe(170);
    time.set('10:00');
    expect((await attempt(orderId)).data).toEqual({ rule: 'not-in-collection' });
    expect((await refusals(orderId)).map((row) => row.after)).toEqual([
      expect.objectContaining({ rule: 'not-in-collection', status: 170 }),
    ]);
  });
});

describe('the daily cap', () => {
  it('holds under 10 concurrent attempts: exactly the cap is stored, the rest refused; the next day counts again', async () => {
    const orderId = await loanPastDue(db, time.day, 8);
    time.set('10:00');
    const replies = await Promise.all(Array.from({ length: 10 }, () => attempt(orderId)));
    expect(replies.filter((r) => r.code === 0)).toHaveLength(t.config.COLLECTIONS_DAILY_ATTEMPTS);
    expect(replies.filter((r) => r.data?.rule === 'daily-cap')).toHaveLength(10 - t.config.COLLECTIONS_DAILY_ATTEMPTS);
    expect(await stored(orderId)).toHaveLength(t.config.COLLECTIONS_DAILY_ATTEMPTS);
    expect(await refusals(orderId)).toHaveLength(10 - t.config.COLLECTIONS_DAILY_ATTEMPTS);
    time.set('06:00', addDays(time.day, 1));
    expect((await attempt(orderId)).code).toBe(0);
  });
});

describe('the queue', () => {
  it('puts loans in buckets by days past due, with the amount past due, the full mobile and the next allowed contact', async () => {
    const due = await loanPastDue(db, time.day, 0, 'Due Today');
    const late = await loanPastDue(db, time.day, 45, 'Forty Five');
    const old = await loanPastDue(db, time.day, 100, 'Hundred Days');
    time.set('05:00');
    const reply = (
      await t.app.inject({ url: '/owner/admin/collections/queue?pageSize=100', headers: collector })
    ).json();
    expect(reply.code).toBe(0);
    const row = (id: number) => reply.data.items.find((r: { orderId: number }) => r.orderId === id);
    expect(row(due)).toMatchObject({
      status: 174,
      bucket: 'due',
      daysPastDue: 0,
      amountPastDue: 0,
      fullName: 'Due Today',
      phoneMasked: false,
    });
    expect(row(due).phone).toMatch(/^09\d{9}$/);
    // Not yet 6 AM and not more than 15 days late: the next contact waits for 06:00 today.
    expect(row(due)).toMatchObject({
      waitReason: 'contact-hours',
      nextAllowedAt: new Date(`${time.day}T06:00:00+08:00`).toISOString(),
    });
    expect(row(late)).toMatchObject({ status: 180, bucket: '31-60', daysPastDue: 45, waitReason: null });
    expect(row(late).amountPastDue).toBeGreaterThan(500_000);
    expect(row(old)).toMatchObject({ bucket: '91+', daysPastDue: 100 });
    for (const bucket of ['due', '31-60', '91+'] as const) expect(reply.data.counts[bucket]).toBeGreaterThanOrEqual(1);

    const only = (
      await t.app.inject({ url: '/owner/admin/collections/queue?bucket=31-60&pageSize=100', headers: collector })
    ).json().data.items as { bucket: string }[];
    expect(only.length).toBeGreaterThanOrEqual(1);
    expect(only.every((r) => r.bucket === '31-60')).toBe(true);
  });

  it('shows the last contact, and after the cap the next allowed contact is tomorrow', async () => {
    const orderId = await loanPastDue(db, time.day, 2);
    time.set('09:00');
    for (let i = 0; i < t.config.COLLECTIONS_DAILY_ATTEMPTS; i++)
      expect((await attempt(orderId, { outcome: 'busy' })).code).toBe(0);
    const list = (
      await t.app.inject({ url: '/owner/admin/collections/queue?bucket=1-30&pageSize=100', headers: collector })
    ).json().data.items;
    expect(list.find((r: { orderId: number }) => r.orderId === orderId)).toMatchObject({
      lastContactAt: time.clock.now().toISOString(),
      lastOutcome: 'busy',
      attemptsToday: t.config.COLLECTIONS_DAILY_ATTEMPTS,
      waitReason: 'daily-cap',
      nextAllowedAt: new Date(`${addDays(time.day, 1)}T06:00:00+08:00`).toISOString(),
    });
  });
});

describe('the borrower view', () => {
  it('lists the collection contacts on the borrower, for any desk', async () => {
    const orderId = await loanPastDue(db, time.day, 30);
    time.set('11:00');
    expect((await attempt(orderId, { channel: 'sms', outcome: 'sms-sent', note: 'Reminder sent' })).code).toBe(0);
    const [order] = await db.select().from(loanOrders).where(eq(loanOrders.id, orderId));
    const support = await staffHeader(t, ['support']);
    const view = (
      await t.app.inject({ url: `/owner/admin/borrowers/view?borrowerId=${order?.borrowerId}`, headers: support })
    ).json();
    expect(view.data.collectionContacts).toEqual([
      expect.objectContaining({ orderNo: order?.orderNo, channel: 'sms', outcome: 'sms-sent', note: 'Reminder sent' }),
    ]);
    expect(view.data.audit[0].sentence).toBe(
      `collections logged a text to the borrower of ${order?.orderNo} (sms-sent)`,
    );
  });
});

describe('roles', () => {
  it('refuses every collections call to support, credit, finance and admin', async () => {
    const orderId = await loanPastDue(db, time.day, 20);
    time.set('10:00');
    for (const role of ['support', 'credit', 'finance', 'admin'] as const) {
      const other = await staffHeader(t, [role]);
      expect((await t.app.inject({ url: '/owner/admin/collections/queue', headers: other })).json().code).toBe(
        Code.FORBIDDEN,
      );
      expect((await attempt(orderId, {}, other)).code).toBe(Code.FORBIDDEN);
    }
    expect(await stored(orderId)).toHaveLength(0);
  });
});
