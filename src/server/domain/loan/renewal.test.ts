import { describe, expect, it } from 'vitest';
import { postExtension, quoteExtension } from './extension';
import { monthlyIrr, toBps } from './irr';
import type { LoanState } from './loan-state';
import { capRenewal, renewalFlows } from './renewal';
import { makeLoan } from './test-support';

// ₱5,000 for 91 days in one period at 0.2% a day (interest 500,000 × 20 × 91 ÷ 10,000 = 91,000),
// with a 30% extension fee, so each renewal asks a fee of 150,000 and 91,000 interest for the extra term.
const renewable = (disbursalDate: string) =>
  makeLoan({ minAmount: 500_000, dailyInterestBps: 20, extensionFeeBps: 3_000 }, { amount: 500_000, disbursalDate });

/** The renewal's monthly rate: the borrower keeps principal − fee on day 0, then pays the new installments. */
function renewalRate(loan: LoanState, asOf: string): number {
  const quote = quoteExtension(loan, asOf);
  if (!quote.allowed) throw new Error(quote.reason);
  const kept = loan.amount - loan.paid.principal - quote.extensionFee;
  return monthlyIrr([
    { day: 0, amount: -kept },
    ...renewalFlows(loan, asOf, quote.nextDueDate, quote.interestDue, quote.extensionInterest),
  ]);
}

describe('an extension is a renewal, held to the ceilings of the regime on its date', () => {
  it('a 30% extension fee would price the renewal at 18.85% a month; BSP 1133 holds it to 15%', () => {
    // Uncapped: the borrower keeps 500,000 − 150,000 = 350,000 and pays 591,000 91 days later:
    // 0.7 × (1 + r)^(91/30) = 1.182 → r = (1.182 ÷ 0.7)^(30/91) − 1 = 18.85% a month.
    // Cap: 591,000 ÷ 1.15^(91/30) = 386,785.96 → fee at most 500,000 − 386,785.96 = 113,214.04 → 113,214.
    const loan = renewable('2025-01-01');
    expect(quoteExtension(loan, '2025-04-02')).toMatchObject({
      extensionFee: 113_214,
      extensionInterest: 91_000,
      regime: 'bsp-1133',
      cappedBy: 'effective-rate',
    });
    expect(toBps(renewalRate(loan, '2025-04-02'))).toBe(1_500);
    expect(renewalRate(loan, '2025-04-02')).toBeLessThanOrEqual(0.15);
  });

  it('regime boundary at renewal: an extension on 2026-03-31 is under BSP 1133, on 2026-04-01 under SEC MC No. 14', () => {
    // Disbursed 2026-01-01, due 2026-04-02; extended, it falls due 2026-07-02.
    // On 2026-03-31 (93 days before it): 591,000 ÷ 1.15^(93/30) = 383,198.83 → fee 116,801.
    // On 2026-04-01 (92 days): 591,000 ÷ 1.12^(92/30) = 417,495.90 → fee 82,504.
    const loan = renewable('2026-01-01');
    expect(quoteExtension(loan, '2026-03-31')).toMatchObject({
      extensionFee: 116_801,
      regime: 'bsp-1133',
      nextDueDate: '2026-07-02',
    });
    expect(quoteExtension(loan, '2026-04-01')).toMatchObject({
      extensionFee: 82_504,
      regime: 'sec-mc-14-2025',
      nextDueDate: '2026-07-02',
    });
    expect(renewalRate(loan, '2026-03-31')).toBeLessThanOrEqual(0.15);
    expect(renewalRate(loan, '2026-04-01')).toBeLessThanOrEqual(0.12);
    expect(toBps(renewalRate(loan, '2026-04-01'))).toBe(1_200);
  });

  it('when even no fee is within the rate, the fee goes to zero first, then the extension interest is lowered', () => {
    // Renewed on 2026-09-19 with the next installment (500,000 + the extension interest) due only 11
    // days later, on 2026-09-30: at 12% a month 500,000 grows to 500,000 × 1.12^(11/30) = 521,214.65,
    // so the fee is 0 and the extension interest at most 21,214 (asked: 91,000).
    const loan = renewable('2026-04-01');
    const capped = capRenewal(loan, '2026-09-19', '2026-09-30', 91_000, {
      extensionFee: 150_000,
      extensionInterest: 91_000,
    });
    expect(capped).toEqual({
      extensionFee: 0,
      extensionInterest: 21_214,
      regime: 'sec-mc-14-2025',
      cappedBy: 'effective-rate',
    });
    const flows = renewalFlows(loan, '2026-09-19', '2026-09-30', 91_000, 21_214);
    expect(flows).toEqual([{ day: 11, amount: 521_214 }]);
    expect(monthlyIrr([{ day: 0, amount: -500_000 }, ...flows])).toBeLessThanOrEqual(0.12);
  });

  it('a posted extension is counted', () => {
    const loan = renewable('2026-04-01');
    const due = loan.installments[0]!.dueDate;
    // On the due date: 591,000 ÷ 1.12^(91/30) = 419,076.02 → fee 80,923; the delay amount is 91,000 + 80,923.
    expect(quoteExtension(loan, due)).toMatchObject({
      extensionFee: 80_923,
      extensionInterest: 91_000,
      delayAmount: 171_923,
    });
    const result = postExtension(loan, 171_923, due);
    expect(result.ok && result.state.extensions).toBe(1);
  });
});
