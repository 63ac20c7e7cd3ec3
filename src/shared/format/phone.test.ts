import { describe, expect, it } from 'vitest';
import {
  cardInputFormat,
  digitsOnly,
  displayPhone,
  maskAccount,
  normalizePhone,
  phoneInputFormat,
  phoneSchema,
} from './phone';

describe('architecture.md: Languages and departures Philippine mobile numbers', () => {
  it('accepts 09…, 639… and +639… and stores 09…', () => {
    expect(normalizePhone('09171234567')).toBe('09171234567');
    expect(normalizePhone('639171234567')).toBe('09171234567');
    expect(normalizePhone('+63 917 123 4567')).toBe('09171234567');
    expect(normalizePhone('0917-123-4567')).toBe('09171234567');
  });

  it('refuses landlines, short numbers and the original app’s Chinese format', () => {
    for (const bad of ['0281234567', '0917123456', '13812345678', '', '091712345678', '+1 917 123 4567']) {
      expect(normalizePhone(bad)).toBeNull();
    }
  });

  it('shows 0917 123 4567', () => {
    expect(displayPhone('+639171234567')).toBe('0917 123 4567');
  });

  it('the zod schema names the rule in its message', () => {
    const r = phoneSchema.safeParse('12345');
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.message).toMatch(/Philippine mobile number/);
  });
});

describe('spec 000 §5 input formats', () => {
  it('phone input keeps digits, caps at 11 and groups 4-3-4 (departure: spec says 3-4-4)', () => {
    expect(phoneInputFormat('0917a1234567999')).toBe('0917 123 4567');
    expect(phoneInputFormat('09171')).toBe('0917 1');
  });

  it('card input groups digits in fours', () => {
    expect(cardInputFormat('1234-5678 9012 34')).toBe('1234 5678 9012 34');
  });

  it('bank number fields keep digits only', () => {
    expect(digitsOnly('12a3-4')).toBe('1234');
  });

  it('masks account numbers to the last four digits', () => {
    expect(maskAccount('09171234567')).toBe('•••• 4567');
  });
});
