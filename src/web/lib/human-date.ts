import { formatHumanDate } from '../../shared/format/date';
import { getLocale } from './i18n';

/** A day (or instant) in the reader's language, "27 Nov 2026" / "27 Nob 2026" (shared/format/date.ts). */
export function humanDate(input: Date | string, withTime = false): string {
  return formatHumanDate(input, getLocale(), withTime);
}
