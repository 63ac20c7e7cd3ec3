import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { Code } from '../../../../shared/codes';
import { CONTACT_REFUSED } from '../../../../shared/contracts/back-office-collections';
import { borrowers, collectionTexts, loanOrders, payments, promisesToPay, smsOutbox, staff } from '../../../db/schema';
import { addDays } from '../../../domain/loan';
import { postPayment } from '../../../money';
import { loanPastDue, movableClock } from '../../../test/collections-support';
import { staffHeader } from '../../../test/staff-support';
import { buildTestApp } from '../../../test/test-app';

/**
 * A collector's day (spec 001 §10, SEC MC 18 s.2019): loans dealt to collectors by days past due
 * and dealt again when one is away, each collector's worklist, the list paged with a total,
 * notes and tasks, promises to pay that payments mark kept or broken, and template texts sent
 * through the SMS provider with their words kept.
 */
const time = movableClock();
const t = await buildTestApp({ clock: time.clock });
const db = t.database.db;
const ana = await staffHeader(t, ['collections'], 'ana.collector@hiram.test');
const ben = await staffHeader(t, ['collections'], 'ben.collector@hiram.test');
const staffIdOf = async (email: string) =>
  (await db.select({ id: staff.id }).from(staff).where(eq(staff.email, email)))[0]?.id ?? 0;

type Row = { orderId: number; collectorId: number | null; openPromise: { amount: number } | null };
const queue = async (query: string, headers = ana) =>
  (await t.app.inject({ url: `/owner/admin/collections/queue?${query}`, headers })).json();
const post = (url: string, payload: Record<string, string | number>, headers = ana) =>
  t.app.inject({ method: 'POST', url: `/owner/admin/collections/${url}`, headers, payload }).then((r) => r.json());
const file = async (orderId: number) =>
  (await t.app.inject({ url: `/owner/admin/collections/attempts?orderId=${orderId}`, headers: ana })).json().data;

// Four loans, 40, 30, 20 and 10 days past due, before any collector has read the queue.
const loans = [
  await loanPastDue(db, time.day, 40, 'Forty Days'),
  await loanPastDue(db, time.day, 30, 'Thirty Days'),
  await loanPastDue(db, time.day, 20, 'Twenty Days'),
  await loanPastDue(db, time.day, 10, 'Ten Days'),
];

describe('assignment and worklists', () => {
  it('deals loans by days past due to the collector with the fewest, and each sees their own worklist', async () => {
    time.set('09:00');
    const [anaId, benId] = [await staffIdOf('ana.collector@hiram.test'), await staffIdOf('ben.collector@hiram.test')];
    const all = await queue('pageSize=100');
    expect(all.code).toBe(0);
    const owner = (id: number) => (all.data.items as Row[]).find((r) => r.orderId === id)?.collectorId;
    expect(loans.map(owner)).toEqual([anaId, benId, anaId, benId]);
    // The demo's own overdue loans are dealt too: look at these four.
    const ours = (items: Row[]) => items.map((r) => r.orderId).filter((id) => loans.includes(id));
    const mine = (await queue('mine=1&pageSize=100')).data;
    expect(ours(mine.items)).toEqual([loans[0], loans[2]]);
    expect((mine.items as Row[]).every((r) => r.collectorId === anaId)).toBe(true);
    const bens = (await queue('mine=1&pageSize=100', ben)).data;
    expect(ours(bens.items)).toEqual([loans[1], loans[3]]);
    expect(mine.total + bens.total).toBe(all.data.total);
    expect(Math.abs(mine.total - bens.total)).toBeLessThanOrEqual(1);
    expect(all.data.collectors).toEqual([
      { staffId: anaId, name: 'collections', away: false, loans: mine.total },
      { staffId: benId, name: 'collections', away: false, loans: bens.total },
    ]);
  });

  it('pages the list with a total: page 2 continues page 1', async () => {
    time.set('09:00');
    const all = (await queue('pageSize=100')).data;
    expect(all.total).toBe(all.items.length);
    expect(all.total).toBeGreaterThan(6);
    const one = (await queue('pageSize=3&page=1')).data;
    const two = (await queue('pageSize=3&page=2')).data;
    expect([one.total, two.total]).toEqual([all.total, all.total]);
    expect([...one.items, ...two.items].map((r: Row) => r.orderId)).toEqual(
      all.items.slice(0, 6).map((r: Row) => r.orderId),
    );
    const last = (await queue(`pageSize=3&page=${Math.ceil(all.total / 3)}`)).data;
    expect(last.items).toHaveLength(all.total - 3 * (Math.ceil(all.total / 3) - 1));
    expect((await queue('pageSize=101')).code).toBe(Code.BAD_REQUEST);
  });

  it("rebalances a collector's loans while they are away, and refuses a non-collector", async () => {
    time.set('09:00');
    const [anaId, benId] = [await staffIdOf('ana.collector@hiram.test'), await staffIdOf('ben.collector@hiram.test')];
    const bens = (await queue('mine=1', ben)).data.total;
    const away = await post('away', { staffId: benId, fromDay: time.day, untilDay: addDays(time.day, 2) });
    expect(away).toMatchObject({ code: 0, data: { moved: bens } });
    expect((await queue('mine=1', ben)).data.total).toBe(0);
    const mine = (await queue('mine=1&pageSize=100')).data;
    expect(mine.total).toBe(mine.collectors.find((c: { staffId: number }) => c.staffId === anaId).loans);
    expect(mine.items.map((r: Row) => r.orderId)).toEqual(expect.arrayContaining(loans));
    expect(mine.collectors).toContainEqual({ staffId: benId, name: 'collections', away: true, loans: 0 });
    expect((await post('away', { staffId: 999_999, fromDay: time.day, untilDay: time.day })).code).toBe(Code.NOT_FOUND);
    expect((await post('away', { staffId: anaId, fromDay: time.day, untilDay: addDays(time.day, -1) })).code).toBe(
      Code.BAD_REQUEST,
    );
  });
});

