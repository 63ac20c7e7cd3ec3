import { describe, expect, it } from 'vitest';
import { amountErrors, DEFAULT_PENALTY_TIERS, parseLoanProduct, periodDaysOf } from './product';
import { makeProduct } from './test-support';

const base = {
  minAmount: 300_000,
  maxAmount: 1_000_000,
  amountStep: 50_000,
  termDays: 91,
  periods: 1,
  dailyInterestBps: 15,
  serviceFeeBps: 300,
  extensionFeeBps: 200,
  extensionAllowed: true,
};

describe('product configuration', () => {
  it('spec 001 §9: the terms fill the default charges, penalty tiers and prepayment rule', () => {
    const check = parseLoanProduct(base);
    expect(check.ok).toBe(true);
    if (!check.ok) return;
    expect(check.product.defaultChargeNew).toBe(100_000); // ₱1,000
    expect(check.product.defaultChargeRepeat).toBe(80_000); // ₱800
    expect(check.product.penaltyTiers).toEqual(DEFAULT_PENALTY_TIERS);
    // No lock-in unless the product sets one: early payoff from the day of disbursal.
    expect(check.product.prepayment).toEqual({ minDaysAfterDisbursal: 0, minTermShareBps: 0 });
  });

  it('spec 001 §9: the term is 91 to 365 days, split into whole-day periods', () => {
    const check = parseLoanProduct({ ...base, termDays: 90, periods: 0 });
    expect(check).toEqual({
      ok: false,
      errors: ['termDays: must be at least 91', 'periods: must be at least 1'],
    });
    const uneven = parseLoanProduct({ ...base, termDays: 100, periods: 3 });
    expect(uneven.ok ? [] : uneven.errors).toEqual(['periods: must divide termDays (100) into whole days']);
    expect(periodDaysOf({ termDays: 120, periods: 4 })).toBe(30);
  });

  it('architecture.md: Loan engine and money: lists every problem, by field', () => {
    const check = parseLoanProduct({ ...base, minAmount: 2_000_000, serviceFeeBps: 9_000, extensionAllowed: 'yes' });
    expect(check.ok ? [] : check.errors).toEqual([
      'serviceFeeBps: must be at most 5000',
      'extensionAllowed: Invalid input: expected boolean, received string',
    ]);
    const crossed = parseLoanProduct({ ...base, minAmount: 2_000_000 });
    expect(crossed.ok ? [] : crossed.errors).toEqual(['maxAmount: must not be below minAmount']);
    const step = parseLoanProduct({ ...base, amountStep: 300_000 });
    expect(step.ok ? [] : step.errors).toEqual([
      'amountStep: must divide maxAmount − minAmount, so that maxAmount can be borrowed',
    ]);
  });

  it('spec 001 §9: a product may not be looser than the published terms', () => {
    const check = parseLoanProduct({
      ...base,
      prepayment: { minDaysAfterDisbursal: -1, minTermShareBps: 10_001 },
      penaltyTiers: [
        { fromDay: 2, monthlyBps: 500 },
        { fromDay: 2, monthlyBps: 400 },
      ],
    });
    expect(check.ok ? [] : check.errors).toEqual([
      'prepayment.minDaysAfterDisbursal: must be at least 0',
      'prepayment.minTermShareBps: must be at most 10000',
    ]);
    const tiers = parseLoanProduct({
      ...base,
      penaltyTiers: [
        { fromDay: 2, monthlyBps: 500 },
        { fromDay: 2, monthlyBps: 1 },
      ],
    });
    expect(tiers.ok ? [] : tiers.errors).toEqual([
      'penaltyTiers.0.fromDay: the first tier must start on overdue day 1',
      'penaltyTiers.1.fromDay: must be after the tier before',
    ]);
  });

  it('architecture.md: Loan engine and money: an amount must be in range and on the step', () => {
    const product = makeProduct();
    expect(amountErrors(product, 300_000)).toEqual([]);
    expect(amountErrors(product, 1_000_000)).toEqual([]);
    expect(amountErrors(product, 250_000)).toEqual(['amount: must be at least 300000']);
    expect(amountErrors(product, 1_050_000)).toEqual(['amount: must be at most 1000000']);
    expect(amountErrors(product, 325_000)).toEqual(['amount: must be 300000 plus a multiple of 50000']);
    expect(amountErrors(product, 300_000.5)).toEqual(['amount: must be a whole number of centavos']);
  });
});
