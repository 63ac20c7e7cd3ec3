import { describe, expect, it } from 'vitest';
import { postPayment } from './payment';
import { isSettled } from './settlement';
import { makeLoan } from './test-support';

// 91 days on ₱5,000 at 0.15% a day: 500,000 + 68,250 due 2025-04-02.
const loan = () => makeLoan({ minAmount: 500_000 }, { amount: 500_000 });

describe('settlement', () => {
  it('architecture.md: Order states: a loan is settled when every bucket is zero', () => {
    expect(isSettled(loan())).toBe(false);
    expect(isSettled(postPayment(loan(), 568_249, '2025-04-02').state)).toBe(false); // one centavo short
    expect(isSettled(postPayment(loan(), 568_250, '2025-04-02').state)).toBe(true);
  });

  it('architecture.md: Order states: a late payment of the schedule amount leaves the loan open; credit does not', () => {
    // Paid a day late: the day-1 penalty (947 under BSP 1133) is paid first, so 947 of principal stays.
    const late = postPayment(loan(), 568_250, '2025-04-03').state;
    expect(late.owed.penalties).toBe(0);
    expect(late.amount - late.paid.principal).toBe(947);
    expect(isSettled(late)).toBe(false);
    const overpaid = postPayment(loan(), 700_000, '2025-04-03').state;
    expect(overpaid.credit).toBe(700_000 - 568_250 - 947);
    expect(isSettled(overpaid)).toBe(true);
  });
});
