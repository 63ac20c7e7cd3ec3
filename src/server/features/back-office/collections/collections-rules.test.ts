import { describe, expect, it } from 'vitest';
import { bucketOf, deniedWord, manilaClock, nextAllowed, refusingRule } from '../../../collections/contact-rules';

const at = (manila: string) => new Date(`${manila}+08:00`);
const state = { daysPastDue: 5, consented: false, attemptsToday: 0, dailyCap: 3 };

describe('collection contact rules', () => {
  it('reads the Manila day and hour, whatever the UTC day', () => {
    expect(manilaClock(new Date('2026-11-26T21:59:59Z'))).toEqual({ day: '2026-11-27', hour: 5 });
    expect(manilaClock(new Date('2026-11-26T22:00:00Z'))).toEqual({ day: '2026-11-27', hour: 6 });
  });

  it('refuses outside 06:00–21:59 unless more than 15 days past due or consented', () => {
    expect(refusingRule(at('2026-11-27T05:59:59'), state)).toBe('contact-hours');
    expect(refusingRule(at('2026-11-27T06:00:00'), state)).toBeNull();
    expect(refusingRule(at('2026-11-27T21:59:59'), state)).toBeNull();
    expect(refusingRule(at('2026-11-27T22:00:00'), state)).toBe('contact-hours');
    expect(refusingRule(at('2026-11-27T23:00:00'), { ...state, daysPastDue: 15 })).toBe('contact-hours');
    expect(refusingRule(at('2026-11-27T23:00:00'), { ...state, daysPastDue: 16 })).toBeNull();
    expect(refusingRule(at('2026-11-27T03:00:00'), { ...state, consented: true })).toBeNull();
    expect(refusingRule(at('2026-11-27T10:00:00'), { ...state, attemptsToday: 3 })).toBe('daily-cap');
  });

  it('names the next allowed instant: 06:00 today, 06:00 tomorrow, or midnight once the loan passes 15 days', () => {
    expect(nextAllowed(at('2026-11-27T04:00:00'), state)).toEqual({
      at: at('2026-11-27T06:00:00'),
      reason: 'contact-hours',
    });
    expect(nextAllowed(at('2026-11-27T22:30:00'), state)).toEqual({
      at: at('2026-11-28T06:00:00'),
      reason: 'contact-hours',
    });
    expect(nextAllowed(at('2026-11-27T22:30:00'), { ...state, daysPastDue: 15 })).toEqual({
      at: at('2026-11-28T00:00:00'),
      reason: 'contact-hours',
    });
    expect(nextAllowed(at('2026-11-27T04:00:00'), { ...state, attemptsToday: 3 })).toEqual({
      at: at('2026-11-28T06:00:00'),
      reason: 'daily-cap',
    });
    expect(nextAllowed(at('2026-11-27T12:00:00'), state)).toEqual({ at: at('2026-11-27T12:00:00'), reason: null });
  });

  it('puts days past due in buckets', () => {
    expect([-2, 0, 1, 30, 31, 60, 61, 90, 91, 400].map(bucketOf)).toEqual([
      'due',
      'due',
      '1-30',
      '1-30',
      '31-60',
      '31-60',
      '61-90',
      '61-90',
      '91+',
      '91+',
    ]);
  });

  it('finds threats and insults as words, not inside other words', () => {
    expect(deniedWord('We will have you KILLED')).toBe('kill');
    expect(deniedWord('Ipapakulong ka namin')).toBe('ipapakulong');
    expect(deniedWord('Bobo')).toBe('bobo');
    expect(deniedWord('Skilled worker, on a diet, paid at the dead-line?')).toBe('dead');
    expect(deniedWord('Skilled worker on a diet; will pay Friday')).toBeNull();
  });
});
