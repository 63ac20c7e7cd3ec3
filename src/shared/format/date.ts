/** spec 000 §9: dates YYYY-MM-DD with optional HH:mm:ss, in the Philippines' time zone. */
export const MANILA_TZ = 'Asia/Manila';

const parts = new Intl.DateTimeFormat('en-CA', {
  timeZone: MANILA_TZ,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

function pick(date: Date): Record<string, string> {
  const out: Record<string, string> = {};
  for (const p of parts.formatToParts(date)) out[p.type] = p.value;
  return out;
}

export function formatDate(input: Date | number | string, withTime = false): string {
  const date = input instanceof Date ? input : new Date(input);
  if (Number.isNaN(date.getTime())) return '';
  const p = pick(date);
  const day = `${p.year}-${p.month}-${p.day}`;
  return withTime ? `${day} ${p.hour}:${p.minute}:${p.second}` : day;
}

/** Today's calendar date in Manila, as YYYY-MM-DD. */
export function manilaToday(now: Date = new Date()): string {
  return formatDate(now);
}
