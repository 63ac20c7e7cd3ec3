import type { ReplyLocale } from '../../i18n/reply-locale';

/**
 * The provider's compliance statuses of a payout as the borrower reads them (a disbursal or a
 * refund held or refused by the provider's review), in each reply language. Staff read
 * payoutFailureText (payout-provider.ts).
 */
const TEXTS: Readonly<Record<string, Record<ReplyLocale, string>>> = {
  PENDING_COMPLIANCE_ASSESSMENT: {
    en: 'Your money is being checked by our payment partner before it is sent. This usually takes a few hours; you do not need to do anything.',
    fil: 'Sinusuri pa ng aming payment partner ang iyong pera bago ito ipadala. Karaniwang ilang oras lang ito; wala kang kailangang gawin.',
  },
  COMPLIANCE_REJECTED: {
    en: 'Our payment partner could not send the money to this account. Please contact us so we can send it another way.',
    fil: 'Hindi maipadala ng aming payment partner ang pera sa account na ito. Makipag-ugnayan sa amin para maipadala namin ito sa ibang paraan.',
  },
};

/** The borrower's text for a compliance status, or null for a status that has none. */
export function payoutStatusText(status: string, locale: ReplyLocale): string | null {
  return TEXTS[status]?.[locale] ?? null;
}
