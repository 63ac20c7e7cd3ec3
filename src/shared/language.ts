/** The languages of the pages and of the texts in replies (architecture.md: Languages and departures). */
export type Language = 'en' | 'fil';

/** A language tag (`fil`, `fil-PH`, `tl_PH`, `en-US`, …) as one of ours; undefined for any other. */
export function languageOf(tag: string | null | undefined): Language | undefined {
  const base = tag?.trim().toLowerCase().split(/[-_]/)[0];
  return base === 'fil' || base === 'tl' ? 'fil' : base === 'en' ? 'en' : undefined;
}

/** The first of the tags, in order of preference, that is one of ours; English when none is. */
export function pickLanguage(tags: readonly (string | null | undefined)[]): Language {
  for (const tag of tags) {
    const found = languageOf(tag);
    if (found) return found;
  }
  return 'en';
}
