import { TEMPLATE_KEYS, type TemplateKey } from '../../shared/contracts/back-office-collections';
import { deniedWord } from './contact-rules';

/**
 * The texts a collector may send, in English and Filipino (the borrower gets the language they
 * signed in with). Collectors choose a template; they do not type the words, and the filled text
 * is checked for denied words again before it goes.
 */
export const TEXT_TEMPLATES = {
  'payment-reminder': {
    title: 'Payment reminder',
    en: 'Hi {name}, your {app} loan {orderNo} has {amount} past due. Please pay in the {app} app. Questions? Reply to this number.',
    fil: 'Hi {name}, ang iyong {app} loan {orderNo} ay may {amount} na lampas na sa takdang petsa. Pakibayaran sa {app} app. May tanong? Sumagot sa numerong ito.',
  },
  'promise-confirmation': {
    title: 'Promise to pay confirmation',
    en: 'Hi {name}, thank you: you promised to pay {promiseAmount} on or before {promiseDay} for your {app} loan {orderNo}.',
    fil: 'Hi {name}, salamat: nangako kang magbayad ng {promiseAmount} hanggang {promiseDay} para sa iyong {app} loan {orderNo}.',
  },
  'out-of-hours-ask': {
    title: 'Ask for out-of-hours consent',
    en: 'Hi {name}, may {app} call or text you about loan {orderNo} between 10 PM and 6 AM? Reply YES for 7 days or YES 30 for 30 days; reply STOP anytime to withdraw. Or choose at {link}',
    fil: 'Hi {name}, maaari ka bang tawagan o i-text ng {app} tungkol sa loan {orderNo} mula 10 PM hanggang 6 AM? Sumagot ng OO para sa 7 araw o OO 30 para sa 30 araw; sumagot ng HINTO anumang oras para bawiin. O pumili sa {link}',
  },
} as const satisfies Record<TemplateKey, { title: string; en: string; fil: string }>;

/** Fills `{field}` placeholders; a placeholder without a value is a programming error. */
export function fillTemplate(text: string, values: Record<string, string>): string {
  return text.replace(/\{(\w+)\}/g, (_, field: string) => {
    const value = values[field];
    if (value === undefined) throw new Error(`no value for {${field}}`);
    return value;
  });
}

/** The first denied word in any template, or null (a test holds this at null). */
export function deniedWordInTemplates(): string | null {
  for (const key of TEMPLATE_KEYS) {
    const word = deniedWord(TEXT_TEMPLATES[key].en) ?? deniedWord(TEXT_TEMPLATES[key].fil);
    if (word) return word;
  }
  return null;
}
