import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { Code } from '../../../../shared/codes';
import { applicationAnswers, borrowers, complaints, loanOrders, payments, payoutAccounts } from '../../../db/schema';
import { seedProducts } from '../../../db/seed/seed-products';
import { orderFor } from '../../../test/orders';
import { buildTestApp } from '../../../test/test-app';
import { createStaff } from '../staff/staff-service';
import { STAFF_PASSWORD, signInStaff, staffHeader } from '../../../test/staff-support';

const t = await buildTestApp({ seed: false });
const { db } = t.database;
await seedProducts(db);
// One borrower with a history: an application under review, a refusal, a settled loan (with its
// payment), a running loan and a due one; and two complaints.
const NAME = 'Rosa Villanueva';
const review = await orderFor(db, 'review', { fullName: NAME });
const { borrowerId, phone: PHONE } = review;
const others = [];
for (const [stage, daysAgo] of [
  ['rejected', 0],
  ['settled', 200],
  ['disbursed', 30],
  ['disbursed', 89],
] as const)
  others.push(await orderFor(db, stage, { daysAgo, borrowerId }));
const REVIEW_NO = review.orderNo;
const orderNos = [REVIEW_NO, ...others.map((o) => o.orderNo)];
const DUE_NO = orderNos.at(-1) ?? '';
await db.insert(complaints).values([
  {
    borrowerId,
    orderNo: DUE_NO,
    problemType: 2,
    detail: 'I paid through GCash yesterday but my loan still shows as due.',
  },
  { borrowerId, orderNo: REVIEW_NO, problemType: 3, detail: 'How do I change the account that receives my loan?' },
]);
const support = await staffHeader(t, ['support']);
const finance = await staffHeader(t, ['finance']);
await createStaff(t.database.db, {
  email: 'cara@hiram.test',
  name: 'Cara Credit',
  roles: ['credit'],
  password: STAFF_PASSWORD,
});
const credit = {
  authorization: `Staff ${await signInStaff(t, 'cara@hiram.test')}`,
};
const get = async (url: string, headers: Record<string, string>) =>
  (await t.app.inject({ url: `/owner${url}`, headers })).json();

async function find(q: string, headers = support) {
  const body = await get(`/admin/borrowers/search?${new URLSearchParams({ q })}`, headers);
  expect(body.code).toBe(0);
  return body.data.list as { borrowerId: number; fullName: string; phone: string; matched: string; orders: number }[];
}

describe('borrower search from every desk', () => {
  it('finds the borrower by contract number, name, mobile and payment reference', async () => {
    const [byContract] = await find(REVIEW_NO.toLowerCase());
    expect(byContract).toMatchObject({
      fullName: NAME,
      phone: PHONE,
      matched: `contract ${REVIEW_NO}`,
      // Each hit says how many orders the borrower has: Rosa's five.
      orders: orderNos.length,
    });
    expect((await find('villanueva')).map((h) => h.fullName)).toContain(NAME);
    expect((await find(`+63${PHONE.slice(1)}`))[0]).toMatchObject({ phone: PHONE, matched: 'mobile' });
    const [payment] = await t.database.db
      .select({ reference: payments.reference, orderNo: loanOrders.orderNo })
      .from(payments)
      .innerJoin(loanOrders, eq(loanOrders.id, payments.orderId))
      .limit(1);
    if (!payment) throw new Error('the settled loan has no payment');
    expect((await find(payment.reference))[0]?.matched).toBe(`payment ${payment.reference} on ${payment.orderNo}`);
  });

  it('treats % and _ as letters, and needs a sign-in', async () => {
    expect(await find('%%')).toEqual([]);
    expect((await get('/admin/borrowers/search?q=juan', {})).code).toBe(Code.SESSION_EXPIRED);
  });
});

