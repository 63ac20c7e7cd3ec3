import { describe, expect, it } from 'vitest';
import { demoProducts } from '../../db/seed/demo-products';
import { addDays, daysBetween } from './dates';
import { postExtension, quoteExtension } from './extension';
import { amountPastDue, balancesOf, type LoanState, totalCost } from './loan-state';
import { postPayment } from './payment';
import { penaltiesOwed } from './penalties';
import { interestAccruedTo } from './prepayment';
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
    // The extra term counts from the payment day, 04-12 + 91 = 07-12: 04-03…04-12 were late days.
    expect(quoteExtension(onePeriod(), '2025-04-12')).toMatchObject({
      penaltiesDue: 9_470,
      delayAmount: 87_720,
      nextDueDate: '2025-07-12',
    });
  });

  it('spec 001 §9: paying it moves the due date by one term and needs interest and penalties paid', () => {
    const loan = extend(onePeriod(), 87_720, '2025-04-12');
    expect(loan.installments[0]).toMatchObject({ dueDate: '2025-07-12', interest: 136_500, startDate: '2025-04-12' });
    expect(balancesOf(loan)).toMatchObject({ penalties: 0, fees: 0, interest: 68_250, principal: 500_000 });
    // Nothing is late until the new due date passes; the default charge is never charged twice:
    // day 1 after the new date adds only 568,250 × 5% ÷ 30 = 947.
    expect(penaltiesOwed(loan, '2025-07-12').owed).toBe(0);
    expect(penaltiesOwed(loan, '2025-07-13').owed).toBe(947);
  });

  it('spec 001 §9: in the repayment window, before the due date, the term still runs from the due date', () => {
    expect(quoteExtension(onePeriod(), '2025-03-30')).toMatchObject({ interestDue: 68_250, nextDueDate: '2025-07-02' });
  });

  it('spec 001 §9: every unpaid installment moves by the same days; the next one carries the extra term interest', () => {
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

  it('spec 001 §9: a loan 100 days late comes out current, with its new due date in the future', () => {
    // Due 04-02, paid 07-11 (overdue day 100). Penalties: the BSP 1133 late room grows 568,250 × 5% ÷ 30
    // = 947.083… a day whatever the tier, summed unrounded and rounded down once: it holds the ₱1,000
    // default charge and the tiers to floor(100 × 947.083…) = 94,708.
    // Delay 68,250 interest + 94,708 penalties + 10,000 fee = 172,958.
    // The old rule (old due date + 91 = 07-02) left the "new" date nine days in the past.
    const quote = quoteExtension(onePeriod(), '2025-07-11');
    expect(quote).toMatchObject({
      interestDue: 68_250,
      penaltiesDue: 94_708,
      extensionFee: 10_000,
      delayAmount: 172_958,
      nextDueDate: '2025-10-10',
    });
    const loan = extend(onePeriod(), 172_958, '2025-07-11');
    expect(loan.installments[0]).toMatchObject({ startDate: '2025-07-11', dueDate: '2025-10-10' });
    expect(amountPastDue(loan, '2025-07-12')).toBe(0);
    expect(penaltiesOwed(loan, '2025-10-10').owed).toBe(0);
  });

  it('spec 001 §9: no day is charged twice: late days up to the payment are penalties, the extra term starts after them', () => {
    const loan = extend(onePeriod(), 172_958, '2025-07-11');
    // Penalties were booked through the payment day itself …
    expect(loan.late.through).toBe('2025-07-11');
    // … and the extension interest (500,000 × 0.15% × 91 = 68,250) accrues only from that day on:
    // on the payment day only the original term's 68,250 is earned, one day later 750 more.
    expect(interestAccruedTo(loan, '2025-07-11')).toBe(68_250);
    expect(interestAccruedTo(loan, '2025-07-12')).toBe(68_250 + 750);
    expect(daysBetween(loan.late.through, loan.installments[0]!.dueDate)).toBe(91);
  });

  it('spec 001 §9: a quote is honoured through its window: paid a day later it still extends, the new late day waived', () => {
    // Quoted on the due date 04-02: 78,250. Paid (or value-dated) 04-03 the delay amount has grown by
    // the first late day, held by BSP 1133 to 947 (the default charge waits for room): 79,197.
    expect(postExtension(onePeriod(), 78_250, '2025-04-03')).toEqual({
      ok: false,
      reason: 'insufficient-payment',
      delayAmount: 79_197,
    });
    const honoured = { amount: 78_250, quotedOn: '2025-04-02', validThrough: '2025-04-03' };
    const result = postExtension(onePeriod(), 78_250, '2025-04-03', honoured);
    if (!result.ok) throw new Error(result.reason);
    expect(result.waived).toBe(947);
    expect(result.allocation.applied).toMatchObject({ interest: 68_250, fees: 10_000, penalties: 0 });
    expect(result.state.installments[0]).toMatchObject({ dueDate: '2025-07-03' });
    expect(balancesOf(result.state)).toMatchObject({ penalties: 0, fees: 0 });
    // The window closes at the end of validThrough.
    expect(postExtension(onePeriod(), 78_250, '2025-04-04', honoured)).toMatchObject({
      ok: false,
      reason: 'insufficient-payment',
    });
  });

  it('spec 001 §2.9: on a multi-installment loan the next installment after extending is one installment, not the whole loan', () => {
    // Demo Hiram Plus, ₱20,000: 6 × 30 days at 0.10% a day; installment 1 = 333,333 + 60,000, due 01-31.
    // Extended on 01-31: delay 60,000 interest + 1.5% × 2,000,000 = 30,000 fee = 90,000. The moved
    // installment carries 60,000 more interest for the extra 30 days: 333,333 + 60,000 + 60,000, of which
    // 60,000 is paid, so the next payment is 393,333 (₱3,933.33) on 03-02, not 2,000,000 + 60,000.
    const plus = makeLoan({ ...demoProducts[1].terms }, { amount: 2_000_000 });
    expect(quoteExtension(plus, '2025-01-31')).toMatchObject({
      delayAmount: 90_000,
      extensionInterest: 60_000,
      nextDueDate: '2025-03-02',
    });
    const loan = extend(plus, 90_000, '2025-01-31');
    const [first, second] = loan.installments;
    expect(first).toMatchObject({ dueDate: '2025-03-02', principal: 333_333, interest: 120_000 });
    expect(first!.principal + first!.interest - loan.paid.principal - loan.paid.interest).toBe(393_333);
    expect(second).toMatchObject({ dueDate: '2025-04-01', interest: 50_000 });
  });

  it('architecture.md: Loan engine and money: refused when the product disallows it, when settled, or when short', () => {
    expect(quoteExtension(onePeriod({ extensionAllowed: false }), '2025-04-02')).toEqual({
      allowed: false,
      reason: 'not-allowed',
    });
    const settled = postPayment(onePeriod(), 568_250, '2025-04-02').state;
    expect(quoteExtension(settled, '2025-04-02')).toEqual({ allowed: false, reason: 'settled' });
    expect(postExtension(onePeriod(), 78_249, '2025-04-02')).toEqual({
      ok: false,
      reason: 'insufficient-payment',
      delayAmount: 78_250,
    });
  });

  it('architecture.md: Loan engine and money: a payment above the delay amount goes on to the loan', () => {
    // 100,000 = 78,250 delay + 21,750 towards the extra term's interest (before maturity: interest first)
    const result = postExtension(onePeriod(), 100_000, '2025-04-02');
    if (!result.ok) throw new Error(result.reason);
    expect(result.allocation.applied).toMatchObject({ fees: 10_000, interest: 90_000, principal: 0 });
    expect(result.allocation.credit).toBe(0);
  });

  it('architecture.md: Loan engine and money: BSP 1133 total cost caps repeated extensions at the principal', () => {
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
    expect(quoteExtension(loan, due)).toMatchObject({
      extensionFee: 10_000,
      extensionInterest: 15_500,
      cappedBy: 'total-cost',
    });
    const quote = quoteExtension(loan, due);
    if (!quote.allowed) throw new Error(quote.reason);
    expect(totalCost(extend(loan, quote.delayAmount, due))).toBe(500_000);
  });
});
