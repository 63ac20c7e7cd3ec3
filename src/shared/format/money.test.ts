import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatMoney, parsePesos } from './money';

describe('spec 000 §9 money helper', () => {
  it('divides minor units by 100, two decimals, thousands separators, peso sign', () => {
    expect(formatMoney(0)).toBe('₱0.00');
    expect(formatMoney(5)).toBe('₱0.05');
    expect(formatMoney(123456789)).toBe('₱1,234,567.89');
    expect(formatMoney(-150)).toBe('-₱1.50');
  });

  it('spec 001 §1 departure: the peso sign on every page, whatever the real-market flag (the loans are in pesos)', () => {
    expect(formatMoney(100000)).toBe('₱1,000.00');
  });

  it('refuses amounts that are not integer centavos', () => {
    expect(() => formatMoney(1.5)).toThrow(RangeError);
  });

  it('parses what it formats', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10 ** 12 }), (centavos) => {
        expect(parsePesos(formatMoney(centavos))).toBe(centavos);
      }),
    );
    expect(parsePesos('12.5')).toBe(1250);
    expect(parsePesos('abc')).toBeNull();
    expect(parsePesos('1.234')).toBeNull();
  });
});
