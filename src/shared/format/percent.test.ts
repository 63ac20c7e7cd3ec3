import { describe, expect, it } from 'vitest';
import { formatBps } from './percent';

describe('formatBps', () => {
  it('writes basis points as a percentage with two decimals', () => {
    expect(formatBps(536)).toBe('5.36%');
    expect(formatBps(15)).toBe('0.15%');
    expect(formatBps(10_000)).toBe('100.00%');
  });
});
