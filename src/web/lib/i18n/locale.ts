import { LOCALE_STORAGE_KEY } from './locale-key';
import { registerCatalogue, setLocale } from './t';
import type { Locale } from './types';

/** A language tag (`fil`, `fil-PH`, `tl`, `en-US`, …) as one of ours; undefined for any other. */
export function localeOf(tag: string | null | undefined): Locale | undefined {
  return /^\s*(fil|tl)(?![a-z])/i.test(tag ?? '') ? 'fil' : /^\s*en(?![a-z])/i.test(tag ?? '') ? 'en' : undefined;
}

/**
 * Issue 11: the app's language parameter (`?lang=`) first, then the reader's earlier choice,
 * then the browser's languages in order; English when none is ours.
 */
export function pickLocale(param: string | null, stored: string | null, browser: readonly string[] = []): Locale {
  for (const tag of [param, stored, ...browser]) {
    const found = localeOf(tag);
    if (found) return found;
  }
  return 'en';
}

function storage(): Storage | undefined {
  try {
    return window.localStorage;
  } catch {
    return undefined; // storage can be off (private mode): the language then lasts this page only
  }
}

/** Loads a language's catalogue (English is built in) and makes it the language of `t()`. */
export async function loadLocale(locale: Locale): Promise<void> {
  if (locale === 'fil') {
    const m = await import('./fil');
    registerCatalogue('fil', { messages: m.fil, antdMobile: m.antdMobileFil });
  }
  setLocale(locale);
}

/**
 * At start, before the app renders: picks the reader's language and loads its catalogue. A
 * language the address gives (the app's parameter, the official site's switch) is remembered.
 */
export async function initLocale(): Promise<Locale> {
  const param = new URLSearchParams(window.location.search).get('lang');
  const locale = pickLocale(param, storage()?.getItem(LOCALE_STORAGE_KEY) ?? null, navigator.languages);
  if (localeOf(param)) storage()?.setItem(LOCALE_STORAGE_KEY, locale);
  await loadLocale(locale);
  return locale;
}
