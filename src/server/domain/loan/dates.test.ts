import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays, daysBetween, isIsoDate, laterOf, manilaDateOf } from './dates';

describe('dates', () => {
  it('architecture.md: Loan engine and money: adds calendar days across months, leap days and years', () => {
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29'); // 2024 is a leap year
    expect(addDays('2025-02-28', 1)).toBe('2025-03-01');
    expect(addDays('2025-01-01', 91)).toBe('2025-04-02'); // 30 left in Jan + 28 + 31 = 89 → Mar 31, +2
    expect(addDays('2025-12-31', 1)).toBe('2026-01-01');
    expect(addDays('2025-03-01', -1)).toBe('2025-02-28');
  });

  it('architecture.md: Loan engine and money: counts whole days between dates', () => {
    expect(daysBetween('2024-12-31', '2025-01-01')).toBe(1);
    expect(daysBetween('2025-01-01', '2025-04-02')).toBe(91);
    expect(daysBetween('2025-04-02', '2025-01-01')).toBe(-91);
    expect(laterOf('2025-01-02', '2025-01-01')).toBe('2025-01-02');
  });

  it('architecture.md: Loan engine and money: refuses what is not a calendar date', () => {
    expect(isIsoDate('2025-02-29')).toBe(false);
    expect(isIsoDate('2025-2-1')).toBe(false);
    expect(isIsoDate('2024-02-29')).toBe(true);
    expect(() => addDays('2025-13-01', 1)).toThrow(RangeError);
    expect(() => addDays('2025-01-01', 0.5)).toThrow(RangeError);
  });

  it('architecture.md: Loan engine and money: a date refused once is refused again, after it and after valid ones (only valid dates are remembered)', () => {
    for (let i = 0; i < 3; i++) {
      expect(isIsoDate('2025-02-29')).toBe(false);
      expect(isIsoDate('2024-02-29')).toBe(true);
      expect(() => daysBetween('2025-02-29', '2025-03-01')).toThrow(RangeError);
    }
  });

  it('architecture.md: Loan engine and money: counts stay right past the number of dates remembered (100,000)', () => {
    const start = '1800-01-01';
    let date = start;
    const wrong: string[] = [];
    for (let days = 0; days <= 100_050; days++) {
      if (daysBetween(start, date) !== days) wrong.push(date);
      date = addDays(date, 1);
    }
    expect(wrong).toEqual([]);
    expect(date).toBe('2073-12-06'); // Python: date(1800, 1, 1) + timedelta(100_051)
  });

  it('architecture.md: Loan engine and money: the Manila date of an instant is UTC+8, whatever the machine zone', () => {
    expect(manilaDateOf(new Date('2025-01-01T15:59:59Z'))).toBe('2025-01-01'); // 23:59:59 in Manila
    expect(manilaDateOf(new Date('2025-01-01T16:00:00Z'))).toBe('2025-01-02'); // midnight in Manila
  });

  it('architecture.md: Loan engine and money: adding then counting days round-trips', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 40_000 }), fc.integer({ min: -5_000, max: 5_000 }), (start, days) => {
        const from = addDays('1990-01-01', start);
        expect(daysBetween(from, addDays(from, days))).toBe(days);
        expect(isIsoDate(addDays(from, days))).toBe(true);
      }),
      { numRuns: 2_000 },
    );
  });
});
