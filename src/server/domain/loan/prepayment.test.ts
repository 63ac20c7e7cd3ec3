import { describe, expect, it } from 'vitest';
import { demoProducts } from '../../db/seed/demo-products';
import { balancesOf } from './loan-state';
import { postPayment } from './payment';
import { penaltiesOwed } from './penalties';
import { hasLockIn, interestAccruedTo, postPrepayment, prepaymentOpensOn, quotePrepayment } from './prepayment';
import { isSettled } from './settlement';
import { makeLoan } from './test-support';
import { rebuildLoan } from './value-dated';

/** The lock-in spec 001 §9 asked for (half the term, at least 7 days), now a product's choice. */
const HALF_TERM_LOCK_IN = { minDaysAfterDisbursal: 7, minTermShareBps: 5_000 };
// 91 days on ₱5,000 at 0.15% a day: 68,250 interest (750 a day), 568,250 due 2025-04-02.
const onePeriod = (overrides = {}) =>
  makeLoan({ minAmount: 500_000, prepayment: HALF_TERM_LOCK_IN, ...overrides }, { amount: 500_000 });
// 4 × 30 days on ₱10,000: interest 45,000 / 33,750 / 22,500 / 11,250, due 01-31, 03-02, 04-01, 05-01.
const fourPeriods = () =>
  makeLoan({ termDays: 120, periods: 4, minAmount: 1_000_000, maxAmount: 1_000_000, prepayment: HALF_TERM_LOCK_IN });
const noLockIn = () => makeLoan({ minAmount: 500_000 }, { amount: 500_000 });

