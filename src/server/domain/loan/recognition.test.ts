import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { bucketTotal } from './allocation';
import { addDays, daysBetween } from './dates';
import { balancesOf, scheduledInterest } from './loan-state';
import { postPayment } from './payment';
import { accruePenaltiesTo } from './penalties';
import { maturityOf } from './prepayment';
import { daysPastDue, earnedIncome, NON_ACCRUAL_DAYS, nonAccrualFrom, serviceFeeEarned } from './recognition';
import { isSettled } from './settlement';
import { makeLoan, openArbLoan, productArb } from './test-support';

// ₱5,000 for 91 days at 0.15% a day, 3% fee: ₱682.50 interest, ₱150.00 fee withheld, ₱4,850.00 paid out.
const loan = makeLoan({}, { amount: 500_000, disbursalDate: '2026-01-05' });
const net = loan.amount - loan.terms.serviceFee;
const earned = (state = loan, asOf: string | null = '2026-01-05') =>
  earnedIncome({ opening: loan, netProceeds: net, state, asOf });

describe('income recognition (accrual books)', () => {
  it('nothing is earned on the day of disbursal, nor before a business date is closed', () => {
    expect(loan.terms.serviceFee).toBe(15_000);
    expect(scheduledInterest(loan)).toBe(68_250);
    expect(earned(loan, '2026-01-05')).toEqual({ interest: 0, fees: 0, penalties: 0 });
    expect(earned(loan, null)).toEqual({ interest: 0, fees: 0, penalties: 0 });
  });

  it('interest is earned day by day: 10 of 91 days earn ₱75.00 of ₱682.50', () => {
    expect(earned(loan, '2026-01-15').interest).toBe(7_500);
    expect(earned(loan, maturityOf(loan)).interest).toBe(68_250);
  });

  it('the fee is amortised by the effective-interest method: nothing at day 0, all at maturity, growing in between', () => {
    let last = 0;
    for (let day = 0; day <= 91; day++) {
      const fee = serviceFeeEarned(loan, net, addDays(loan.disbursalDate, day));
      expect(fee).toBeGreaterThanOrEqual(last);
      last = fee;
    }
    expect(serviceFeeEarned(loan, net, loan.disbursalDate)).toBe(0);
    expect(last).toBe(15_000);
    // Day 45, by hand: the rate r solves 4,850.00 × (1 + r)^(91/30) = 5,682.50 (r = 5.36% a month);
    // income by then is 4,850.00 × ((1 + r)^(45/30) − 1) = ₱395.21, less ₱337.50 of interest
    // earned straight-line: ₱57.71 of the fee. A single payment at maturity grows its balance, so
    // the fee is earned later than straight-line would (₱74.18).
    expect(serviceFeeEarned(loan, net, '2026-02-19')).toBe(5_771);
  });

  it('a loan 90 days past due stops accruing: only what is paid counts, the fee stays where it was', () => {
    const due = maturityOf(loan);
    const before = addDays(due, NON_ACCRUAL_DAYS - 1);
    const on = addDays(due, NON_ACCRUAL_DAYS);
    const late = accruePenaltiesTo(loan, on);
    expect(daysPastDue(late, on)).toBe(90);
    const accruing = earned(accruePenaltiesTo(loan, before), before);
    expect(accruing.interest).toBe(68_250);
    expect(accruing.penalties).toBeGreaterThan(0);
    const suspended = earned(late, on);
    expect(suspended).toEqual({ interest: 0, fees: 15_000, penalties: 0 });
    // ₱1,000 paid then goes to penalties first (after maturity), and that much is earned.
    const paid = postPayment(late, 100_000, on);
    const after = earned(paid.state, on);
    expect(after.penalties).toBe(paid.allocation.applied.penalties);
    expect(after.interest).toBe(paid.allocation.applied.interest);
  });

  it('a settled loan has earned everything it billed', () => {
    const payoff = postPayment(loan, 500_000 + 68_250, '2026-04-06');
    expect(earned(payoff.state, '2026-04-06')).toEqual({ interest: 68_250, fees: 15_000, penalties: 0 });
  });

  it('a loan of daily instalments paid only at maturity: its penalties pass its interest, and paid in full it has earned its whole fee', () => {
    const daily = makeLoan(
      {
        minAmount: 22_194_568,
        maxAmount: 22_194_568,
        termDays: 358,
        periods: 358,
        dailyInterestBps: 474,
        serviceFeeBps: 4,
        penaltyTiers: [
          { fromDay: 1, monthlyBps: 831 },
          { fromDay: 40, monthlyBps: 1_475 },
        ],
      },
      { disbursalDate: '2026-05-01' },
    );
    const due = maturityOf(daily);
    const owed = balancesOf(accruePenaltiesTo(daily, due));
    expect(owed.penalties).toBeGreaterThan(owed.interest);
    const paid = postPayment(daily, bucketTotal(owed), due).state;
    expect(isSettled(paid)).toBe(true);
    const net = daily.amount - daily.terms.serviceFee;
    expect(earnedIncome({ opening: daily, netProceeds: net, state: paid, asOf: due }).fees).toBe(
      daily.terms.serviceFee,
    );
  });

  it('property: earned never exceeds billed, and grows day by day while the loan accrues', () => {
    fc.assert(
      fc.property(
        fc.record({
          product: productArb,
          amount: fc.nat(),
          disbursalDate: fc.constant('2026-05-01'),
          borrower: fc.constantFrom('new' as const, 'repeat' as const),
          limits: fc.constant({
            maxDailyInterestBps: 1_000,
            maxServiceFeeBps: 10_000,
            maxTotalCostBps: 1_000_000,
            maxRollovers: 1_000,
            maxDefaultChargeShareBps: 1_000_000,
          }),
        }),
        ({ product, amount, ...rest }) => {
          const chosen =
            product.minAmount +
            (amount % (Math.floor((product.maxAmount - product.minAmount) / product.amountStep) + 1)) *
              product.amountStep;
          const opened = openArbLoan({ product, amount: chosen, ...rest });
          const netProceeds = opened.amount - opened.terms.serviceFee;
          let last = { interest: 0, fees: 0, penalties: 0 };
          const end = daysBetween(opened.disbursalDate, maturityOf(opened));
          const accruingUntil = Math.min(
            end,
            daysBetween(opened.disbursalDate, nonAccrualFrom(opened) ?? maturityOf(opened)) - 1,
          );
          for (let day = 0; day <= accruingUntil; day += Math.max(1, Math.floor(end / 7))) {
            const asOf = addDays(opened.disbursalDate, day);
            const now = earnedIncome({ opening: opened, netProceeds, state: opened, asOf });
            expect(now.interest).toBeLessThanOrEqual(scheduledInterest(opened));
            expect(now.fees).toBeLessThanOrEqual(opened.terms.serviceFee);
            expect(now.interest).toBeGreaterThanOrEqual(last.interest);
            last = now;
          }
          expect(serviceFeeEarned(opened, netProceeds, maturityOf(opened))).toBe(opened.terms.serviceFee);
          // Everything owed on the maturity date, late charges included: a loan of daily instalments
          // paid only at maturity owes months of penalties, which can be more than its interest.
          const owed = bucketTotal(balancesOf(accruePenaltiesTo(opened, maturityOf(opened))));
          const settled = postPayment(opened, owed, maturityOf(opened)).state;
          expect(isSettled(settled)).toBe(true);
          expect(
            earnedIncome({ opening: opened, netProceeds, state: settled, asOf: maturityOf(opened) }),
          ).toMatchObject({
            interest: scheduledInterest(opened),
            fees: opened.terms.serviceFee,
          });
        },
      ),
      { numRuns: 60 },
    );
  });
});
