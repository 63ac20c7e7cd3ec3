import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { sumCentavos } from './money';
import { buildInstallments, toRepayPlans } from './schedule';

describe('schedule', () => {
  it('architecture.md: Loan engine and money: equal principal, declining-balance interest for each period', () => {
    // ₱10,000 over 120 days in 4 periods of 30 days at 0.15% a day:
    // interest = outstanding × 15 × 30 ÷ 10,000 = outstanding × 4.5%
    //   1,000,000 → 45,000;  750,000 → 33,750;  500,000 → 22,500;  250,000 → 11,250
    const rows = buildInstallments({
      amount: 1_000_000,
      periods: 4,
      periodDays: 30,
      dailyInterestBps: 15,
      disbursalDate: '2025-01-01',
    });
    expect(rows).toEqual([
      { period: 1, dueDate: '2025-01-31', principal: 250_000, interest: 45_000 },
      { period: 2, dueDate: '2025-03-02', principal: 250_000, interest: 33_750 },
      { period: 3, dueDate: '2025-04-01', principal: 250_000, interest: 22_500 },
      { period: 4, dueDate: '2025-05-01', principal: 250_000, interest: 11_250 },
    ]);
  });

  it('architecture.md: Loan engine and money: remainder centavos go on the last period; interest rounds half-up', () => {
    // 100,000 ÷ 3 = 33,333 r 1 → 33,333 / 33,333 / 33,334. Rate 0.2% × 31 days = 6.2%:
    //   100,000 × 6.2% = 6,200;  66,667 × 6.2% = 4,133.354 → 4,133;  33,334 × 6.2% = 2,066.708 → 2,067
    const rows = buildInstallments({
      amount: 100_000,
      periods: 3,
      periodDays: 31,
      dailyInterestBps: 20,
      disbursalDate: '2025-01-01',
    });
    expect(rows.map((r) => [r.principal, r.interest])).toEqual([
      [33_333, 6_200],
      [33_333, 4_133],
      [33_334, 2_067],
    ]);
  });

  it('spec 001 §3: repay_plans rows carry title, amount, description and pay_time', () => {
    const rows = buildInstallments({
      amount: 100_000,
      periods: 3,
      periodDays: 31,
      dailyInterestBps: 20,
      disbursalDate: '2025-01-01',
    });
    expect(toRepayPlans(rows)).toEqual([
      { title: 'Period 1/3', amount: 39_533, description: '1/3', pay_time: '2025-02-01' }, // 33,333 + 6,200
      { title: 'Period 2/3', amount: 37_466, description: '2/3', pay_time: '2025-03-04' }, // 33,333 + 4,133
      { title: 'Period 3/3', amount: 35_401, description: '3/3', pay_time: '2025-04-04' }, // 33,334 + 2,067
    ]);
  });

  it('architecture.md: Loan engine and money invariant: schedule principal sums to the amount', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 365 }),
        fc.integer({ min: 1, max: 5 }),
        fc.integer({ min: 0, max: 1_000 }),
        fc.integer({ min: 0, max: 10_000_000_000 }),
        (periods, periodDays, dailyInterestBps, extra) => {
          const amount = periods + extra; // at least a centavo per period
          const rows = buildInstallments({
            amount,
            periods,
            periodDays,
            dailyInterestBps,
            disbursalDate: '2025-01-01',
          });
          expect(sumCentavos(rows.map((r) => r.principal))).toBe(amount);
          expect(rows.every((r) => r.principal >= 1 && Number.isSafeInteger(r.interest))).toBe(true);
          const first = rows[0]!.principal;
          expect(rows.every((r, i) => i === periods - 1 || r.principal === first)).toBe(true);
        },
      ),
      { numRuns: 2_000 },
    );
  });
});
