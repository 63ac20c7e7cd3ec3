import { LOCALE_STORAGE_KEY } from './locale-key';

const OURS = /^\s*(en|fil|tl)(?![a-z])/i;
const FILIPINO = /^\s*(fil|tl)(?![a-z])/i;

/**
 * Whether this visit may be in a language other than English, or chooses one: then the entry
 * loads lib/i18n/locale.ts (the full choice, and the catalogue). Most readers are English and
 * skip it (issue 12: it is not in the first-load of every page). Agrees with `pickLocale`
 * (locale-hint.test.ts).
 */
export function mayNeedLocale(param: string | null, stored: string | null, browser: readonly string[]): boolean {
  if (param !== null) return true;
  const first = stored !== null && OURS.test(stored) ? stored : (browser.find((tag) => OURS.test(tag)) ?? '');
  return FILIPINO.test(first);
}

export function readLocaleHint(): boolean {
  let stored: string | null = null;
  try {
    stored = window.localStorage.getItem(LOCALE_STORAGE_KEY);
  } catch {
    // storage off: the browser's languages decide
  }
  return mayNeedLocale(new URLSearchParams(window.location.search).get('lang'), stored, navigator.languages ?? []);
}
