import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  BSP_1133,
  capToCeilings,
  costRoomOf,
  coveringRegime,
  lateRoomOf,
  regimeOfTerms,
  regimeOn,
  SEC_MC_14_2025,
} from './ceilings';
import { addCalendarMonths } from './dates';
import { DEFAULT_LENDER_LIMITS } from './limits';
import { bpsOf } from './money';
import { DEFAULT_PENALTY_TIERS } from './product';
import { quoteLoan } from './quote';
import { loanArb, makeProduct } from './test-support';

const figures = {
  principal: 500_000,
  termDays: 91,
  periods: 1,
  dailyInterestBps: 15,
  serviceFee: 15_000,
  penaltyTiers: DEFAULT_PENALTY_TIERS,
};
const IN_2025 = '2025-01-01';
const limits = DEFAULT_LENDER_LIMITS;

describe('ceiling regimes', () => {
  it('BSP Circular 1133 until 2026-03-31, SEC MC No. 14 s.2025 from 2026-04-01; the rest is the same', () => {
    expect(regimeOn('2026-03-31').id).toBe('bsp-1133');
    expect(regimeOn('2026-04-01').id).toBe('sec-mc-14-2025');
    expect(regimeOn('2019-01-01')).toBe(BSP_1133);
    expect([BSP_1133.effectiveMonthlyBps, SEC_MC_14_2025.effectiveMonthlyBps]).toEqual([1_500, 1_200]);
    for (const r of [BSP_1133, SEC_MC_14_2025]) {
      expect(r).toMatchObject({
        maxPrincipal: 1_000_000,
        maxTermMonths: 4,
        nominalDailyBps: 20,
        lateMonthlyBps: 500,
        totalCostShareBps: 10_000,
      });
    }
  });

  it('coverage: ₱10,000 or less, maturing at most four calendar months after disbursal (120 to 123 days)', () => {
    // 2026-05-01 + 4 months = 2026-09-01: May 31 + June 30 + July 31 + August 31 = 123 days.
    expect(addCalendarMonths('2026-05-01', 4)).toBe('2026-09-01');
    expect(coveringRegime(1_000_000, '2026-05-01', 123)?.id).toBe('sec-mc-14-2025');
    expect(coveringRegime(1_000_000, '2026-05-01', 124)).toBeNull();
    // 2026-02-01 + 4 months = 2026-06-01: 28 + 31 + 30 + 31 = 120 days, so 121 days is out.
    expect(coveringRegime(1_000_000, '2026-02-01', 120)?.id).toBe('bsp-1133');
    expect(coveringRegime(1_000_000, '2026-02-01', 121)).toBeNull();
    expect(coveringRegime(1_000_001, '2026-05-01', 91)).toBeNull();
    // A day a month lacks falls back to its last day: 2025-10-31 + 4 months = 2026-02-28 (120 days).
    expect(addCalendarMonths('2025-10-31', 4)).toBe('2026-02-28');
  });

  it('a 123-day loan of ₱10,000 disbursed 2026-05-01 is priced under the regime', () => {
    // 123 days at 0.3% asked: capped to 0.2% a day; interest 1,000,000 × 20 × 123 ÷ 10,000 = 246,000.
    const product = makeProduct({
      termDays: 123,
      minAmount: 1_000_000,
      maxAmount: 1_000_000,
      dailyInterestBps: 30,
      serviceFeeBps: 0,
    });
    const quote = quoteLoan(product, 1_000_000, '2026-05-01');
    expect(quote.ceiling).toMatchObject({ regime: 'sec-mc-14-2025', applied: ['nominal-interest'] });
    expect(quote.totals.interest).toBe(246_000);
    // The same product disbursed 2026-02-01 matures after four months: the lender limits apply (0.2% too).
    expect(quoteLoan(product, 1_000_000, '2026-02-01').ceiling.regime).toBeNull();
  });

  it('figures inside every ceiling pass unchanged', () => {
    expect(capToCeilings(figures, IN_2025, limits)).toEqual({
      ...figures,
      penaltyTiers: [...DEFAULT_PENALTY_TIERS],
      regime: 'bsp-1133',
      applied: [],
    });
  });

  it('nominal interest is capped at 6% a month (0.2% a day)', () => {
    const capped = capToCeilings({ ...figures, dailyInterestBps: 30 }, IN_2025, limits);
    expect(capped.dailyInterestBps).toBe(20);
    expect(capped.applied).toEqual(['nominal-interest']);
  });

  it('BSP 1133: the effective rate is capped at 15% a month by lowering the service fee first', () => {
    // Interest at the capped 0.2% a day: 500,000 × 20 × 91 ÷ 10,000 = 91,000, so 591,000 is repaid on day 91.
    // Worth today at 15% a month: 591,000 ÷ 1.15^(91/30) = 591,000 ÷ 1.5279769 = 386,785.96
    // Largest fee: 500,000 − 386,785.96 = 113,214.04 → 113,214 (asked: 30% = 150,000)
    const capped = capToCeilings({ ...figures, dailyInterestBps: 30, serviceFee: 150_000 }, IN_2025, limits);
    expect(capped.serviceFee).toBe(113_214);
    expect(capped.dailyInterestBps).toBe(20);
    expect(capped.applied).toEqual(['nominal-interest', 'effective-rate']);
  });

  it('regime boundary at origination: a 13.73% loan passes on 2026-03-31 and is capped to 12% on 2026-04-01', () => {
    // ₱5,000, 91 days at 0.2% a day, 20% fee: proceeds 400,000, 591,000 repaid on day 91.
    // EIR: (591,000 ÷ 400,000)^(30/91) − 1 = 1.4775^0.32967 − 1 = 13.73% a month.
    const product = makeProduct({ minAmount: 500_000, dailyInterestBps: 20, serviceFeeBps: 2_000 });
    const before = quoteLoan(product, 500_000, '2026-03-31');
    expect(before.ceiling).toMatchObject({ regime: 'bsp-1133', applied: [] });
    expect(before.disclosure.effectiveRate.monthlyBps).toBe(1_373);
    // From 2026-04-01: 591,000 ÷ 1.12^(91/30) = 591,000 ÷ 1.4103231 = 419,076.02; fee 80,923.98 → 80,923.
    const after = quoteLoan(product, 500_000, '2026-04-01');
    expect(after.ceiling).toMatchObject({ regime: 'sec-mc-14-2025', applied: ['effective-rate'] });
    expect(after.terms.serviceFee).toBe(80_923);
    expect(after.disclosure.effectiveRate.monthlyBps).toBe(1_200);
  });

  it('late penalty rates are capped at 5% a month', () => {
    const tiers = [
      { fromDay: 1, monthlyBps: 800 },
      { fromDay: 31, monthlyBps: 300 },
    ];
    const capped = capToCeilings({ ...figures, penaltyTiers: tiers }, IN_2025, limits);
    expect(capped.penaltyTiers).toEqual([
      { fromDay: 1, monthlyBps: 500 },
      { fromDay: 31, monthlyBps: 300 },
    ]);
    expect(capped.applied).toEqual(['late-penalty']);
  });

  it('loans outside the regimes are held to the lender limits: nominal rate, fee and total cost', () => {
    // ₱20,000 for 180 days at 10% a day and a 50% fee: 2,000,000 × 1,000 × 180 ÷ 10,000 = 36,000,000
    // interest (1,800%). Default limits: 0.2% a day → 720,000; fee 5% → 100,000; total 820,000 ≤ 2,000,000.
    const big = { ...figures, principal: 2_000_000, termDays: 180, dailyInterestBps: 1_000, serviceFee: 1_000_000 };
    expect(capToCeilings(big, IN_2025, limits)).toMatchObject({
      regime: null,
      dailyInterestBps: 20,
      serviceFee: 100_000,
      applied: ['nominal-interest', 'service-fee'],
    });
    // With a 30% total-cost limit (600,000): even a zero fee leaves 720,000 interest above it, so the
    // rate comes down until interest fits: 2,000,000 × 16 × 180 ÷ 10,000 = 576,000 (17 bps gives 612,000);
    // the fee then takes what is left, 600,000 − 576,000 = 24,000.
    const tight = { ...limits, maxTotalCostBps: 3_000 };
    expect(capToCeilings(big, IN_2025, tight)).toMatchObject({
      dailyInterestBps: 16,
      serviceFee: 24_000,
      applied: ['nominal-interest', 'service-fee', 'total-cost'],
    });
  });

  it('the late room accumulates unrounded and rounds down: ₱3.00 due for 30 days gives ₱0.15, not ₱0.30', () => {
    // One day: 300 × 500 ÷ 300,000 = 0.5 centavo. Rounding each day half-up gave 30 × 1 = 30 centavos (10%);
    // 30 days together: 9,000 centavo-days × 500 ÷ 300,000 = 15 centavos (5%), the ceiling exactly.
    expect(lateRoomOf(SEC_MC_14_2025, 30 * 300)).toBe(15);
    expect(lateRoomOf(BSP_1133, 300)).toBe(0);
    // 568,250 due for 45 days: 25,571,250 × 500 ÷ 300,000 = 42,618.75 → 42,618.
    expect(lateRoomOf(BSP_1133, 45 * 568_250)).toBe(42_618);
    expect(costRoomOf(500_000, 10_000, 483_250)).toBe(16_750);
    expect(costRoomOf(500_000, 10_000, 600_000)).toBe(0);
    expect(costRoomOf(333, 3_333, 0)).toBe(110); // 110.99 rounded down
  });

  it('under a regime interest rounds down, so it never exceeds 0.2% a day: 25 centavos for 91 days owe 4, not 5', () => {
    // 25 × 20 × 91 ÷ 10,000 = 4.55 centavos: half-up would charge 5 (0.22% a day); down charges 4.
    const product = makeProduct({
      minAmount: 25,
      maxAmount: 25,
      amountStep: 1,
      dailyInterestBps: 20,
      serviceFeeBps: 0,
    });
    expect(quoteLoan(product, 25, '2026-04-01').totals.interest).toBe(4);
    // Outside every regime the schedule keeps half-up: 190 days, 25 × 20 × 190 ÷ 10,000 = 9.5 → 10.
    const long = makeProduct({
      minAmount: 25,
      maxAmount: 25,
      amountStep: 1,
      dailyInterestBps: 20,
      serviceFeeBps: 0,
      termDays: 190,
    });
    expect(quoteLoan(long, 25, '2026-04-01').totals.interest).toBe(10);
  });

  it('terms stored before the regime table: bsp1133 true reads as BSP 1133, false as none', () => {
    expect(regimeOfTerms({ bsp1133: true })).toBe(BSP_1133);
    expect(regimeOfTerms({ bsp1133: false })).toBeNull();
    expect(regimeOfTerms({ ceiling: 'sec-mc-14-2025' })).toBe(SEC_MC_14_2025);
    expect(regimeOfTerms({ ceiling: null, bsp1133: true })).toBeNull();
  });

  it('invariant: a covered quote is inside every ceiling of the regime of its disbursal date', () => {
    fc.assert(
      fc.property(loanArb, ({ product, amount, disbursalDate, limits }) => {
        const quote = quoteLoan(product, amount, disbursalDate, limits);
        const regime = quote.ceiling.regime ? regimeOn(disbursalDate) : null;
        expect(quote.ceiling.regime).toBe(coveringRegime(amount, disbursalDate, product.termDays)?.id ?? null);
        expect(quote.terms.serviceFee).toBeLessThanOrEqual(bpsOf(amount, product.serviceFeeBps));
        if (!regime) {
          expect(quote.terms.dailyInterestBps).toBeLessThanOrEqual(limits.maxDailyInterestBps);
          expect(quote.totals.interest + quote.totals.fees).toBeLessThanOrEqual(
            Math.floor((amount * limits.maxTotalCostBps) / 10_000),
          );
          return;
        }
        expect(quote.terms.dailyInterestBps).toBeLessThanOrEqual(regime.nominalDailyBps);
        // Rounding never takes a period's interest above the nominal ceiling.
        let outstanding = amount;
        for (const row of quote.installments) {
          expect(row.interest * 10_000).toBeLessThanOrEqual(
            outstanding * regime.nominalDailyBps * quote.terms.periodDays,
          );
          outstanding -= row.principal;
        }
        expect(quote.disclosure.effectiveRate.monthlyBps).toBeLessThanOrEqual(regime.effectiveMonthlyBps);
        expect(quote.totals.interest + quote.totals.fees).toBeLessThanOrEqual(amount);
        expect(quote.terms.penaltyTiers.every((t) => t.monthlyBps <= regime.lateMonthlyBps)).toBe(true);
      }),
      { numRuns: 2_000 },
    );
  });
});
