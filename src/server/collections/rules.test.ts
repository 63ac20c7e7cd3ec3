import { describe, expect, it } from 'vitest';
import { dealLoans } from './assignment-rules';
import { readSmsReply } from './consent-rules';
import { normalPhone } from './phone';
import { promiseStatus } from './promise-rules';
import { deniedWordInTemplates, fillTemplate, TEXT_TEMPLATES } from './text-templates';

describe('collections rules', () => {
  it('reads a mobile in one form however it was typed', () => {
    for (const typed of ['09171234567', '+63 917 123 4567', '63-917-123-4567', '917 123 4567', '(0917) 123-4567'])
      expect(normalPhone(typed)).toBe('09171234567');
    expect(normalPhone('09181234567')).not.toBe(normalPhone('09171234567'));
  });

  it('deals new loans latest first to the collector with the fewest; a loan keeps a collector at work', () => {
    const loans = [
      { orderId: 1, daysPastDue: 5, staffId: null },
      { orderId: 2, daysPastDue: 50, staffId: null },
      { orderId: 3, daysPastDue: 20, staffId: 7 },
      { orderId: 4, daysPastDue: 10, staffId: 9 },
    ];
    expect(dealLoans(loans, [7, 8])).toEqual([
      { orderId: 2, staffId: 8, reason: 'dealt' },
      { orderId: 4, staffId: 7, reason: 'rebalanced' },
      { orderId: 1, staffId: 8, reason: 'dealt' },
    ]);
    expect(dealLoans(loans, [])).toEqual([]);
  });

  it('keeps a promise once the payments reach it; breaks it only after its day', () => {
    expect(promiseStatus(100_000, '2026-11-30', 100_000, '2026-11-28')).toBe('kept');
    expect(promiseStatus(100_000, '2026-11-30', 99_999, '2026-11-30')).toBe('open');
    expect(promiseStatus(100_000, '2026-11-30', 99_999, '2026-12-01')).toBe('broken');
  });

  it('reads a consent reply only when it is one', () => {
    expect(readSmsReply(' yes ')).toEqual({ kind: 'consent', days: 7 });
    expect(readSmsReply('OO 30')).toEqual({ kind: 'consent', days: 30 });
    expect(readSmsReply('YES 365')).toEqual({ kind: 'other' });
    expect(readSmsReply('yes please call me tomorrow')).toEqual({ kind: 'other' });
    expect(readSmsReply('Hinto')).toEqual({ kind: 'revoke' });
    expect(readSmsReply('STOP')).toEqual({ kind: 'revoke' });
    expect(readSmsReply('who is this?')).toEqual({ kind: 'other' });
  });

  it('templates hold no denied word, in either language, and fill every placeholder', () => {
    expect(deniedWordInTemplates()).toBeNull();
    const values = {
      name: 'Ana',
      app: 'Hiram',
      orderNo: 'HRM1',
      amount: '₱1.00',
      promiseAmount: '₱1.00',
      promiseDay: '2026-11-30',
      link: 'https://hiram.test/contactConsent',
    };
    for (const template of Object.values(TEXT_TEMPLATES))
      for (const text of [template.en, template.fil]) expect(fillTemplate(text, values)).not.toMatch(/[{}]/);
    expect(() => fillTemplate('{nope}', values)).toThrow();
  });
});
