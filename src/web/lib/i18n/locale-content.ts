import { use } from 'react';
import { getLocale } from './t';
import type { Locale } from './types';

/**
 * A long document in each language: English is built in; another language's text is
 * loaded the first time a page renders it (`get()` suspends until then), so an English reader
 * never downloads it. Call `get()` while rendering.
 */
export interface LocaleContent<T> {
  get(): T;
}

export function localeContent<T>(
  english: T,
  loaders: { readonly [L in Exclude<Locale, 'en'>]: () => Promise<T> },
): LocaleContent<T> {
  const loading: Partial<Record<Locale, Promise<T>>> = {};
  return {
    get() {
      const locale = getLocale();
      if (locale === 'en') return english;
      loading[locale] ??= loaders[locale]();
      return use(loading[locale]);
    },
  };
}
