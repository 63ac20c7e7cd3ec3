import { describe, expect, it } from 'vitest';
import { balancesOf } from './loan-state';
import { postPayment } from './payment';
import { interestAccruedTo, postPrepayment, prepaymentOpensOn, quotePrepayment } from './prepayment';
import { isSettled } from './settlement';
import { makeLoan } from './test-support';

// 91 days on ₱5,000 at 0.15% a day: 68,250 interest (750 a day), 568,250 due 2025-04-02.
const onePeriod = (overrides = {}) => makeLoan({ minAmount: 500_000, ...overrides }, { amount: 500_000 });
// 4 × 30 days on ₱10,000: interest 45,000 / 33,750 / 22,500 / 11,250, due 01-31, 03-02, 04-01, 05-01.
const fourPeriods = () => makeLoan({ termDays: 120, periods: 4, minAmount: 1_000_000, maxAmount: 1_000_000 });

describe('prepayment', () => {
  it('spec 001 §9: prepayment only after half the term and 7 days', () => {
    // Half of 91 days is 45.5 → 46 days (never before half); 46 ≥ 7. Opens 2025-01-01 + 46 = 2025-02-16.
    expect(prepaymentOpensOn(onePeriod())).toBe('2025-02-16');
    expect(quotePrepayment(onePeriod(), '2025-02-15')).toEqual({ allowed: false, reason: 'too-early', opensOn: '2025-02-16' });
    expect(quotePrepayment(onePeriod(), '2025-02-16').allowed).toBe(true);
    // A product may wait longer than the terms: 60 days → 2025-03-02.
    expect(prepaymentOpensOn(onePeriod({ prepayment: { minDaysAfterDisbursal: 60, minTermShareBps: 5_000 } }))).toBe('2025-03-02');
  });

  it('spec 001 §9: the payoff is principal + interest accrued to date + fees, not the full schedule', () => {
    // Day 46: 46 × 750 = 34,500 accrued; payoff 500,000 + 34,500 = 534,500; 68,250 − 34,500 = 33,750 waived.
    expect(interestAccruedTo(onePeriod(), '2025-02-16')).toBe(34_500);
    expect(quotePrepayment(onePeriod(), '2025-02-16')).toMatchObject({ payoff: 534_500, interest: 34_500, principal: 500_000, rebate: 33_750 });
    const result = postPrepayment(onePeriod(), 534_500, '2025-02-16');
    if (!result.ok) throw new Error(result.reason);
    expect(isSettled(result.state)).toBe(true);
    expect(result.state.credit).toBe(0);
    expect(result.state.installments[0]?.interest).toBe(34_500);
  });

  it('spec 001 §9: interest paid ahead of being earned counts against the principal', () => {
    // Installment 1 (295,000) pays all 112,500 interest + 182,500 principal; installment 2 (283,750) is principal.
    // Day 75 (2025-03-17): earned 45,000 + 33,750 + 22,500 × 15/30 = 90,000, so 22,500 was paid ahead.
    // Principal left 1,000,000 − 182,500 − 283,750 = 533,750; payoff 533,750 − 22,500 = 511,250
    // (= 500,000 principal really outstanding + 11,250 earned on installment 3).
    let loan = postPayment(fourPeriods(), 295_000, '2025-01-31').state;
    loan = postPayment(loan, 283_750, '2025-03-02').state;
    expect(quotePrepayment(loan, '2025-03-17')).toMatchObject({ payoff: 511_250, unearnedInterestPaid: 22_500, interest: 0, rebate: 22_500 });
    const result = postPrepayment(loan, 520_000, '2025-03-17');
    if (!result.ok) throw new Error(result.reason);
    expect(result.state.paid).toEqual({ principal: 1_000_000, interest: 90_000 });
    expect(result.state.credit).toBe(8_750); // 520,000 − 511,250
    expect(balancesOf(result.state)).toMatchObject({ interest: 0, principal: 0 });
  });

  it('DESIGN §7: a payment short of the payoff, or on a settled loan, is refused', () => {
    expect(postPrepayment(onePeriod(), 534_499, '2025-02-16')).toEqual({ ok: false, reason: 'insufficient-payment', payoff: 534_500 });
    const settled = postPayment(onePeriod(), 568_250, '2025-02-01').state;
    expect(quotePrepayment(settled, '2025-03-01')).toMatchObject({ allowed: false, reason: 'settled' });
  });

  it('DESIGN §7: after the due date the payoff includes penalties', () => {
    // Day 5 late under BSP 1133: penalties held to 5 × 947 = 4,735; all interest is earned.
    expect(quotePrepayment(onePeriod(), '2025-04-07')).toMatchObject({ payoff: 568_250 + 4_735, penalties: 4_735, rebate: 0 });
  });
});
