import { describe, expect, it } from 'vitest';
import { allocationParts, isExtension } from './allocation-parts';

describe('payment allocation parts', () => {
  it('leaves the extension marker out of the money, so the parts add up to the payment', () => {
    const allocation = { principal: 0, interest: 150_000, fees: 75_000, penalties: 0, credit: 0, extended: 1 };
    const parts = allocationParts(allocation);
    expect(parts).toEqual([
      { name: 'interest', amount: 150_000 },
      { name: 'fees', amount: 75_000 },
    ]);
    expect(parts.reduce((sum, p) => sum + p.amount, 0)).toBe(225_000);
    expect(isExtension(allocation)).toBe(true);
    expect(isExtension({ principal: 100, extended: 0 })).toBe(false);
  });
});
