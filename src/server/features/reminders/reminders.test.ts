import { and, eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { Code } from '../../../shared/codes';
import { borrowers, loanOrders, reminderRules, reminderSends, smsOutbox } from '../../db/schema';
import { addDays } from '../../domain/loan';
import { buildTestApp } from '../../test/test-app';
import { loanPastDue, movableClock } from '../../test/collections-support';
import { staffHeader } from '../../test/staff-support';

/**
 * The SMS reminder schedule collections configure (before the due date, on it, after it), sent
 * in the borrower's language, only within the contact hours, each once.
 */
const time = movableClock();
const t = await buildTestApp({ clock: time.clock });
const db = t.database.db;
const collector = await staffHeader(t, ['collections']);
const support = await staffHeader(t, ['support']);

const save = (fields: Record<string, string>, headers = collector) =>
  t.app.inject({ method: 'POST', url: '/owner/admin/reminders/save', headers, payload: fields }).then((r) => r.json());
const sendNow = (headers = collector) =>
  t.app.inject({ method: 'POST', url: '/owner/admin/reminders/send-now', headers, payload: {} }).then((r) => r.json());
const list = () => t.app.inject({ url: '/owner/admin/reminders', headers: collector }).then((r) => r.json().data);
const TEXT_EN = 'Hi {name}, {amount} on loan {orderNo} is due on {dueDate}. Pay in the app.';
const TEXT_FIL = 'Hi {name}, {amount} sa loan {orderNo} ay babayaran sa {dueDate}. Magbayad sa app.';

/** A running loan of its own borrower whose due date is `days` from today (negative: past). */
async function loanDueIn(days: number, fullName: string, language: 'en' | 'fil' | null = null) {
  const orderId = await loanPastDue(db, time.day, 0, fullName);
  await db
    .update(loanOrders)
    .set({ dueDate: addDays(time.day, days) })
    .where(eq(loanOrders.id, orderId));
  const order = (await db.query.loanOrders.findFirst({ where: eq(loanOrders.id, orderId) }))!;
  if (language) await db.update(borrowers).set({ language }).where(eq(borrowers.id, order.borrowerId));
  const borrower = (await db.query.borrowers.findFirst({ where: eq(borrowers.id, order.borrowerId) }))!;
  return { orderId, orderNo: order.orderNo, phone: borrower.phone };
}
const outboxOf = (phone: string) => db.select().from(smsOutbox).where(eq(smsOutbox.phone, phone));

describe('the reminder schedule', () => {
  it('is set up as a form: days from the due date and a text per language; threats, unknown placeholders and bad days are refused, changing nothing', async () => {
    const before = (await list()).rules.length;
    expect(
      await save({ offsetDays: '-2', textEn: 'Pay now or we will send you to kulong, {name}.', textFil: TEXT_FIL }),
    ).toMatchObject({ code: Code.BAD_REQUEST, data: { field: 'textEn' }, message: expect.stringContaining('kulong') });
    expect(await save({ offsetDays: '-2', textEn: TEXT_EN, textFil: 'Hi {pangalan}, magbayad ka na.' })).toMatchObject({
      code: Code.BAD_REQUEST,
      data: { field: 'textFil' },
      message: expect.stringContaining('{pangalan} is not a placeholder'),
    });
    expect(await save({ offsetDays: '120', textEn: TEXT_EN, textFil: TEXT_FIL })).toMatchObject({
      code: Code.BAD_REQUEST,
      data: { field: 'offsetDays' },
    });
    expect(await save({ offsetDays: '-2', textEn: TEXT_EN, textFil: 'short' })).toMatchObject({
      code: Code.BAD_REQUEST,
      data: { field: 'textFil' },
    });
    expect((await list()).rules).toHaveLength(before);
    expect((await save({ offsetDays: '-2', textEn: TEXT_EN, textFil: TEXT_FIL }, support)).code).toBe(Code.FORBIDDEN);
  });

  it("sends each due reminder once, in the borrower's language, filled with their name, amount and due date; only between 06:00 and 22:00 Manila", async () => {
    // Only this test's rule runs: the demo's own schedule is switched off here.
    await db.update(reminderRules).set({ enabled: false });
    const saved = await save({ offsetDays: '-2', textEn: TEXT_EN, textFil: TEXT_FIL });
    expect(saved.code).toBe(0);
    const english = await loanDueIn(2, 'Ella English');
    const filipino = await loanDueIn(2, 'Fely Filipino', 'fil');
    const notYet = await loanDueIn(5, 'Nina Later');

    time.set('05:30');
    expect(await sendNow()).toMatchObject({
      code: 0,
      data: { sent: 0, skipped: 'Reminders go out only from 6:00 to 22:00 Manila time' },
    });
    time.set('09:00');
    const runs = await Promise.all([sendNow(), sendNow()]);
    const dueDate = addDays(time.day, 2);
    // Two runs at once send each loan due that day once (the demo has loans due then too).
    const recorded = await db
      .select()
      .from(reminderSends)
      .where(and(eq(reminderSends.ruleId, saved.data.rule.id), eq(reminderSends.dueDate, dueDate)));
    expect(runs.reduce((n, r) => n + r.data.sent, 0)).toBe(recorded.length);
    expect(new Set(recorded.map((r) => r.orderId)).size).toBe(recorded.length);
    expect(recorded.map((r) => r.orderId)).toEqual(expect.arrayContaining([english.orderId, filipino.orderId]));
    const [en] = await outboxOf(english.phone);
    expect(en?.body).toMatch(
      new RegExp(`^Hi Ella, ₱[\\d,]+\\.\\d{2} on loan ${english.orderNo} is due on ${dueDate}\\. Pay in the app\\.$`),
    );
    expect((await outboxOf(filipino.phone))[0]?.body).toMatch(
      new RegExp(`^Hi Fely, ₱[\\d,]+\\.\\d{2} sa loan ${filipino.orderNo} ay babayaran sa ${dueDate}\\.`),
    );
    expect(await outboxOf(notYet.phone)).toEqual([]);
    // Again later the same day: nothing twice.
    time.set('15:00');
    expect((await sendNow()).data.sent).toBe(0);
    const sent = await db
      .select()
      .from(reminderSends)
      .where(inArray(reminderSends.orderId, [english.orderId, filipino.orderId]));
    expect(sent.map((s) => s.language).sort()).toEqual(['en', 'fil']);
    expect((await list()).sent.map((s: { orderNo: string }) => s.orderNo)).toEqual(
      expect.arrayContaining([english.orderNo, filipino.orderNo]),
    );
    // A switched-off rule sends nothing.
    await db.update(reminderRules).set({ enabled: false }).where(eq(reminderRules.id, saved.data.rule.id));
    const another = await loanDueIn(2, 'Odo Off');
    expect((await sendNow()).data.sent).toBe(0);
    expect(await outboxOf(another.phone)).toEqual([]);
    expect(
      await db
        .select()
        .from(reminderSends)
        .where(and(eq(reminderSends.orderId, another.orderId))),
    ).toEqual([]);
  });
});

describe('the borrower\'s "due soon" setting', () => {
  it('a borrower who turned "due soon" messages off on the records page gets no reminder; the others do', async () => {
    await db.update(reminderRules).set({ enabled: false });
    const saved = await save({ offsetDays: '-4', textEn: TEXT_EN, textFil: TEXT_FIL });
    expect(saved.code).toBe(0);
    const wants = await loanDueIn(4, 'Wena Wants');
    const quiet = await loanDueIn(4, 'Quino Quiet');
    const session = await t.login(quiet.phone);
    const turned = await t.app.inject({
      method: 'POST',
      url: '/owner/v3/messages/settings',
      headers: { authorization: `Session ${session}` },
      payload: { kind: 'due-soon', enabled: 'false' },
    });
    expect(turned.json().code).toBe(0);
    const before = (await outboxOf(quiet.phone)).length;
    time.set('10:00');
    expect((await sendNow()).code).toBe(0);
    expect((await outboxOf(wants.phone)).some((m) => m.body.includes(wants.orderNo))).toBe(true);
    expect((await outboxOf(quiet.phone)).length).toBe(before);
    expect(await db.select().from(reminderSends).where(eq(reminderSends.orderId, quiet.orderId))).toEqual([]);
    // Turned on again, the next run sends it.
    await t.app.inject({
      method: 'POST',
      url: '/owner/v3/messages/settings',
      headers: { authorization: `Session ${session}` },
      payload: { kind: 'due-soon', enabled: 'true' },
    });
    await sendNow();
    expect((await outboxOf(quiet.phone)).some((m) => m.body.includes(quiet.orderNo))).toBe(true);
    await db.update(reminderRules).set({ enabled: false }).where(eq(reminderRules.id, saved.data.rule.id));
  });
});

describe('the language reminders are sent in', () => {
  it('is the one the borrower last signed in with', async () => {
    const phone = '09175599001';
    const sent = await t.app.inject({ method: 'POST', url: '/owner/v3/auth/send-login-code', payload: { phone } });
    expect(sent.json().code).toBe(0);
    const outbox = await t.app.inject({ url: `/owner/dev/sms-outbox?phone=${phone}` });
    const code = /\d{6}/.exec(outbox.json().data.messages[0].body)?.[0] ?? '';
    const login = await t.app.inject({
      method: 'POST',
      url: '/owner/v3/auth/login',
      headers: { 'accept-language': 'fil-PH,fil;q=0.9' },
      payload: { phone, smsCode: code },
    });
    expect(login.json().code).toBe(0);
    expect((await db.query.borrowers.findFirst({ where: eq(borrowers.phone, phone) }))?.language).toBe('fil');
  });
});
