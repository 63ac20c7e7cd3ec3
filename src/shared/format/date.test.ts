import { describe, expect, it } from 'vitest';
import { formatDate, manilaToday } from './date';

describe('spec 000 §9 dates in Asia/Manila', () => {
  it('formats YYYY-MM-DD and YYYY-MM-DD HH:mm:ss in Manila time', () => {
    // 2026-03-01 17:30:05 UTC is 2026-03-02 01:30:05 in Manila (UTC+8).
    const instant = Date.UTC(2026, 2, 1, 17, 30, 5);
    expect(formatDate(instant)).toBe('2026-03-02');
    expect(formatDate(instant, true)).toBe('2026-03-02 01:30:05');
    expect(formatDate('2026-01-15T00:00:00+08:00')).toBe('2026-01-15');
  });

  it('gives an empty string for an invalid date', () => {
    expect(formatDate('not a date')).toBe('');
  });

  it("today's date follows Manila, not the machine", () => {
    expect(manilaToday(new Date(Date.UTC(2026, 11, 31, 16, 0, 0)))).toBe('2027-01-01');
  });
});
