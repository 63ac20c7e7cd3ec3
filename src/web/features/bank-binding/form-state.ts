import {
  BindField,
  type BindIssue,
  type FormItem,
  isMaskedNumber,
  normalizeItemValue,
} from '../../../shared/contracts/bank-binding';
import { DEFAULT_CARD_TYPE } from '../../../shared/constants';
import { t } from '../../lib/i18n';

export type Values = Record<string, string>;

/** The values card-init prefilled (from the bound account), by code. */
export function initialValues(items: readonly FormItem[]): Values {
  const values: Values = {};
  for (const item of items) {
    if (item.code === BindField.cardType) continue;
    if (item.value && !values[item.code]) values[item.code] = item.value;
  }
  return values;
}

/** spec 000 §9: the bound card type, else the default 1. */
export function initialCardType(items: readonly FormItem[]): number {
  const value = Number(items.find((i) => i.code === BindField.cardType)?.value);
  return Number.isInteger(value) && value > 0 ? value : DEFAULT_CARD_TYPE;
}

/** The card-type tabs: the options of the cardType item (spec 000 §3). */
export function cardTypeTabs(items: readonly FormItem[]): { name: string; type: number }[] {
  const item = items.find((i) => i.code === BindField.cardType);
  return (item?.note ?? []).map((o) => ({ name: o.name, type: Number(o.type) }));
}

/**
 * A masked bound number means "keep the bound number", which only holds for the same account:
 * another account type, e-wallet or bank clears it so a full number is typed.
 */
export function clearMasked(values: Values): Values {
  const next: Values = {};
  for (const [code, value] of Object.entries(values)) if (!isMaskedNumber(value)) next[code] = value;
  return next;
}

/**
 * spec 000 §5 input formats: digits only for number inputs ("0918 555 0101" and "+63 918 555 0101"
 * pasted both become 09185550101), capped at the item's length once normalised.
 */
export function inputValue(item: FormItem, raw: string): string {
  if (item.inputType === 'text') return raw.slice(0, item.maxLength);
  return normalizeItemValue(item, raw).replace(/\D/g, '').slice(0, item.maxLength);
}

/** A rule broken, in the reader's language (the server words the same rules in English). */
export function issueText(issue: BindIssue): string {
  const title = issue.title;
  switch (issue.rule) {
    case 'tooLong':
      return t('bank.error.tooLong', { title, max: issue.max });
    case 'bankLength':
      return t('bank.error.bankLength', { title, lengths: issue.lengths.join(t('bank.or')) });
    case 'minor':
      return t('bank.error.minor');
    default:
      return t(`bank.error.${issue.rule}`, { title });
  }
}
