import { z } from 'zod';

const ISO = /^(\d{4})-(\d{2})-(\d{2})$/;

/** True for a real calendar day written YYYY-MM-DD (2026-02-31 is not one). */
export function isCalendarDate(value: string): boolean {
  const m = ISO.exec(value);
  if (!m) return false;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const t = new Date(0);
  t.setUTCFullYear(year, month - 1, day);
  return t.getUTCFullYear() === year && t.getUTCMonth() === month - 1 && t.getUTCDate() === day;
}

/** A business date in a request: refused with a clear message unless it is a real calendar day. */
export const calendarDate = z
  .string()
  .regex(ISO, 'Use a date like 2026-01-31')
  .refine(isCalendarDate, 'There is no such day on the calendar');
