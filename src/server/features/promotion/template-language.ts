import type { StoredTemplateData } from '../../../shared/contracts/back-office-catalogue';
import type { TemplateData } from '../../../shared/contracts/promotion';
import type { Language } from '../../../shared/language';

/**
 * A template's texts in the reader's language: the Filipino texts over the English ones for a
 * Filipino reader (any text left out stays English), the English ones otherwise. The reply never
 * carries the other language.
 */
export function templateIn(data: StoredTemplateData, language: Language): TemplateData {
  const { fil, ...english } = data;
  if (language !== 'fil' || !fil) return english;
  return {
    ...english,
    hero: { ...english.hero, ...fil.hero },
    highlights: english.highlights.map((row, i) => ({ ...row, ...fil.highlights?.[i] })),
    form: { ...english.form, ...fil.form },
    steps: english.steps.map((step, i) => fil.steps?.[i] ?? step),
    download: { ...english.download, ...fil.download },
    footnote: fil.footnote ?? english.footnote,
  };
}
