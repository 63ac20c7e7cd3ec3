import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BSP_1133, bspCostRoom, bspLateRoomForDay, capToBsp1133, isBsp1133Covered } from './bsp-1133';
import { bpsOf } from './money';
import { DEFAULT_PENALTY_TIERS } from './product';
import { quoteLoan } from './quote';
import { loanArb } from './test-support';

const figures = {
  principal: 500_000,
  termDays: 91,
  periods: 1,
  dailyInterestBps: 15,
  serviceFee: 15_000,
  penaltyTiers: DEFAULT_PENALTY_TIERS,
};

describe('BSP Circular 1133', () => {
  it('DESIGN §7: covers ₱10,000 or less for 4 months (120 days) or less', () => {
    expect(isBsp1133Covered(1_000_000, 120)).toBe(true);
    expect(isBsp1133Covered(1_000_001, 120)).toBe(false);
    expect(isBsp1133Covered(1_000_000, 121)).toBe(false);
  });

  it('DESIGN §7: figures inside every ceiling pass unchanged', () => {
    expect(capToBsp1133(figures)).toEqual({ ...figures, penaltyTiers: [...DEFAULT_PENALTY_TIERS], covered: true, applied: [] });
  });

  it('DESIGN §7: nominal interest is capped at 6% a month (0.2% a day)', () => {
    const capped = capToBsp1133({ ...figures, dailyInterestBps: 30 });
    expect(capped.dailyInterestBps).toBe(20);
    expect(capped.applied).toEqual(['nominal-interest']);
  });

  it('DESIGN §7: the effective rate is capped at 15% a month by lowering the service fee first', () => {
    // Interest at the capped 0.2% a day: 500,000 × 20 × 91 ÷ 10,000 = 91,000, so 591,000 is repaid on day 91.
    // Worth today at 15% a month: 591,000 ÷ 1.15^(91/30) = 591,000 ÷ 1.5279769 = 386,785.96
    // Largest fee: 500,000 − 386,785.96 = 113,214.04 → 113,214 (asked: 30% = 150,000)
    const capped = capToBsp1133({ ...figures, dailyInterestBps: 30, serviceFee: 150_000 });
    expect(capped.serviceFee).toBe(113_214);
    expect(capped.dailyInterestBps).toBe(20);
    expect(capped.applied).toEqual(['nominal-interest', 'effective-rate']);
  });

  it('DESIGN §7: late penalty rates are capped at 5% a month', () => {
    const capped = capToBsp1133({ ...figures, penaltyTiers: [{ fromDay: 1, monthlyBps: 800 }, { fromDay: 31, monthlyBps: 300 }] });
    expect(capped.penaltyTiers).toEqual([
      { fromDay: 1, monthlyBps: 500 },
      { fromDay: 31, monthlyBps: 300 },
    ]);
    expect(capped.applied).toEqual(['late-penalty']);
  });

  it('DESIGN §7: loans outside the circular keep their figures', () => {
    const big = { ...figures, principal: 2_000_000, dailyInterestBps: 50, serviceFee: 900_000 };
    expect(capToBsp1133(big)).toEqual({ ...big, covered: false, applied: [] });
  });

  it('DESIGN §7: late room is 5% ÷ 30 a day of the amount due; cost room is what is left of the principal', () => {
    expect(bspLateRoomForDay(568_250)).toBe(947); // 568,250 × 500 ÷ 300,000 = 947.08
    expect(bspCostRoom(500_000, 483_250)).toBe(16_750);
    expect(bspCostRoom(500_000, 600_000)).toBe(0);
  });

  it('DESIGN §7 invariant: a covered quote is inside every ceiling', () => {
    fc.assert(
      fc.property(loanArb, ({ product, amount, disbursalDate }) => {
        const quote = quoteLoan(product, amount, disbursalDate);
        if (!quote.bsp1133.covered) return;
        expect(quote.terms.dailyInterestBps).toBeLessThanOrEqual(BSP_1133.nominalDailyBps);
        expect(quote.disclosure.effectiveRate.monthlyBps).toBeLessThanOrEqual(1_500);
        expect(quote.totals.interest + quote.totals.fees).toBeLessThanOrEqual(amount);
        expect(quote.terms.penaltyTiers.every((t) => t.monthlyBps <= BSP_1133.lateMonthlyBps)).toBe(true);
        expect(quote.terms.serviceFee).toBeLessThanOrEqual(bpsOf(amount, product.serviceFeeBps));
      }),
      { numRuns: 2_000 },
    );
  });
});
