import { daysBetween, type IsoDate, isIsoDate } from '../../domain/loan';
import { badRequest } from '../../http/app-error';

/**
 * Every money action happens on a business date that has already begun in Manila and not before
 * the loan's own dates: close of business, disbursal, posting and reversal never run ahead (a
 * future date would book penalties for days to come), and never before the loan existed. Tests
 * move time with an injected clock, never through this guard.
 */
export function assertBusinessDate(
  date: string,
  today: IsoDate,
  options: { field: string; notBefore?: { date: IsoDate; what: string } | undefined },
): IsoDate {
  if (!isIsoDate(date))
    throw badRequest(`${date} is not a calendar date (use YYYY-MM-DD, like 2026-01-31)`, options.field);
  if (daysBetween(today, date) > 0)
    throw badRequest(`${date} has not begun yet in Manila (today is ${today})`, options.field);
  const floor = options.notBefore;
  if (floor && daysBetween(floor.date, date) < 0)
    throw badRequest(`${date} is before ${floor.what} (${floor.date})`, options.field);
  return date;
}