describe('prepayment', () => {
  it('early payoff from the first day: paid in full on day 0 the loan costs no interest', () => {
    // No lock-in (the default): opens on the disbursal day. Day 0: nothing earned, payoff = principal,
    // all 68,250 scheduled interest rebated; day 10: 10 × 750 = 7,500 earned.
    const loan = noLockIn();
    expect(hasLockIn(loan)).toBe(false);
    expect(prepaymentOpensOn(loan)).toBe('2025-01-01');
    expect(quotePrepayment(loan, '2025-01-01')).toMatchObject({ allowed: true, payoff: 500_000, rebate: 68_250 });
    expect(quotePrepayment(loan, '2025-01-11')).toMatchObject({ allowed: true, payoff: 507_500, rebate: 60_750 });
    // Posted on its value date (as the books do), a full payment on day 0 applies no interest.
    const paid = rebuildLoan(
      loan,
      [{ id: 1, valueDate: '2025-01-01', amount: 500_000, kind: 'repayment' }],
      '2025-01-01',
    );
    expect(isSettled(paid.state)).toBe(true);
    expect(paid.state.paid).toEqual({ principal: 500_000, interest: 0 });
  });

  it('a lock-in says what paying in full now costs: the interest not yet earned', () => {
    // Lock-in to day 46 (2025-02-16). On day 10 paying everything is 568,250; 7,500 is earned,
    // so 60,750 of it is interest that paying on 02-16 or later would not charge.
    const loan = onePeriod();
    expect(hasLockIn(loan)).toBe(true);
    expect(quotePrepayment(loan, '2025-01-11')).toEqual({
      allowed: false,
      reason: 'too-early',
      opensOn: '2025-02-16',
      lockIn: { opensOn: '2025-02-16', payAll: 568_250, unearnedInterest: 60_750 },
    });
    // Paying it all during the lock-in settles the loan as an ordinary payment, all the interest applied.
    const paid = rebuildLoan(
      loan,
      [{ id: 1, valueDate: '2025-01-11', amount: 568_250, kind: 'repayment' }],
      '2025-01-11',
    );
    expect(isSettled(paid.state)).toBe(true);
    expect(paid.state.paid.interest).toBe(68_250);
  });

  it('a product lock-in of half the term and 7 days', () => {
    // Half of 91 days is 45.5 → 46 days (never before half); 46 ≥ 7. Opens 2025-01-01 + 46 = 2025-02-16.
    expect(prepaymentOpensOn(onePeriod())).toBe('2025-02-16');
    expect(quotePrepayment(onePeriod(), '2025-02-15')).toMatchObject({
      allowed: false,
      reason: 'too-early',
      opensOn: '2025-02-16',
    });
    expect(quotePrepayment(onePeriod(), '2025-02-16').allowed).toBe(true);
    // A product may wait longer than the terms: 60 days → 2025-03-02.
    expect(prepaymentOpensOn(onePeriod({ prepayment: { minDaysAfterDisbursal: 60, minTermShareBps: 5_000 } }))).toBe(
      '2025-03-02',
    );
  });

  it('spec 001 §9: the payoff is principal + interest accrued to date + fees, not the full schedule', () => {
    // Day 46: 46 × 750 = 34,500 accrued; payoff 500,000 + 34,500 = 534,500; 68,250 − 34,500 = 33,750 waived.
    expect(interestAccruedTo(onePeriod(), '2025-02-16')).toBe(34_500);
    expect(quotePrepayment(onePeriod(), '2025-02-16')).toMatchObject({
      payoff: 534_500,
      interest: 34_500,
      principal: 500_000,
      rebate: 33_750,
    });
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
    expect(quotePrepayment(loan, '2025-03-17')).toMatchObject({
      payoff: 511_250,
      unearnedInterestPaid: 22_500,
      interest: 0,
      rebate: 22_500,
    });
    const result = postPrepayment(loan, 520_000, '2025-03-17');
    if (!result.ok) throw new Error(result.reason);
    expect(result.state.paid).toEqual({ principal: 1_000_000, interest: 90_000 });
    expect(result.state.credit).toBe(8_750); // 520,000 − 511,250
    expect(balancesOf(result.state)).toMatchObject({ interest: 0, principal: 0 });
  });

  it('architecture.md: Loan engine and money: a payment short of the payoff, or on a settled loan, is refused', () => {
    expect(postPrepayment(onePeriod(), 534_499, '2025-02-16')).toEqual({
      ok: false,
      reason: 'insufficient-payment',
      payoff: 534_500,
    });
    const settled = postPayment(onePeriod(), 568_250, '2025-02-01').state;
    expect(quotePrepayment(settled, '2025-03-01')).toMatchObject({ allowed: false, reason: 'settled' });
  });

  it('spec 001 §9: open until maturity, after earlier due dates too; after maturity there is nothing to rebate', () => {
    // Four periods: prepayment opens on day 60 (03-02); installment 1 (due 01-31) is unpaid and late.
    // On 03-03 the payoff is everything accrued plus the late penalties; installments 3–4 are rebated.
    const loan = fourPeriods();
    const penalties = penaltiesOwed(loan, '2025-03-03').owed;
    expect(penalties).toBeGreaterThan(0);
    // Earned: 45,000 + 33,750 + 22,500 × 1/30 = 79,500; rebate 112,500 − 79,500 = 33,000.
    expect(quotePrepayment(loan, '2025-03-03')).toMatchObject({
      payoff: 1_000_000 + 79_500 + penalties,
      penalties,
      rebate: 33_000,
    });
    expect(quotePrepayment(loan, '2025-05-01').allowed).toBe(true);
    expect(quotePrepayment(loan, '2025-05-02')).toMatchObject({ allowed: false, reason: 'after-maturity' });
    expect(quotePrepayment(onePeriod(), '2025-04-03')).toMatchObject({ allowed: false, reason: 'after-maturity' });
  });

  it('spec 001 §9: a Hiram Flex ₱10,000 loan paid off the day after installment 2 gets its ₱264 rebate', () => {
    // 4 × 30 days at 0.12% a day: interest 36,000 / 27,000 / 18,000 / 9,000 = 90,000; installments
    // 286,000 (01-31), 277,000 (03-02), 268,000, 259,000. Opens ceil(120 ÷ 2) = 60 days on, 03-02.
    // Paid 01-31 and 03-02 on time; on 03-03 earned 36,000 + 27,000 + 18,000 ÷ 30 = 63,600, so the payoff
    // is 1,063,600 − 563,000 = 500,600 and 90,000 − 63,600 = 26,400 (₱264) is rebated.
    const flex = makeLoan({ ...demoProducts[2].terms }, { amount: 1_000_000 });
    const payments = [
      { id: 1, valueDate: '2025-01-31', amount: 286_000, kind: 'repayment' as const },
      { id: 2, valueDate: '2025-03-02', amount: 277_000, kind: 'repayment' as const },
    ];
    const before = rebuildLoan(flex, payments, '2025-03-03').state;
    expect(quotePrepayment(before, '2025-03-03')).toMatchObject({ allowed: true, payoff: 500_600, rebate: 26_400 });
    const after = rebuildLoan(
      flex,
      [...payments, { id: 3, valueDate: '2025-03-03', amount: 500_600, kind: 'repayment' }],
      '2025-03-03',
    ).state;
    expect(isSettled(after)).toBe(true);
    expect(after.credit).toBe(0);
    expect(after.paid).toEqual({ principal: 1_000_000, interest: 63_600 });
  });

  it('spec 001 §9: a payoff quote is honoured through its window: confirmed a day later it still settles at the quote', () => {
    // The Flex loan above, quoted 500,600 on 03-03; on 03-04 one more day (600) is earned: 501,200.
    const flex = makeLoan({ ...demoProducts[2].terms }, { amount: 1_000_000 });
    const paid = [
      { id: 1, valueDate: '2025-01-31', amount: 286_000, kind: 'repayment' as const },
      { id: 2, valueDate: '2025-03-02', amount: 277_000, kind: 'repayment' as const },
    ];
    const late = { id: 3, valueDate: '2025-03-04', amount: 500_600, kind: 'repayment' as const };
    // Without the quote the payment is short of the day's payoff and the loan stays open with 600 owed.
    const plain = rebuildLoan(flex, [...paid, late], '2025-03-04').state;
    expect(isSettled(plain)).toBe(false);
    expect(quotePrepayment(plain, '2025-03-04')).toMatchObject({ payoff: 600 });
    const honoured = { amount: 500_600, quotedOn: '2025-03-03', validThrough: '2025-03-04' };
    const settled = rebuildLoan(flex, [...paid, { ...late, honoured }], '2025-03-04').state;
    expect(isSettled(settled)).toBe(true);
    expect(settled.paid).toEqual({ principal: 1_000_000, interest: 63_600 });
    // After the window it is an ordinary payment again.
    const after = rebuildLoan(flex, [...paid, { ...late, valueDate: '2025-03-05', honoured }], '2025-03-05').state;
    expect(isSettled(after)).toBe(false);
  });

  it('spec 001 §9: a Hiram Plus ₱20,000 loan paid off the day after installment 3 gets its ₱590 rebate', () => {
    // 6 × 30 days at 0.10% a day on 2,000,000: interest 60,000 / 50,000 / 40,000 / 30,000 / 20,000 / 10,000
    // (210,000); installments 1–3 are 393,333, 383,333, 373,333 (01-31, 03-02, 04-01). Opens day 90, 04-01.
    // On 04-02 earned 150,000 + 30,000 ÷ 30 = 151,000: payoff 2,151,000 − 1,149,999 = 1,001,001,
    // rebate 210,000 − 151,000 = 59,000 (₱590).
    const plus = makeLoan({ ...demoProducts[1].terms }, { amount: 2_000_000 });
    const payments = [
      { id: 1, valueDate: '2025-01-31', amount: 393_333, kind: 'repayment' as const },
      { id: 2, valueDate: '2025-03-02', amount: 383_333, kind: 'repayment' as const },
      { id: 3, valueDate: '2025-04-01', amount: 373_333, kind: 'repayment' as const },
    ];
    const before = rebuildLoan(plus, payments, '2025-04-02').state;
    expect(quotePrepayment(before, '2025-04-02')).toMatchObject({ allowed: true, payoff: 1_001_001, rebate: 59_000 });
    const after = rebuildLoan(
      plus,
      [...payments, { id: 4, valueDate: '2025-04-02', amount: 1_001_001, kind: 'repayment' }],
      '2025-04-02',
    ).state;
    expect(isSettled(after)).toBe(true);
    expect(after.paid).toEqual({ principal: 2_000_000, interest: 151_000 });
  });
});
