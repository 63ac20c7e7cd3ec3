import { en } from './en';
import type { Locale, MessageKey, Messages, VarsArg } from './types';

/** A language's catalogue, with antd-mobile's labels in that language. */
export interface Catalogue {
  messages: Messages;
  /** antd-mobile's labels for this language, over its English ones (lib/antd-react19.ts). */
  antdMobile?: object;
}

const catalogues: Partial<Record<Locale, Catalogue>> = { en: { messages: en } };

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
  return catalogues[locale] ?? { messages: en };
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
  return interpolate(current().messages[key], vars);
}

/** antd-mobile's labels for the reader's language, or undefined for its English default. */
export function antdMobileLocale(): object | undefined {
  return current().antdMobile;
}
