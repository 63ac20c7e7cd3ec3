/**
 * English words a Filipino text should not hold: the words of the loan pages' English labels.
 * A Filipino label that keeps one of them (or any word of the same row's English label) was left
 * untranslated. Names stay as they are: regulations, brands, the statute's own title.
 */
const ENGLISH_WORDS = new Set(
  (
    'the of and for from with on at to most day days month months year a an amount due charge charges fee fees ' +
    'penalty penalties late overdue extension extensions prepayment ceiling ceilings applied contract number ' +
    'rollover repayment payment payments interest principal outstanding total cost rate effective none repeat ' +
    'borrower lender limits limit loan service finance financed net proceeds compounded monthly once first ' +
    'offered only unearned rebated statement disclosure'
  ).split(' '),
);

const words = (text: string) => text.toLowerCase().match(/[a-z]+/g) ?? [];

/** The English words left in `filipino`, given the same text in English and names that stay as they are. */
export function englishLeft(filipino: string, english: string, names: readonly string[] = []): string[] {
  const kept = new Set(names.flatMap(words));
  const inEnglish = new Set(words(english).filter((w) => w.length >= 3));
  return [...new Set(words(filipino))].filter((w) => !kept.has(w) && (ENGLISH_WORDS.has(w) || inEnglish.has(w)));
}
