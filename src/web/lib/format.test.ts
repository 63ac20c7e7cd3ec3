import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatMoney } from './format';
import { formatLongDate, INTL_LOCALE } from './format-long-date';

describe('money and dates per locale', () => {
  it('Pesos read the same in English and Filipino, as Intl writes them for each locale', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000_000 }), (centavos) => {
        for (const tag of Object.values(INTL_LOCALE)) {
          const intl = new Intl.NumberFormat(tag, { style: 'currency', currency: 'PHP' }).format(centavos / 100);
          expect(formatMoney(centavos)).toBe(intl);
        }
      }),
    );
  });

  it('A document date is written out in the reader language', () => {
    expect(formatLongDate('2026-11-22', 'en')).toBe('November 22, 2026');
    expect(formatLongDate('2026-11-22', 'fil')).toBe('Nobyembre 22, 2026');
    expect(formatLongDate('not a day', 'fil')).toBe('not a day');
  });
});
