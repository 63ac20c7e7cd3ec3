import { describe, expect, it } from 'vitest';
import { demoProducts } from '../../db/seed/demo-products';
import { postExtension, quoteExtension } from './extension';
import { DEFAULT_LENDER_LIMITS } from './limits';
import { totalCost } from './loan-state';
import { penaltiesOwed } from './penalties';
import { parseLoanProduct } from './product';
import { makeLoan } from './test-support';

const base = {
  minAmount: 2_000_000,
  maxAmount: 2_000_000,
  amountStep: 100_000,
  termDays: 180,
  periods: 1,
  dailyInterestBps: 15,
  serviceFeeBps: 300,
  extensionFeeBps: 200,
  extensionAllowed: true,
};

// Outside every regime (₱20,000): 4 periods of 45 days at 0.08% a day. Interest on the declining
// balance: 2,000,000, 1,500,000, 1,000,000, 500,000 × 8 × 45 ÷ 10,000 = 72,000 + 54,000 + 36,000 +
// 18,000 = 180,000. The first installment, due 2026-06-15, is 500,000 + 72,000 = 572,000 (₱5,720).
const uncovered = () =>
  makeLoan(
    { ...base, periods: 4, dailyInterestBps: 8 },
    { amount: 2_000_000, disbursalDate: '2026-05-01', limits: DEFAULT_LENDER_LIMITS },
  );

describe('lender limits for loans outside the circulars', () => {
  it('product validation refuses 10% a day, a 50% fee and a total cost beyond the limit, by field', () => {
    // Interest over the term: 1,000 bps × 180 days = 180,000 bps, plus the 5,000 bps fee = 185,000 bps (1,850%).
    const check = parseLoanProduct({ ...base, dailyInterestBps: 1_000, serviceFeeBps: 5_000, extensionFeeBps: 3_000 });
    expect(check.ok ? [] : check.errors).toEqual([
      'dailyInterestBps: must be at most 20 (lender limit)',
      'serviceFeeBps: must be at most 500 (lender limit)',
      'extensionFeeBps: must be at most 500 (lender limit)',
      'dailyInterestBps: interest over the term plus the service fee come to 185000 bps of the principal, above 10000 (lender limit)',
    ]);
    const noRollovers = parseLoanProduct(base, { ...DEFAULT_LENDER_LIMITS, maxRollovers: 0 });
    expect(noRollovers.ok ? [] : noRollovers.errors).toEqual([
      'extensionAllowed: the lender limit allows no extensions',
    ]);
    // Multi-period: 0.2% a day, 365 days in 5 periods of 73 days: 20 × 73 × 6 ÷ 2 = 4,380 + 500 fee ≤ 10,000.
    expect(parseLoanProduct({ ...base, termDays: 365, periods: 5, dailyInterestBps: 20, serviceFeeBps: 500 }).ok).toBe(
      true,
    );
  });

  it('the demo products are within the default limits', () => {
    for (const product of demoProducts) expect(parseLoanProduct(product.terms)).toMatchObject({ ok: true });
  });

  it('the limits are frozen into the terms; a regime loan carries none', () => {
    expect(uncovered().terms).toMatchObject({ ceiling: null, limits: DEFAULT_LENDER_LIMITS });
    expect(makeLoan({}, { limits: DEFAULT_LENDER_LIMITS }).terms).toMatchObject({ ceiling: 'bsp-1133', limits: null });
  });

  it('the default charge is at most 10% of the amount due: ₱572 on a ₱5,720 installment, not ₱1,000 (17.5%)', () => {
    // Day 1: default charge min(100,000, 572,000 × 10%) = 57,200, penalty interest 572,000 × 5% ÷ 30 = 953.33 → 953.
    expect(penaltiesOwed(uncovered(), '2026-06-16')).toMatchObject({
      defaultCharge: 57_200,
      penaltyInterest: 953,
      owed: 58_153,
    });
  });

  it('the total cost over the life of the loan stops at the limit (100% of the principal)', () => {
    // Interest 180,000 + service fee 60,000 = 240,000; penalties may add 2,000,000 − 240,000 = 1,760,000 and no more.
    const late = penaltiesOwed(uncovered(), '2036-01-01');
    expect(late).toMatchObject({ owed: 1_760_000, cappedBy: 'total-cost' });
  });

  it('extensions stop at the rollover limit, with the reason', () => {
    // One extension (the default limit): on the due date 2026-06-15, interest 72,000 + fee 2% of 2,000,000 = 40,000.
    const loan = uncovered();
    const first = postExtension(loan, 112_000, '2026-06-15');
    if (!first.ok) throw new Error(first.reason);
    expect(first.state.extensions).toBe(1);
    expect(quoteExtension(first.state, '2026-07-30')).toEqual({ allowed: false, reason: 'rollover-limit' });
    expect(postExtension(first.state, 1_000_000, '2026-07-30')).toEqual({ ok: false, reason: 'rollover-limit' });
    // Before the limit, the total-cost limit already holds the extension: cost so far 240,000.
    expect(totalCost(first.state)).toBeLessThanOrEqual(2_000_000);
  });
});
