import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { manilaToday } from '../../../shared/format/date';
import { Code } from '../../../shared/codes';
import { loanDisclosures, loanOrders } from '../../db/schema';
import { authHeader, buildTestApp } from '../../test/test-app';
import { decide, disburse } from '../../money';

const t = await buildTestApp();
// A borrower of this file's own, with a complete application and no open loan.
const a = authHeader(await t.loginApplied('09175550171'));
const form = { ...a, 'content-type': 'application/x-www-form-urlencoded' };

const detail = async (query: string) =>
  (await t.app.inject({ method: 'GET', url: `/owner/v3/loan-confirm/detail?${query}`, headers: a })).json();
const push = async (payload: string) =>
  (await t.app.inject({ method: 'POST', url: '/owner/v3/loan-confirm/push', headers: form, payload })).json();
const orderCount = async () => (await t.database.db.select({ id: loanOrders.id }).from(loanOrders)).length;

describe('spec 001 §3 loan confirmation, §7 loan push: a product with several terms', () => {
  it('the detail lists the terms offered and quotes the product’s own term until another is chosen', async () => {
    const res = await detail('productId=3&amount=1000000');
    expect(res.code).toBe(0);
    expect(res.data).toMatchObject({ termDays: 120, termOptions: [120, 180], periods: 4, firstPeriodDay: 30 });
    // A product with one term offers just that one.
    expect((await detail('productId=1&amount=300000')).data).toMatchObject({ termDays: 91, termOptions: [91] });
  });

  it('the chosen term is quoted: 180 days in four payments of 45 days, more interest, another quote', async () => {
    const short = (await detail('productId=3&amount=1000000')).data;
    const long = (await detail('productId=3&amount=1000000&termDays=180')).data;
    expect(long).toMatchObject({ termDays: 180, termOptions: [120, 180], firstPeriodDay: 45 });
    expect(long.repay_plans).toHaveLength(4);
    const total = (d: { repay_plans: { amount: number }[] }) => d.repay_plans.reduce((s, p) => s + p.amount, 0);
    expect(total(long)).toBeGreaterThan(total(short));
    expect(long.quoteId).not.toBe(short.quoteId);
  });

  it('a term the product does not offer is refused by name, in the detail and in the push, and no order is made', async () => {
    expect(await detail('productId=3&amount=1000000&termDays=150')).toMatchObject({
      code: Code.BAD_REQUEST,
      message: 'Choose a term of 120 or 180 days',
      data: { field: 'termDays' },
    });
    const before = await orderCount();
    expect(await push('productId=3&amount=1000000&periods=4&termUnit=1&termDays=150')).toMatchObject({
      code: Code.BAD_REQUEST,
      message: 'Choose a term of 120 or 180 days',
    });
    expect(await push('productId=1&amount=300000&periods=1&termUnit=1&termDays=182')).toMatchObject({
      code: Code.BAD_REQUEST,
      message: 'Choose a term of 91 days',
    });
    expect(await push('productId=3&amount=1000000&periods=4&termUnit=1&termDays=soon')).toMatchObject({
      code: Code.BAD_REQUEST,
    });
    expect(await orderCount()).toBe(before);
  });

  it('the agreement for a quote reads the chosen term', async () => {
    const doc = (
      await t.app.inject({
        method: 'GET',
        url: '/owner/v3/contract/document?productId=3&position=1&amount=1000000&termDays=180',
        headers: a,
      })
    ).json();
    expect(doc.data.rows).toContainEqual({ text: 'Term', value: '180 days in 4 payments' });
  });

  it('the order keeps the chosen term and its accepted quote, and is disbursed on that term', async () => {
    const quoted = (await detail('productId=3&amount=1000000&termDays=180')).data;
    const res = await push(`productId=3&amount=1000000&periods=4&termUnit=1&termDays=180&quoteId=${quoted.quoteId}`);
    expect(res.code, res.message).toBe(0);
    const orderId = res.data.orderId as number;
    const order = await t.database.db.query.loanOrders.findFirst({ where: eq(loanOrders.id, orderId) });
    expect(order).toMatchObject({ status: 21, amount: 1_000_000, termDays: 180, periods: 4 });
    const [accepted] = await t.database.db.select().from(loanDisclosures).where(eq(loanDisclosures.orderId, orderId));
    expect(accepted?.termsDigest).toBe(quoted.quoteId);
    expect(accepted?.quote).toMatchObject({ terms: { termDays: 180 } });

    // The order page names the term it was applied for.
    const details = (
      await t.app.inject({ method: 'GET', url: `/owner/v3/loan-details/loan-details?orderId=${orderId}`, headers: a })
    ).json();
    expect(JSON.stringify(details.data.userOrderDetail.detail)).toContain('180 days');

    // Approved and paid out: the loan runs on 180 days, the contract accepted.
    const today = manilaToday();
    await decide(t.database.db, orderId, { approve: true, actor: 'test' }, today);
    await disburse(t.database.db, orderId, 'test', today);
    const running = await t.database.db.query.loanOrders.findFirst({ where: eq(loanOrders.id, orderId) });
    expect(running?.status).toBe(170);
    expect(running?.quote).toMatchObject({ terms: { termDays: 180 } });
  });
});
