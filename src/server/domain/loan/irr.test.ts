import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { monthlyIrr, presentValue, toBps } from './irr';

describe('internal rate of return', () => {
  it('architecture.md: Loan engine and money: one payment a month later gives the simple monthly rate', () => {
    // 100 out, 110 back after 30 days: (1 + r)^1 = 1.1 → r = 10%
    expect(
      monthlyIrr([
        { day: 0, amount: -100 },
        { day: 30, amount: 110 },
      ]),
    ).toBeCloseTo(0.1, 12);
  });

  it('architecture.md: Loan engine and money: compounds every 30 days', () => {
    // 100 out, 121 back after 60 days: (1 + r)^2 = 1.21 → r = 10%
    expect(
      monthlyIrr([
        { day: 0, amount: -100 },
        { day: 60, amount: 121 },
      ]),
    ).toBeCloseTo(0.1, 12);
    expect(toBps(0.10005)).toBe(1_001); // half-up to the basis point
  });

  it('architecture.md: Loan engine and money: no charge means a zero rate', () => {
    expect(
      monthlyIrr([
        { day: 0, amount: -100 },
        { day: 45, amount: 100 },
      ]),
    ).toBe(0);
  });

  it('architecture.md: Loan engine and money: the rate found prices the flows at zero', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 10_000_000 }),
        fc.array(fc.record({ day: fc.integer({ min: 7, max: 365 }), weight: fc.integer({ min: 1, max: 100 }) }), {
          minLength: 1,
          maxLength: 12,
        }),
        (out, ins) => {
          // Payments back of up to about twice the money lent, spread over the flows' weights.
          const weights = ins.reduce((total, flow) => total + flow.weight, 0);
          const flows = [
            { day: 0, amount: -out },
            ...ins.map((f) => ({ day: f.day, amount: Math.round((2 * out * f.weight) / weights) + 1 })),
          ];
          const rate = monthlyIrr(flows);
          expect(rate).toBeGreaterThanOrEqual(0);
          if (rate > 0) expect(Math.abs(presentValue(flows, rate)) / out).toBeLessThan(1e-9);
        },
      ),
      { numRuns: 2_000 },
    );
  });
});
