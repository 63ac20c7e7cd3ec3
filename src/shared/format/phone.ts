import { z } from 'zod';

/**
 * architecture.md: Languages and departures: Philippine mobile numbers. Accepts 09XXXXXXXXX, 639XXXXXXXXX and
 * +639XXXXXXXXX (spaces and dashes ignored); stores 09XXXXXXXXX.
 */
export function normalizePhone(input: string): string | null {
  const digits = input.replace(/[\s-]/g, '');
  const match = /^(?:\+?63|0)(9\d{9})$/.exec(digits);
  return match ? `0${match[1]}` : null;
}

/** Shown as 0917 123 4567. */
export function displayPhone(phone: string): string {
  const normal = normalizePhone(phone);
  if (!normal) return phone;
  return `${normal.slice(0, 4)} ${normal.slice(4, 7)} ${normal.slice(7)}`;
}

/**
 * spec 000 §5 input format: digits only, at most 11. The spec groups 3-4-4 (a Chinese mobile
 * number's shape); Philippine numbers read 4-3-4 (0917 123 4567), as architecture.md: Languages and departures shows them.
 */
export function phoneInputFormat(raw: string): string {
  const digits = raw.replace(/\D/g, '').slice(0, 11);
  return [digits.slice(0, 4), digits.slice(4, 7), digits.slice(7)].filter(Boolean).join(' ');
}

/** spec 000 §5 input format: card numbers grouped in fours, digits only. */
export function cardInputFormat(raw: string): string {
  return raw.replace(/\D/g, '').replace(/(\d{4})(?=\d)/g, '$1 ');
}

/** Digits only (bank number fields, spec 000 §5). */
export function digitsOnly(raw: string): string {
  return raw.replace(/\D/g, '');
}

/** Masks an account number for logs and screens: only the last 4 digits show. */
export function maskAccount(account: string): string {
  const digits = account.replace(/\D/g, '');
  return digits.length <= 4 ? digits : `•••• ${digits.slice(-4)}`;
}

export const phoneSchema = z
  .string()
  .trim()
  .transform((value, ctx) => {
    const phone = normalizePhone(value);
    if (!phone) {
      ctx.addIssue({ code: 'custom', message: 'Enter a Philippine mobile number like 0917 123 4567' });
      return z.NEVER;
    }
    return phone;
  });
