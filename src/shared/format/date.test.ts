import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatDate, formatHumanDate, MANILA_TZ, manilaToday } from './date';

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

  it("agrees with the time zone database on every instant since 1991 (the Philippines' last daylight saving time was in 1990)", () => {
    const zone = new Intl.DateTimeFormat('en-CA', {
      timeZone: MANILA_TZ,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    });
    const byZone = (ms: number) => {
      const p = Object.fromEntries(zone.formatToParts(ms).map((part) => [part.type, part.value]));
      return `${p.year}-${p.month}-${p.day} ${p.hour}:${p.minute}:${p.second}`;
    };
    fc.assert(
      fc.property(fc.integer({ min: Date.UTC(1991, 0, 1), max: Date.UTC(2100, 0, 1) }), (ms) => {
        expect(formatDate(ms, true)).toBe(byZone(ms));
      }),
      { numRuns: 2000 },
    );
  });
});

describe('human dates (departure from spec 000 §9 on what borrowers read)', () => {
  it('writes a day as "27 Nov 2026" in English and "27 Nob 2026" in Filipino, in Manila', () => {
    expect(formatHumanDate('2026-11-27')).toBe('27 Nov 2026');
    expect(formatHumanDate('2026-11-27', 'fil')).toBe('27 Nob 2026');
    expect(formatHumanDate('2026-01-05', 'fil')).toBe('5 Ene 2026');
    // 20:00 UTC is 04:00 the next day in Manila.
    expect(formatHumanDate(new Date('2026-11-26T20:00:00Z'), 'en', true)).toBe('27 Nov 2026, 04:00');
    expect(formatHumanDate('nonsense')).toBe('');
  });
});
