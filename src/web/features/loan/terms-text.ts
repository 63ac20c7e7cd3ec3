import { interpolate } from '../../lib/i18n';
import { localeContent } from '../../lib/i18n/locale-content';
import { type TermsText, termsTextEn } from './terms-text.en';

// Kept out of the app's catalogue: only this page reads it, so only this page downloads it.
const content = localeContent<TermsText>(termsTextEn, {
  fil: () => import('./terms-text.fil').then((m) => m.termsTextFil),
});

/** One text of the loan terms page in the reader's language, `{name}` values filled. */
export function termsText(key: keyof TermsText, vars?: Readonly<Record<string, string | number>>): string {
  return interpolate(content.get()[key], vars);
}