describe('notes and tasks', () => {
  it('keeps notes and tasks on a loan; a task needs its day and is marked done; abusive words are refused', async () => {
    const orderId = loans[0] ?? 0;
    expect((await post('note', { orderId, kind: 'note', text: 'Works nights; call after lunch.' })).code).toBe(0);
    expect((await post('note', { orderId, kind: 'task', text: 'Call back' })).code).toBe(Code.BAD_REQUEST);
    const task = await post('note', {
      orderId,
      kind: 'task',
      text: 'Call back on payday',
      dueDay: addDays(time.day, 1),
    });
    expect(task.code).toBe(0);
    expect((await post('note', { orderId, kind: 'note', text: 'Tanga siya' })).code).toBe(Code.BAD_REQUEST);
    expect((await post('task-done', { id: task.data.id })).code).toBe(0);
    const { notes } = await file(orderId);
    expect(notes).toEqual([
      expect.objectContaining({
        kind: 'task',
        text: 'Call back on payday',
        dueDay: addDays(time.day, 1),
        doneAt: expect.any(String),
      }),
      expect.objectContaining({ kind: 'note', text: 'Works nights; call after lunch.', doneAt: null }),
    ]);
  });
});

describe('promises to pay', () => {
  it('a payment marks a promise kept; writing a promise moves no money', async () => {
    time.set('10:00');
    const orderId = loans[1] ?? 0;
    const before = await db.select({ n: sql<number>`count(*)::int` }).from(payments);
    const promise = await post('promise', { orderId, amount: 100_000, promisedDay: addDays(time.day, 3) });
    expect(promise).toMatchObject({ code: 0, data: { status: 'open', amount: 100_000, madeOn: time.day } });
    expect(await db.select({ n: sql<number>`count(*)::int` }).from(payments)).toEqual(before);
    const row = async () => (await queue('pageSize=100')).data.items.find((r: Row) => r.orderId === orderId);
    expect((await row()).openPromise).toEqual({ amount: 100_000, promisedDay: addDays(time.day, 3) });

    await postPayment(
      db,
      { orderId, provider: 'manual', reference: `PTP-${orderId}`, amount: 60_000, kind: 'repayment', postedBy: 'test' },
      time.day,
    );
    expect((await file(orderId)).promises[0]).toMatchObject({ status: 'open' });
    await postPayment(
      db,
      {
        orderId,
        provider: 'manual',
        reference: `PTP2-${orderId}`,
        amount: 40_000,
        kind: 'repayment',
        postedBy: 'test',
      },
      time.day,
    );
    expect((await file(orderId)).promises[0]).toMatchObject({ status: 'kept', paid: 100_000 });
    expect((await row()).openPromise).toBeNull();
  });

  it('a promise the day passes without is broken; a day beyond 30 days or in the past is refused', async () => {
    time.set('10:00');
    const orderId = loans[2] ?? 0;
    expect((await post('promise', { orderId, amount: 50_000, promisedDay: addDays(time.day, 31) })).code).toBe(
      Code.BAD_REQUEST,
    );
    expect((await post('promise', { orderId, amount: 50_000, promisedDay: addDays(time.day, -1) })).code).toBe(
      Code.BAD_REQUEST,
    );
    expect((await post('promise', { orderId, amount: 0, promisedDay: time.day })).code).toBe(Code.BAD_REQUEST);
    expect((await post('promise', { orderId, amount: 50_000, promisedDay: addDays(time.day, 1) })).code).toBe(0);
    time.set('10:00', addDays(time.day, 1));
    expect((await file(orderId)).promises[0]).toMatchObject({ status: 'open' });
    time.set('10:00', addDays(time.day, 2));
    expect((await file(orderId)).promises[0]).toMatchObject({ status: 'broken', paid: 0 });
    const [stored] = await db.select().from(promisesToPay).where(eq(promisesToPay.orderId, orderId));
    expect(stored?.status).toBe('broken');
  });
});

