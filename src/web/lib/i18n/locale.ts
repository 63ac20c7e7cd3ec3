import { languageOf, pickLanguage } from '../../../shared/language';
import { LOCALE_STORAGE_KEY, type LocaleSources } from './locale-hint';
import { registerCatalogue, setLocale } from './t';
import type { Locale } from './types';

/**
 * The app's language parameter first, then the reader's earlier choice, then the
 * browser's languages in order; English when none is ours.
 */
export function pickLocale(param: string | null, stored: string | null, browser: readonly string[] = []): Locale {
  return pickLanguage([param, stored, ...browser]);
}

function remember(locale: Locale): void {
  try {
    window.localStorage.setItem(LOCALE_STORAGE_KEY, locale);
  } catch {
    // storage can be off (private mode): the language then lasts this page only
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
 * At start, before the app renders (main.tsx, when lib/i18n/locale-hint.ts says it may be
 * needed): picks the reader's language and loads its catalogue. A language the address gives
 * (the app's parameter, the official site's switch) is remembered.
 */
export async function initLocale({ param, stored, browser }: LocaleSources): Promise<Locale> {
  const locale = pickLocale(param, stored, browser);
  if (languageOf(param)) remember(locale);
  await loadLocale(locale);
  return locale;
}
