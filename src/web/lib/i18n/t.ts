import { en } from './en';
import type { Locale, MessageKey, Messages, VarsArg } from './types';

const catalogues: Record<Locale, Messages> = { en };

let locale: Locale = 'en';

export function getLocale(): Locale {
  return locale;
}

export function setLocale(next: Locale): void {
  locale = next;
  if (typeof document !== 'undefined') document.documentElement.lang = next;
}

/** Fills `{name}` placeholders; a placeholder without a value is left as written. */
export function interpolate(text: string, vars: Readonly<Record<string, string | number>> = {}): string {
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => {
    const value = vars[name];
    return value === undefined ? whole : String(value);
  });
}

export function t<K extends MessageKey>(key: K, ...args: VarsArg<K>): string {
  const [vars] = args as [Record<string, string | number>?];
  return interpolate(catalogues[locale][key], vars);
}
