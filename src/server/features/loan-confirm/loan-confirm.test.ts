import { desc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { Code } from '../../../shared/codes';
import { loanOrders } from '../../db/schema';
import { authHeader, buildTestApp } from '../../test/test-app';

const t = await buildTestApp();
// A borrower without an open loan: one open application or loan at a time.
const a = authHeader(await t.loginApplied('09175550112'));

describe('spec 001 §2.10, §7 loan confirm and loan push', () => {
  it('the detail is the engine’s quote: plan rows, first pay time, disclosure and three agreements', async () => {
    const res = (
      await t.app.inject({ method: 'GET', url: '/owner/v3/loan-confirm/detail?productId=1&amount=500000', headers: a })
    ).json();
    expect(res.code).toBe(0);
    expect(res.data).toMatchObject({
      productId: 1,
      amount: 500_000,
      periods: 1,
      termDays: 91,
      comProductName: 'Hiram Cash',
    });
    expect(res.data.repay_plans).toHaveLength(1);
    expect(res.data.repay_plans[0].pay_time).toBe(res.data.firstPayTime);
    expect(res.data.disclosure.map((r: { text: string }) => r.text)).toContain('Effective interest rate');
    expect(res.data.agreements.map((r: { title: string }) => r.title)).toEqual([
      'Loan agreement',
      'Disclosure statement',
      'Privacy notice',
    ]);
  });

  it('an amount outside the product refuses naming the field', async () => {
    const res = (
      await t.app.inject({ method: 'GET', url: '/owner/v3/loan-confirm/detail?productId=1&amount=100', headers: a })
    ).json();
    expect(res).toMatchObject({ code: Code.BAD_REQUEST, data: { field: 'amount' } });
  });

  it('push creates the borrower’s order in review (21) and answers its details address', async () => {
    const res = (
      await t.app.inject({
        method: 'POST',
        url: '/owner/v3/loan-confirm/push',
        headers: { ...a, 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'productId=1&amount=400000&periods=1&termUnit=1',
      })
    ).json();
    expect(res.code).toBe(0);
    const [order] = await t.database.db.select().from(loanOrders).orderBy(desc(loanOrders.id)).limit(1);
    expect(order).toMatchObject({ id: res.data.orderId, status: 21, amount: 400_000 });
    expect(res.data.lendDetailsUrl).toBe(`/loanDetail?productId=1&orderId=${res.data.orderId}`);
    expect(
      (await t.database.db.query.loanOrders.findFirst({ where: eq(loanOrders.id, res.data.orderId) }))?.borrowerId,
    ).toBe(order?.borrowerId);
  });
});

describe('spec 001 §2.4, §9 loan terms figures', () => {
  it('come from the product the engine lends by: tiers 5% days 1–30, 4% days 31–90, 2% from day 91; BSP ceilings for a small short loan', async () => {
    const res = (await t.app.inject({ method: 'GET', url: '/owner/v3/public/loan-terms?productId=1' })).json();
    expect(res.code).toBe(0);
    expect(res.data).toMatchObject({
      productName: 'Hiram Cash',
      termDays: 91,
      dailyInterestBps: 15,
      defaultChargeNew: 100_000,
      defaultChargeRepeat: 80_000,
    });
    expect(res.data.penaltyTiers).toEqual([
      { fromDay: 1, toDay: 30, monthlyBps: 500 },
      { fromDay: 31, toDay: 90, monthlyBps: 400 },
      { fromDay: 91, toDay: null, monthlyBps: 200 },
    ]);
    // No lock-in unless the product sets one: early payoff from the day of disbursal.
    expect(res.data.prepayment).toEqual({ minDaysAfterDisbursal: 0, minTermSharePercent: 0 });
    expect(res.data.bsp1133).toMatchObject({ applies: true, totalCostPercent: 100, lateMonthlyPercent: 5 });
    const plus = (await t.app.inject({ method: 'GET', url: '/owner/v3/public/loan-terms?productId=2' })).json();
    expect(plus.data.bsp1133.applies).toBe(false);
  });

  it('the ceilings apply when some amount of the product is covered, and are those in force today', async () => {
    // Hiram Flex lends ₱5,000–₱20,000 for 120 days: its loans up to ₱10,000 are covered, though its maximum is not.
    const flex = (await t.app.inject({ method: 'GET', url: '/owner/v3/public/loan-terms?productId=3' })).json();
    expect(flex.data.bsp1133.applies).toBe(true);
    // The servers' clock reads 2026-04-01 or later: SEC MC No. 14 s.2025, 12% a month effective.
    expect(flex.data.bsp1133).toMatchObject({
      source: 'SEC Memorandum Circular No. 14, s.2025',
      effectiveMonthlyPercent: 12,
      nominalMonthlyPercent: 6,
    });
  });
});