describe('borrower search is complete: every form of a contract number, ID number, payout account, and a total', () => {
  const page = async (q: string, more = '') =>
    (await get(`/admin/borrowers/search?${new URLSearchParams({ q })}${more}`, support)).data as {
      list: { borrowerId: number; matched: string }[];
      total: number;
    };

  it('finds a contract by its number typed any way: the id alone, with zeros, HRM in any case, a dash', async () => {
    const id = Number(REVIEW_NO.replace(/\D/g, ''));
    const forms = [String(id), `000${id}`, `hrm${id}`, `HRM-${String(id).padStart(8, '0')}`, `#${id}`];
    for (const typed of forms.filter((form) => form.length >= 2)) {
      const [hit] = (await page(typed)).list;
      expect({ typed, hit }).toMatchObject({ typed, hit: { borrowerId, matched: `contract ${REVIEW_NO}` } });
    }
  });

  it('finds by the ID number written with other spacing and case, and by the payout account number', async () => {
    const [answers] = await t.database.db
      .select({ answers: applicationAnswers.answers })
      .from(applicationAnswers)
      .where(and(eq(applicationAnswers.borrowerId, borrowerId), eq(applicationAnswers.section, 'public')));
    const idNumber = answers?.answers.idNumber ?? '';
    expect(idNumber.length).toBeGreaterThan(5);
    const typed = idNumber.replace(/-/g, ' ').toLowerCase();
    expect((await page(typed)).list[0]).toMatchObject({ borrowerId, matched: 'ID number' });
    const [account] = await t.database.db
      .select({ accountNo: payoutAccounts.accountNo })
      .from(payoutAccounts)
      .where(eq(payoutAccounts.borrowerId, borrowerId));
    const hits = (await page(account!.accountNo)).list;
    expect(hits.find((h) => h.borrowerId === borrowerId)?.matched).toMatch(/^(payout account|mobile)/);
  });

  it('a name 60 borrowers share: the total is 60 and every page can be read', async () => {
    await t.database.db.insert(borrowers).values(
      Array.from({ length: 60 }, (_, i) => ({
        phone: `0919${String(1_000_000 + i).padStart(7, '0')}`,
        fullName: `Marites Sixty ${i}`,
      })),
    );
    const first = await page('marites sixty');
    expect(first.total).toBe(60);
    expect(first.list).toHaveLength(20);
    const seen = new Set<number>();
    for (const n of [1, 2, 3]) for (const h of (await page('marites sixty', `&page=${n}`)).list) seen.add(h.borrowerId);
    expect(seen.size).toBe(60);
  });
});

describe('one page per borrower', () => {
  it('shows identity, every order with its schedule and payments, and payments whose parts add up to the centavo', async () => {
    const [hit] = await find(DUE_NO);
    expect(hit?.borrowerId).toBe(borrowerId);
    const view = (await get(`/admin/borrowers/view?borrowerId=${hit?.borrowerId}`, support)).data;
    expect(view.identity).toMatchObject({ fullName: NAME, phone: PHONE });
    expect(view.orders.map((o: { orderNo: string }) => o.orderNo)).toEqual(expect.arrayContaining(orderNos));
    const order = view.orders.find((o: { orderNo: string }) => o.orderNo === DUE_NO);
    expect(order.schedule.length).toBeGreaterThan(0);
    const all = view.orders.flatMap((o: { payments: unknown[] }) => o.payments) as {
      amount: number;
      parts: { amount: number }[];
    }[];
    expect(all.length).toBeGreaterThan(0);
    for (const p of all) expect(p.parts.reduce((sum, part) => sum + part.amount, 0)).toBe(p.amount);
    expect(view.complaints.length).toBeGreaterThanOrEqual(2);
  });

  it('shows the full payout account number to finance only', async () => {
    const [hit] = await find(REVIEW_NO);
    const asSupport = (await get(`/admin/borrowers/view?borrowerId=${hit?.borrowerId}`, support)).data.accounts[0];
    const asFinance = (await get(`/admin/borrowers/view?borrowerId=${hit?.borrowerId}`, finance)).data.accounts[0];
    expect(asSupport).toMatchObject({
      channel: 'GCash',
      holder: NAME,
      accountNo: `•••• ${PHONE.slice(-4)}`,
      masked: true,
    });
    expect(asFinance).toMatchObject({ accountNo: PHONE, masked: false });
  });

  it('lists the texts sent with one-time codes hidden, and the audit trail as sentences', async () => {
    await t.login(PHONE);
    const [order] = await t.database.db.select().from(loanOrders).where(eq(loanOrders.orderNo, REVIEW_NO));
    const approved = await t.app.inject({
      method: 'POST',
      url: '/owner/admin/loans/approve',
      headers: credit,
      payload: { orderId: String(order?.id) },
    });
    expect(approved.json().code).toBe(0);
    const view = (await get(`/admin/borrowers/view?borrowerId=${order?.borrowerId}`, support)).data;
    expect(view.messages.length).toBeGreaterThan(0);
    for (const m of view.messages as { body: string }[]) expect(m.body).not.toMatch(/\d{6}/);
    expect(view.audit[0].sentence).toBe(`Cara Credit approved ${REVIEW_NO}`);
  });

  it('answers not found for a borrower who does not exist', async () => {
    expect((await get('/admin/borrowers/view?borrowerId=999999', support)).code).toBe(Code.NOT_FOUND);
  });
});
