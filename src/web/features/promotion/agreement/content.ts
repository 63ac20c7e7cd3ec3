import { localeContent } from '../../../lib/i18n/locale-content';
import { type AgreementSection, agreementIntro, agreementSections } from './content.en';

export { AGREEMENT_UPDATED } from './content.en';

interface AgreementText {
  intro: string;
  sections: readonly AgreementSection[];
}

const content = localeContent<AgreementText>(
  { intro: agreementIntro, sections: agreementSections },
  {
    fil: () => import('./content.fil').then((m) => ({ intro: m.agreementIntroFil, sections: m.agreementSectionsFil })),
  },
);

/** The registration agreement in the reader's language. */
export const agreementText = content.get;
