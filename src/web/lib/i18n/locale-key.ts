/** Where a chosen language is kept, so every page of the visit (and the next) speaks it. */
export const LOCALE_STORAGE_KEY = 'hiram.lang';
