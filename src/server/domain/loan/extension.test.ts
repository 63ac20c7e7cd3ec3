import { describe, expect, it } from 'vitest';
import { addDays } from './dates';
import { postExtension, quoteExtension } from './extension';
import { balancesOf, type LoanState, totalCost } from './loan-state';
import { postPayment } from './payment';
import { penaltiesOwed } from './penalties';
import { makeLoan } from './test-support';

// BSP-covered, 91 days on ₱5,000 at 0.15% a day, 2% extension fee, 3% service fee (15,000):
// interest 68,250, 568,250 due 2025-04-02.
const onePeriod = (overrides = {}) => makeLoan({ minAmount: 500_000, ...overrides }, { amount: 500_000 });

function extend(loan: LoanState, payment: number, asOf: string): LoanState {
  const result = postExtension(loan, payment, asOf);
  if (!result.ok) throw new Error(result.reason);
  return result.state;
}

describe('extension', () => {
  it('spec 001 §9: the delay amount is interest due + penalties due + the extension fee', () => {
    // On the due date: interest 68,250; fee 500,000 × 2% = 10,000; delay 78,250.
    // The extra term (91 days) earns 500,000 × 15 × 91 ÷ 10,000 = 68,250, due with the moved installment.
    expect(quoteExtension(onePeriod(), '2025-04-02')).toEqual({
      allowed: true,
      interestDue: 68_250,
      penaltiesDue: 0,
      feesDue: 0,
      extensionFee: 10_000,
      extensionInterest: 68_250,
      delayAmount: 78_250,
      nextDueDate: '2025-07-02',
      regime: 'bsp-1133',
      cappedBy: null,
    });
    // Ten days late: penalties held by BSP 1133 to 10 × 947 = 9,470; delay 68,250 + 9,470 + 10,000 = 87,720.
    expect(quoteExtension(onePeriod(), '2025-04-12')).toMatchObject({ penaltiesDue: 9_470, delayAmount: 87_720, nextDueDate: '2025-07-02' });
  });

  it('spec 001 §9: paying it moves the due date by one term and needs interest and penalties paid', () => {
    const loan = extend(onePeriod(), 87_720, '2025-04-12');
    expect(loan.installments[0]).toMatchObject({ dueDate: '2025-07-02', interest: 136_500, startDate: '2025-04-02' });
    expect(balancesOf(loan)).toMatchObject({ penalties: 0, fees: 0, interest: 68_250, principal: 500_000 });
    // Nothing is late until the new due date passes; the default charge is never charged twice:
    // day 1 after the new date adds only 568,250 × 5% ÷ 30 = 947.
    expect(penaltiesOwed(loan, '2025-07-02').owed).toBe(0);
    expect(penaltiesOwed(loan, '2025-07-03').owed).toBe(947);
  });

  it('spec 001 §9: in the repayment window, before the due date, the term still runs from the due date', () => {
    expect(quoteExtension(onePeriod(), '2025-03-30')).toMatchObject({ interestDue: 68_250, nextDueDate: '2025-07-02' });
  });

  it('DESIGN §7: every unpaid installment moves; the next one carries the extra term interest', () => {
    // 4 × 30 days on ₱10,000: on 2025-01-31 interest due 45,000, fee 20,000, extra 1,000,000 × 4.5% = 45,000.
    const loan = makeLoan({ termDays: 120, periods: 4, minAmount: 1_000_000, maxAmount: 1_000_000 });
    const extended = extend(loan, 65_000, '2025-01-31');
    expect(extended.installments.map((row) => [row.dueDate, row.interest])).toEqual([
      ['2025-03-02', 90_000],
      ['2025-04-01', 33_750],
      ['2025-05-01', 22_500],
      ['2025-05-31', 11_250],
    ]);
  });

  it('DESIGN §7: refused when the product disallows it, when settled, or when short', () => {
    expect(quoteExtension(onePeriod({ extensionAllowed: false }), '2025-04-02')).toEqual({ allowed: false, reason: 'not-allowed' });
    const settled = postPayment(onePeriod(), 568_250, '2025-04-02').state;
    expect(quoteExtension(settled, '2025-04-02')).toEqual({ allowed: false, reason: 'settled' });
    expect(postExtension(onePeriod(), 78_249, '2025-04-02')).toEqual({ ok: false, reason: 'insufficient-payment', delayAmount: 78_250 });
  });

  it('DESIGN §7: a payment above the delay amount goes on to the loan', () => {
    // 100,000 = 78,250 delay + 21,750 towards the extra term's interest (before maturity: interest first)
    const result = postExtension(onePeriod(), 100_000, '2025-04-02');
    if (!result.ok) throw new Error(result.reason);
    expect(result.allocation.applied).toMatchObject({ fees: 10_000, interest: 90_000, principal: 0 });
    expect(result.allocation.credit).toBe(0);
  });

  it('DESIGN §7: BSP 1133 total cost caps repeated extensions at the principal', () => {
    // Cost at disbursal 68,250 + 15,000 = 83,250; each extension adds 10,000 fee + 68,250 interest = 78,250.
    // After five: 83,250 + 5 × 78,250 = 474,500; the sixth gets 25,500: the 10,000 fee, then 15,500 interest.
    let loan = onePeriod();
    for (let i = 0; i < 5; i++) {
      const due = loan.installments[0]!.dueDate;
      const quote = quoteExtension(loan, due);
      if (!quote.allowed) throw new Error(quote.reason);
      loan = extend(loan, quote.delayAmount, due);
    }
    expect(totalCost(loan)).toBe(474_500);
    const due = loan.installments[0]!.dueDate;
    expect(due).toBe(addDays('2025-04-02', 5 * 91));
    expect(quoteExtension(loan, due)).toMatchObject({ extensionFee: 10_000, extensionInterest: 15_500, cappedBy: 'total-cost' });
    const quote = quoteExtension(loan, due);
    if (!quote.allowed) throw new Error(quote.reason);
    expect(totalCost(extend(loan, quote.delayAmount, due))).toBe(500_000);
  });
});
