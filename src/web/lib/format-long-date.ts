import { MANILA_TZ } from '../../shared/format/date';
import { getLocale, type Locale } from './i18n';

/** The Intl locale of each language (both write pesos as ₱1,234.50; month names differ). */
export const INTL_LOCALE: Readonly<Record<Locale, string>> = { en: 'en-PH', fil: 'fil-PH' };

/**
 * A calendar day written out in the reader's language ("November 22, 2026", "Nobyembre 22,
 * 2026"), for documents; figures on the loan pages keep spec 000 §9's YYYY-MM-DD.
 */
export function formatLongDate(day: string, locale: Locale = getLocale()): string {
  const date = new Date(`${day}T12:00:00+08:00`);
  if (Number.isNaN(date.getTime())) return day;
  return new Intl.DateTimeFormat(INTL_LOCALE[locale], { dateStyle: 'long', timeZone: MANILA_TZ }).format(date);
}
