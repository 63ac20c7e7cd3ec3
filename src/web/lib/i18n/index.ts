export { en } from './en';
export { getLocale, interpolate, setLocale, t } from './t';
export type { Locale, MessageKey, Messages, MessageVars } from './types';
