import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { quoteLoan } from './quote';
import { loanArb, makeProduct } from './test-support';

describe('Truth in Lending disclosure', () => {
  it('architecture.md: Loan engine and money: amount financed, itemised finance charges, total of payments, EIR', () => {
    // ₱10,000 for 91 days at 0.15% a day, 3% service fee:
    // interest 1,000,000 × 15 × 91 ÷ 10,000 = 136,500; fee 30,000; proceeds 970,000
    // EIR: (1 + r)^(91/30) = 1,136,500 ÷ 970,000 → r = 1.1716495^(30/91) − 1 = 5.3612% → 536 bps
    // A year: compounded (1.053612)^12 − 1 = 87.14% → 8,714 bps; monthly × 12 = 64.334% → 6,433 bps,
    // which the disclosure names for what it is rather than calling it the annual rate.
    const product = makeProduct({ minAmount: 1_000_000, maxAmount: 1_000_000 });
    const { disclosure } = quoteLoan(product, 1_000_000, '2025-01-01');
    expect(disclosure).toMatchObject({
      principal: 1_000_000,
      amountFinanced: 970_000,
      netProceeds: 970_000,
      financeCharges: [
        { kind: 'interest', amount: 136_500 },
        { kind: 'service-fee', amount: 30_000 },
      ],
      totalFinanceCharge: 166_500,
      totalOfPayments: 1_136_500,
      schedule: [{ period: 1, dueDate: '2025-04-02', amount: 1_136_500 }],
      effectiveRate: { monthlyBps: 536, compoundedAnnualBps: 8_714, monthlyTimes12Bps: 6_433 },
    });
  });

  it('RA 3765, BSP Circular 730: the statement lists the default charge, penalty rates, extension, prepayment and ceiling', () => {
    // Same loan: covered by BSP Circular 1133 (₱10,000, 91 days, 2025). No lock-in: early payoff
    // opens on the disbursal day, 2025-01-01. The default tiers are 5% (days 1–30), 4% (31–90), 2% onwards.
    const product = makeProduct({ minAmount: 1_000_000, maxAmount: 1_000_000 });
    const { disclosure } = quoteLoan(product, 1_000_000, '2025-01-01');
    expect(disclosure).toMatchObject({
      defaultCharge: { new: 100_000, repeat: 80_000 },
      penaltyTiers: [
        { fromDay: 1, toDay: 30, monthlyBps: 500 },
        { fromDay: 31, toDay: 90, monthlyBps: 400 },
        { fromDay: 91, toDay: null, monthlyBps: 200 },
      ],
      extension: { allowed: true, feeBps: 200, maxExtensions: null },
      prepayment: {
        opensOn: '2025-01-01',
        minDaysAfterDisbursal: 0,
        minTermShareBps: 0,
        rebate: 'unearned-interest',
      },
      ceiling: {
        regime: 'bsp-1133',
        source: 'BSP Circular No. 1133, s.2021',
        nominalDailyBps: 20,
        effectiveMonthlyBps: 1_500,
        lateMonthlyBps: 500,
        totalCostShareBps: 10_000,
      },
      lenderLimits: null,
    });
    // A product lock-in of max(7, ceil(91 × 50%)) = 46 days is stated with its day: 2025-02-16.
    const locked = makeProduct({
      minAmount: 1_000_000,
      maxAmount: 1_000_000,
      prepayment: { minDaysAfterDisbursal: 7, minTermShareBps: 5_000 },
    });
    expect(quoteLoan(locked, 1_000_000, '2025-01-01').disclosure.prepayment?.opensOn).toBe('2025-02-16');
    // ₱20,000 for 180 days is outside every regime: the lender limits it was quoted under are stated.
    const big = makeProduct({ termDays: 180, minAmount: 2_000_000, maxAmount: 2_000_000 });
    const limits = {
      maxDailyInterestBps: 20,
      maxServiceFeeBps: 500,
      maxTotalCostBps: 10_000,
      maxRollovers: 1,
      maxDefaultChargeShareBps: 1_000,
    };
    expect(quoteLoan(big, 2_000_000, '2026-05-01', limits).disclosure).toMatchObject({
      ceiling: null,
      lenderLimits: limits,
      extension: { allowed: true, feeBps: 200, maxExtensions: 1 },
    });
  });

  it('architecture.md: Loan engine and money: total of payments = amount financed + finance charge, for any loan', () => {
    fc.assert(
      fc.property(loanArb, ({ product, amount, disbursalDate, limits }) => {
        const { disclosure } = quoteLoan(product, amount, disbursalDate, limits);
        expect(disclosure.totalOfPayments).toBe(disclosure.amountFinanced + disclosure.totalFinanceCharge);
        const { monthlyBps, compoundedAnnualBps, monthlyTimes12Bps } = disclosure.effectiveRate;
        expect(monthlyBps).toBeGreaterThanOrEqual(0);
        // Compounding never gives less than simple multiplication (rounding aside).
        expect(compoundedAnnualBps).toBeGreaterThanOrEqual(monthlyTimes12Bps - 1);
      }),
      { numRuns: 1_000 },
    );
  });
});
