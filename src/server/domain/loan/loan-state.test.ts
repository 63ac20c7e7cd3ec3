import { describe, expect, it } from 'vitest';
import { amountPastDue, balancesOf, firstUnpaidIndex, isAfterMaturity, totalCost } from './loan-state';
import { postPayment } from './payment';
import { makeLoan } from './test-support';

// ₱10,000 over 120 days in 4 periods of 30 at 0.15% a day (BSP-covered), disbursed 2025-01-01.
const fourPeriods = () => makeLoan({ termDays: 120, periods: 4, minAmount: 1_000_000, maxAmount: 1_000_000 });

describe('loan state', () => {
  it('architecture.md: Order states: a disbursed loan owes its principal and scheduled interest, nothing else', () => {
    const loan = fourPeriods();
    expect(balancesOf(loan)).toEqual({
      legalCharges: 0,
      enforcementCosts: 0,
      penalties: 0,
      fees: 0,
      interest: 112_500,
      principal: 1_000_000,
    });
    expect(loan.installments.map((row) => row.startDate)).toEqual([
      '2025-01-01',
      '2025-01-31',
      '2025-03-02',
      '2025-04-01',
    ]);
    // Total cost so far: interest 112,500 + service fee 30,000 (3% of 1,000,000) = 142,500.
    expect(totalCost(loan)).toBe(142_500);
  });

  it('architecture.md: Order states: an installment is late from the day after its due date until paid', () => {
    const loan = fourPeriods();
    expect(amountPastDue(loan, '2025-01-31')).toBe(0); // due today, not late
    expect(amountPastDue(loan, '2025-02-01')).toBe(295_000); // 250,000 + 45,000
    expect(amountPastDue(loan, '2025-03-03')).toBe(578_750); // + 250,000 + 33,750
    // Paying 295,000 covers installment 1 whatever the interest/principal split.
    const paid = postPayment(loan, 295_000, '2025-01-31').state;
    expect(firstUnpaidIndex(paid)).toBe(1);
    expect(amountPastDue(paid, '2025-02-01')).toBe(0);
    expect(amountPastDue(paid, '2025-03-03')).toBe(283_750);
  });

  it('spec 001 §9: maturity for the allocation order is the first due date', () => {
    const loan = fourPeriods();
    expect(isAfterMaturity(loan, '2025-01-31')).toBe(false);
    expect(isAfterMaturity(loan, '2025-02-01')).toBe(true);
  });
});