describe('texts', () => {
  const outbox = (phone: string) => db.select().from(smsOutbox).where(eq(smsOutbox.phone, phone));
  const phoneOf = async (orderId: number) => {
    const [row] = await db
      .select({ phone: borrowers.phone, orderNo: loanOrders.orderNo, borrowerId: borrowers.id })
      .from(loanOrders)
      .innerJoin(borrowers, eq(borrowers.id, loanOrders.borrowerId))
      .where(eq(loanOrders.id, orderId));
    if (!row) throw new Error('no loan');
    return row;
  };

  it('sends a template text through the SMS provider in the borrower’s language and keeps its words', async () => {
    time.set('11:00');
    const orderId = loans[3] ?? 0;
    const { phone, orderNo, borrowerId } = await phoneOf(orderId);
    const sent = await post('text', { orderId, template: 'payment-reminder' });
    expect(sent).toMatchObject({ code: 0, data: { status: 'sent', phone } });
    expect(sent.data.body).toContain(orderNo);
    expect((await outbox(phone)).map((m) => m.body)).toEqual([sent.data.body]);
    const kept = await file(orderId);
    expect(kept.texts).toEqual([
      expect.objectContaining({ template: 'payment-reminder', language: 'en', body: sent.data.body, status: 'sent' }),
    ]);
    expect(kept.list[0]).toMatchObject({ channel: 'sms', outcome: 'sms-sent' });

    await db.update(borrowers).set({ language: 'fil' }).where(eq(borrowers.id, borrowerId));
    expect((await post('text', { orderId, template: 'promise-confirmation' })).code).toBe(Code.BAD_REQUEST);
    const fil = await post('text', { orderId, template: 'out-of-hours-ask' });
    expect(fil.data.body).toContain('Sumagot ng OO');
    expect(fil.data.body).toContain('/contactConsent');
  });

  it('a text obeys the contact rules: none outside the hours without consent, none to a reference', async () => {
    const orderId = loans[3] ?? 0;
    const { phone } = await phoneOf(orderId);
    const before = (await outbox(phone)).length;
    time.set('22:30');
    expect(await post('text', { orderId, template: 'payment-reminder' })).toMatchObject({
      code: CONTACT_REFUSED,
      data: { rule: 'contact-hours' },
    });
    time.set('11:00', addDays(time.day, 1));
    expect(await post('text', { orderId, template: 'payment-reminder', phone: '+63 917 555 0199' })).toMatchObject({
      code: CONTACT_REFUSED,
      data: { rule: 'reference' },
    });
    expect(await outbox('09175550199')).toEqual([]);
    expect(await outbox(phone)).toHaveLength(before);
    expect(await db.select().from(collectionTexts).where(eq(collectionTexts.phone, '09175550199'))).toEqual([]);
  });
});
