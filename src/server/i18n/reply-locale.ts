/** The languages of the texts the server puts in borrower replies (DESIGN §12, issue 11). */
export type ReplyLocale = 'en' | 'fil';

/**
 * The reader's language from `Accept-Language` (the web app sends its own): the first tag, by
 * preference, that is Filipino (`fil`, `tl`) or English; English when none is.
 */
export function replyLocale(acceptLanguage: string | string[] | undefined): ReplyLocale {
  const header = Array.isArray(acceptLanguage) ? acceptLanguage.join(',') : (acceptLanguage ?? '');
  const tags = header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = Number(params.find((p) => p.trim().startsWith('q='))?.trim().slice(2) ?? 1);
      return { base: tag.trim().toLowerCase().split(/[-_]/)[0], q: Number.isNaN(q) ? 0 : q, index };
    })
    .filter((t) => t.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  for (const { base } of tags) {
    if (base === 'fil' || base === 'tl') return 'fil';
    if (base === 'en') return 'en';
  }
  return 'en';
}
