import { pickLanguage } from '../../../shared/language';

/** Where a chosen language is kept, so every page of the visit (and the next) speaks it. */
export const LOCALE_STORAGE_KEY = 'hiram.lang';

/** What the reader's language is chosen from, read once at start. */
export interface LocaleSources {
  /** The app's language parameter (`?lang=`), or the official site's switch. */
  param: string | null;
  /** The reader's earlier choice. */
  stored: string | null;
  /** The browser's languages, most preferred first. */
  browser: readonly string[];
}

export function readLocaleSources(): LocaleSources {
  let stored: string | null = null;
  try {
    stored = window.localStorage.getItem(LOCALE_STORAGE_KEY);
  } catch {
    // storage can be off (private mode): the browser's languages decide
  }
  return { param: new URLSearchParams(window.location.search).get('lang'), stored, browser: navigator.languages ?? [] };
}

/**
 * Whether the entry loads lib/i18n/locale.ts (the catalogue, and remembering a choice): when the
 * address chooses a language, or the choice is not English. Most readers are English and skip it
 * (it is not in the first load of every page).
 */
export function mayNeedLocale({ param, stored, browser }: LocaleSources): boolean {
  return param !== null || pickLanguage([stored, ...browser]) !== 'en';
}
