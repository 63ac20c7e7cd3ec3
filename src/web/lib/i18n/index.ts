export { en } from './en';
export { antdMobileLocale, getLocale, interpolate, registerCatalogue, setLocale, t } from './t';
export type { Locale, MessageKey, Messages, MessageVars } from './types';
