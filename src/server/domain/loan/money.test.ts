import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { assertCentavos, bpsOf, mulDivHalfUp, sumCentavos } from './money';

describe('money', () => {
  it('architecture.md: Loan engine and money: rounds half-up to the centavo, never to even', () => {
    expect(mulDivHalfUp(5, 1, 10)).toBe(1); // 0.5 → 1
    expect(mulDivHalfUp(15, 1, 10)).toBe(2); // 1.5 → 2
    expect(mulDivHalfUp(25, 1, 10)).toBe(3); // 2.5 → 3 (banker's rounding would give 2)
    expect(mulDivHalfUp(14, 1, 10)).toBe(1); // 1.4 → 1
    expect(mulDivHalfUp(66_667, 620, 10_000)).toBe(4_133); // 4,133.354 → 4,133
    expect(mulDivHalfUp(33_334, 620, 10_000)).toBe(2_067); // 2,066.708 → 2,067
  });

  it('architecture.md: Loan engine and money: basis points of an amount', () => {
    expect(bpsOf(1_000_000, 300)).toBe(30_000); // 3% of ₱10,000 = ₱300
    expect(bpsOf(50, 5_000)).toBe(25);
    expect(bpsOf(1, 5_000)).toBe(1); // 0.5 centavo → 1
  });

  it('architecture.md: Loan engine and money: stays exact where floating point would not', () => {
    // 9,007,199,254,740,991 × 3 ÷ 3 overflows a double on the way; BigInt keeps it exact.
    expect(mulDivHalfUp(Number.MAX_SAFE_INTEGER, 3, 3)).toBe(Number.MAX_SAFE_INTEGER);
    expect(() => mulDivHalfUp(Number.MAX_SAFE_INTEGER, 2, 1)).toThrow(RangeError);
  });

  it('architecture.md: Loan engine and money: money is whole, non-negative centavos', () => {
    expect(() => assertCentavos(1.5)).toThrow(RangeError);
    expect(() => assertCentavos(-1)).toThrow(RangeError);
    expect(() => mulDivHalfUp(10, 1, 0)).toThrow(RangeError);
    expect(sumCentavos([1, 2, 3])).toBe(6);
  });

  it('architecture.md: Loan engine and money: half-up agrees with Math.round on every small fraction', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 1_000_000 }),
        fc.integer({ min: 0, max: 10_000 }),
        fc.integer({ min: 1, max: 100_000 }),
        (v, n, d) => {
          expect(mulDivHalfUp(v, n, d)).toBe(Math.round((v * n) / d));
        },
      ),
      { numRuns: 2_000 },
    );
  });
});
