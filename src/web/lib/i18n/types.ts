import type { Language } from '../../../shared/language';
import type { en } from './en';

/** The languages of the borrower pages. Each needs a catalogue (lib/i18n/<name>.ts) and its long documents. */
export type Locale = Language;

export type MessageKey = keyof typeof en;

/** Any catalogue: every key of the English one, no more, no fewer (a missing key is a type error). */
export type Messages = { readonly [K in MessageKey]: string };

/** The `{name}` placeholders of one English message, as a union of names. */
type PlaceholdersOf<S extends string> = S extends `${string}{${infer Name}}${infer Rest}`
  ? Name | PlaceholdersOf<Rest>
  : never;

export type MessageVars<K extends MessageKey> = PlaceholdersOf<(typeof en)[K]>;

/** `t(key)` for messages without placeholders, `t(key, { name })` for the others. */
export type VarsArg<K extends MessageKey> = [MessageVars<K>] extends [never]
  ? []
  : [vars: Record<MessageVars<K>, string | number>];
