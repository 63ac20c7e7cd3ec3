import { describe, expect, it } from 'vitest';
import { quoteExtension } from './extension';
import { costRoom, extensionsOf, type LoanState, limitsOf, regimeOf } from './loan-state';
import { penaltiesOwed } from './penalties';
import { makeLoan } from './test-support';

/** A loan as stored before regimes, lender limits, the extension count and the unrounded late room. */
function storedBeforeRegimes(state: LoanState, bsp1133: boolean): LoanState {
  const { ceiling: _ceiling, limits: _limits, ...terms } = state.terms;
  const { dueDays: _dueDays, ...late } = state.late;
  const { extensions: _extensions, ...rest } = state;
  return JSON.parse(JSON.stringify({ ...rest, terms: { ...terms, bsp1133 }, late }));
}

describe('loans stored before the regime table', () => {
  it('bsp1133: true with no regime reads as BSP Circular 1133, and its ceilings still hold', () => {
    // ₱5,000, 91 days, 2025: 568,250 due 2025-04-02. Ten days late: room 10 × 568,250 × 5% ÷ 30 = 9,470.83 → 9,470.
    const stored = storedBeforeRegimes(makeLoan({ minAmount: 500_000 }, { amount: 500_000 }), true);
    expect(stored.terms.ceiling).toBeUndefined();
    expect(regimeOf(stored)?.id).toBe('bsp-1133');
    expect(limitsOf(stored)).toBeNull();
    expect(extensionsOf(stored)).toBe(0);
    expect(penaltiesOwed(stored, '2025-04-12')).toMatchObject({ owed: 9_470, cappedBy: 'late-penalty' });
    expect(quoteExtension(stored, '2025-04-12')).toMatchObject({ allowed: true, regime: 'bsp-1133' });
  });

  it('bsp1133: false with no limits keeps the terms it was written on: no lender limits', () => {
    // 180 days is outside every regime; stored before limits, so neither total cost nor rollovers are capped.
    const stored = storedBeforeRegimes(makeLoan({ termDays: 180, minAmount: 500_000 }, { amount: 500_000 }), false);
    expect(regimeOf(stored)).toBeNull();
    expect(limitsOf(stored)).toBeNull();
    expect(costRoom(stored)).toBeNull();
    // The full ₱1,000 default charge on day 1, as before: 100,000 + 635,000 × 5% ÷ 30 (1,058).
    expect(penaltiesOwed(stored, '2025-07-01').owed).toBe(101_058);
  });
});
