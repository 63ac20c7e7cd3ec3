/**
 * Calendar dates in Asia/Manila as 'YYYY-MM-DD' strings. Arithmetic runs on UTC midnights
 * built from the date parts, so the machine's time zone can never move a date by a day.
 */
export type IsoDate = string;

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const MS_PER_DAY = 86_400_000;
/** Asia/Manila is UTC+8 with no daylight saving (none since 1990). */
const MANILA_OFFSET_MS = 8 * 3_600_000;

/**
 * Day numbers already worked out: the engine asks for the same few hundred dates millions of times
 * (a loan's schedule, its penalties day by day), and parsing each with a Date cost a third of the
 * loan engine's time. Only valid dates are kept, at most DAY_NUMBERS_KEPT of them.
 */
const dayNumbers = new Map<IsoDate, number>();
const DAY_NUMBERS_KEPT = 100_000;

function dayNumber(date: IsoDate): number {
  const known = dayNumbers.get(date);
  if (known !== undefined) return known;
  const days = parseDayNumber(date);
  if (dayNumbers.size >= DAY_NUMBERS_KEPT) dayNumbers.clear();
  dayNumbers.set(date, days);
  return days;
}

function parseDayNumber(date: IsoDate): number {
  const match = ISO_DATE.exec(date);
  if (!match) throw new RangeError(`not a YYYY-MM-DD date: ${date}`);
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const t = new Date(0);
  // setUTCFullYear, unlike Date.UTC, does not turn years 0–99 into 1900–1999.
  t.setUTCFullYear(year, month - 1, day);
  if (t.getUTCFullYear() !== year || t.getUTCMonth() !== month - 1 || t.getUTCDate() !== day) {
    throw new RangeError(`no such calendar date: ${date}`);
  }
  return t.getTime() / MS_PER_DAY;
}

function fromDayNumber(days: number): IsoDate {
  return formatUtcDate(new Date(days * MS_PER_DAY));
}

function formatUtcDate(t: Date): IsoDate {
  const year = String(t.getUTCFullYear()).padStart(4, '0');
  const month = String(t.getUTCMonth() + 1).padStart(2, '0');
  const day = String(t.getUTCDate()).padStart(2, '0');
  return `${year}-${month}-${day}`;
}

export function isIsoDate(value: unknown): value is IsoDate {
  if (typeof value !== 'string') return false;
  try {
    dayNumber(value);
    return true;
  } catch {
    return false;
  }
}

export function addDays(date: IsoDate, days: number): IsoDate {
  if (!Number.isSafeInteger(days)) throw new RangeError(`days must be a whole number, got ${days}`);
  return fromDayNumber(dayNumber(date) + days);
}

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: IsoDate, to: IsoDate): number {
  return dayNumber(to) - dayNumber(from);
}

export function laterOf(a: IsoDate, b: IsoDate): IsoDate {
  return daysBetween(a, b) > 0 ? b : a;
}

/** The Manila calendar date of an instant; callers pass the clock in, the engine never reads it. */
export function manilaDateOf(instant: Date): IsoDate {
  if (Number.isNaN(instant.getTime())) throw new RangeError('invalid instant');
  return formatUtcDate(new Date(instant.getTime() + MANILA_OFFSET_MS));
}

/**
 * The same day `months` calendar months later; a day the month lacks falls back to its last day
 * (2026-01-31 + 1 month = 2026-02-28). Four months run 120 to 123 days depending on the start.
 */
export function addCalendarMonths(date: IsoDate, months: number): IsoDate {
  if (!Number.isSafeInteger(months)) throw new RangeError(`months must be a whole number, got ${months}`);
  const start = new Date(dayNumber(date) * MS_PER_DAY);
  const target = new Date(0);
  target.setUTCFullYear(start.getUTCFullYear(), start.getUTCMonth() + months, 1);
  const lastDay = new Date(0);
  lastDay.setUTCFullYear(target.getUTCFullYear(), target.getUTCMonth() + 1, 0);
  target.setUTCDate(Math.min(start.getUTCDate(), lastDay.getUTCDate()));
  return formatUtcDate(target);
}
