import { interpolate } from '../../../shared/format/interpolate';
import { en } from './en';
import type { Locale, MessageKey, Messages, VarsArg } from './types';

export { interpolate };

/** A language's catalogue, with antd-mobile's labels in that language. */
export interface Catalogue {
  messages: Messages;
  /** antd-mobile's labels for this language, over its English ones (lib/antd-mobile.ts). */
  antdMobile?: object;
}

const english: Catalogue = { messages: en };
const catalogues: Partial<Record<Locale, Catalogue>> = { en: english };

let locale: Locale = 'en';

export function getLocale(): Locale {
  return locale;
}

/** Makes a language available; `lib/i18n/locale.ts` loads a catalogue before the app renders. */
export function registerCatalogue(name: Locale, catalogue: Catalogue): void {
  catalogues[name] = catalogue;
}

/** Switches the language of `t()`; a language whose catalogue is not loaded stays English. */
export function setLocale(next: Locale): void {
  locale = catalogues[next] ? next : 'en';
  if (typeof document !== 'undefined') document.documentElement.lang = locale;
}

function current(): Catalogue {
  return catalogues[locale] ?? english;
}

export function t<K extends MessageKey>(key: K, ...args: VarsArg<K>): string {
  const [vars] = args as [Record<string, string | number>?];
  return interpolate(current().messages[key], vars);
}

/** antd-mobile's labels for the reader's language, or undefined for its English default. */
export function antdMobileLocale(): object | undefined {
  return current().antdMobile;
}
