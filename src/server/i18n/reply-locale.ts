import { type Language, languageOf } from '../../shared/language';

/** The languages of the texts the server puts in borrower replies (architecture.md: Languages and departures). */
export type ReplyLocale = Language;

/**
 * The reader's language from `Accept-Language` (the web app sends its own): the first tag, by
 * preference, that is Filipino (`fil`, `tl`) or English; English when none is.
 */
export function replyLocale(acceptLanguage: string | string[] | undefined): ReplyLocale {
  const header = Array.isArray(acceptLanguage) ? acceptLanguage.join(',') : (acceptLanguage ?? '');
  const tags = header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.split(';');
      const q = Number(
        params
          .find((p) => p.trim().startsWith('q='))
          ?.trim()
          .slice(2) ?? 1,
      );
      return { language: languageOf(tag), q: Number.isNaN(q) ? 0 : q, index };
    })
    .filter((t) => t.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  return tags.find((t) => t.language)?.language ?? 'en';
}
