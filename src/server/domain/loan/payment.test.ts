import { describe, expect, it } from 'vitest';
import { balancesOf } from './loan-state';
import { addCharge, postPayment } from './payment';
import { isSettled } from './settlement';
import { makeLoan } from './test-support';

// 4 × 30 days on ₱10,000 at 0.15% a day: installments 295,000 / 283,750 / 272,500 / 261,250.
const fourPeriods = () => makeLoan({ termDays: 120, periods: 4, minAmount: 1_000_000, maxAmount: 1_000_000 });
// 91 days on ₱5,000: 568,250 due 2025-04-02.
const onePeriod = () => makeLoan({ minAmount: 500_000 }, { amount: 500_000 });

describe('posting payments', () => {
  it('spec 001 §9: before maturity a payment goes to fees, then interest, then principal', () => {
    // 295,000: all 112,500 of scheduled interest first, then 182,500 of principal.
    const { state, allocation } = postPayment(fourPeriods(), 295_000, '2025-01-20');
    expect(allocation.applied).toMatchObject({ interest: 112_500, principal: 182_500 });
    expect(balancesOf(state)).toMatchObject({ interest: 0, principal: 817_500 });
  });

  it('architecture.md: Loan engine and money: an overpayment settles the loan and the rest is kept as credit', () => {
    // 600,000 − 568,250 = 31,750 credit
    const { state, allocation } = postPayment(onePeriod(), 600_000, '2025-04-02');
    expect(allocation.credit).toBe(31_750);
    expect(state.credit).toBe(31_750);
    expect(isSettled(state)).toBe(true);
  });

  it('spec 001 §9: legal charges and enforcement costs come only with a default, and are paid first', () => {
    expect(addCharge(onePeriod(), 'legalCharges', 5_000, '2025-04-02')).toEqual({
      ok: false,
      reason: 'not-in-default',
    });
    const charged = addCharge(onePeriod(), 'enforcementCosts', 5_000, '2025-04-03');
    if (!charged.ok) throw new Error('expected the charge');
    // Day 1 under BSP 1133: penalties held to 568,250 × 5% ÷ 30 = 947. 6,000 pays 5,000 enforcement, then 947 penalties, then 53 interest.
    const { allocation } = postPayment(charged.state, 6_000, '2025-04-03');
    expect(allocation.applied).toMatchObject({ enforcementCosts: 5_000, penalties: 947, interest: 53, principal: 0 });
  });

  it('architecture.md: Loan engine and money: a payment cannot be dated before disbursal', () => {
    expect(() => postPayment(onePeriod(), 1, '2024-12-31')).toThrow(RangeError);
    expect(() => postPayment(onePeriod(), -5, '2025-01-02')).toThrow(RangeError);
  });
});
