import { z } from 'zod';
import { defineCall } from '../api/define-call';
import { DEFAULT_CHANNEL } from '../constants';

/** spec 000 §9: card types of the tab strip (default 1). */
export const CardType = { EWALLET: 1, BANK: 2 } as const;
/** Payout channels: the e-wallets of card type 1 (default 90006), and bank transfer for type 2. */
export const Channel = { GCASH: 90006, MAYA: 90007, BANK: 90008 } as const;

/** spec 000 §2 field-type keys: text, single choice, city select, day. */
export const FIELD_CATEGORIES = ['txt', 'enum', 'citySelect', 'day'] as const;
export type FieldCategory = (typeof FIELD_CATEGORIES)[number];

/** The codes of the bind form; each becomes a key of the bind payload (spec 000 §3). */
export const BindField = {
  cardType: 'cardType',
  channel: 'channel',
  walletNo: 'walletNo',
  bankCode: 'bankCode',
  bankAccountNo: 'bankAccountNo',
  bankCity: 'bankCity',
  accountName: 'accountName',
  birthDate: 'birthDate',
} as const;

/**
 * Banks a payout can go to, with the lengths of their account numbers (digits). The lengths are
 * the ones the banks print on passbooks and in their apps; a new bank is one line here.
 */
export const PH_BANKS = [
  { code: 'BDO', name: 'BDO Unibank', lengths: [10, 12] },
  { code: 'BPI', name: 'Bank of the Philippine Islands', lengths: [10] },
  { code: 'MBTC', name: 'Metrobank', lengths: [13] },
  { code: 'LBP', name: 'Land Bank of the Philippines', lengths: [10] },
  { code: 'PNB', name: 'Philippine National Bank', lengths: [12] },
  { code: 'SECB', name: 'Security Bank', lengths: [13] },
  { code: 'UBP', name: 'UnionBank of the Philippines', lengths: [12] },
  { code: 'RCBC', name: 'RCBC', lengths: [10] },
  { code: 'CBC', name: 'China Bank', lengths: [10, 12] },
  { code: 'EWB', name: 'EastWest Bank', lengths: [12] },
  { code: 'DBP', name: 'Development Bank of the Philippines', lengths: [10] },
  { code: 'PSB', name: 'PSBank', lengths: [12] },
] as const satisfies readonly { code: string; name: string; lengths: readonly number[] }[];

/** spec 000 §3 dynamic form item; `required` and `maxLength` carry the rules to the page. */
export const formItemSchema = z.object({
  category: z.enum(FIELD_CATEGORIES),
  code: z.string(),
  value: z.string(),
  title: z.string(),
  subtitle: z.string(),
  note: z.array(z.object({ name: z.string(), type: z.string() })),
  /** text, number (digits only) or phone (digits only, a Philippine mobile number). */
  inputType: z.enum(['text', 'number', 'phone']),
  /** 0 means every card type. */
  cardTypeMi: z.number().int(),
  /** 0 means every channel; otherwise shown for card type 1 only when this channel is chosen. */
  channelNumber: z.number().int(),
  required: z.boolean(),
  maxLength: z.number().int(),
});
export type FormItem = z.infer<typeof formItemSchema>;

/**
 * spec 000 §5 input formats, for typed and pasted numbers alike: a number loses the separators
 * people write (spaces, dashes, dots, brackets) and nothing else, so nothing is cut and a letter
 * still fails the digits rule; a phone written +63 / 63 becomes 09…. Text and a masked bound
 * number are left as they are. The page caps the result at the item's length; the server checks it.
 */
export function normalizeItemValue(item: Pick<FormItem, 'inputType'>, raw: string): string {
  if (item.inputType === 'text' || isMaskedNumber(raw)) return raw;
  const bare = raw.replace(/[\s\-.()]/g, '');
  // +639… / 639… → 09…, as format/phone's normalizePhone (not imported: it brings zod to the page).
  return item.inputType === 'phone' ? bare.replace(/^\+?63(?=9\d{9}$)/, '0') : bare;
}

/** A number field still holding the masked bound number (maskAccount's `•••• 1234`): "keep the number I bound". */
export const isMaskedNumber = (value: string) => /^•••• \d{4}$/.test(value);

/**
 * spec 000 §5: which items show. The card type is the tab strip, not an item; items of another
 * card type hide; for card type 1, an item with a channelNumber shows only for that channel.
 */
export function isItemShown(item: FormItem, cardType: number, channel: number): boolean {
  if (item.code === BindField.cardType) return false;
  if (item.cardTypeMi !== 0 && item.cardTypeMi !== cardType) return false;
  if (cardType === CardType.EWALLET && item.channelNumber !== 0 && item.channelNumber !== channel) return false;
  return true;
}

/** The chosen e-wallet, the spec's default 90006 when none is chosen yet. */
export function selectedChannel(values: Readonly<Record<string, string | undefined>>): number {
  const chosen = Number(values[BindField.channel]);
  return Number.isInteger(chosen) && chosen > 0 ? chosen : DEFAULT_CHANNEL;
}

export type BindPayload = { product_id: string; cardType: string; [code: string]: string };

/**
 * spec 000 §3 bind payload: each shown item contributes code=value (a choice its option's type),
 * the cardType code carries the selected tab, and the product id is included.
 */
export function bindPayload(
  items: readonly FormItem[],
  values: Readonly<Record<string, string | undefined>>,
  cardType: number,
  productId: number,
): BindPayload {
  const channel = selectedChannel(values);
  const payload: BindPayload = { product_id: String(productId), cardType: String(cardType) };
  for (const item of items) {
    if (isItemShown(item, cardType, channel)) payload[item.code] = (values[item.code] ?? '').trim();
  }
  return payload;
}

export type BindIssue =
  | { code: string; title: string; rule: 'required' | 'choice' | 'digits' | 'mobile' | 'name' | 'date' | 'minor' }
  | { code: string; title: string; rule: 'tooLong'; max: number }
  | { code: string; title: string; rule: 'bankLength'; lengths: readonly number[] };

const NAME = /^\p{L}[\p{L} .'-]*$/u;
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
/** spec 000 §9: minors are under 18. */
export const ADULT_AGE = 18;

function isRealDate(value: string): boolean {
  const m = ISO_DATE.exec(value);
  if (!m) return false;
  const d = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === value && Number(m[1]) >= 1900;
}

/** Whole years between two YYYY-MM-DD dates. */
export function ageOn(birth: string, today: string): number {
  const years = Number(today.slice(0, 4)) - Number(birth.slice(0, 4));
  return today.slice(5) < birth.slice(5) ? years - 1 : years;
}

/**
 * The rules of the bind form, written once for the page and the server: required items,
 * choices among their options, digits only for number inputs, a Philippine mobile number for an
 * e-wallet, the account-number lengths of the chosen bank, a name, a real date of birth of an
 * adult. A masked bound number passes here; the server swaps it for the stored number.
 * Returns the first problem of the shown items, in form order, or null.
 */
export function checkBindValues(
  items: readonly FormItem[],
  values: Readonly<Record<string, string | undefined>>,
  cardType: number,
  today: string,
): BindIssue | null {
  return bindIssues(items, values, cardType, today)[0] ?? null;
}

/** Every shown item's first problem, in form order: the page marks each at its field at once. */
export function bindIssues(
  items: readonly FormItem[],
  values: Readonly<Record<string, string | undefined>>,
  cardType: number,
  today: string,
): BindIssue[] {
  const channel = selectedChannel(values);
  return items.flatMap((item) => {
    if (!isItemShown(item, cardType, channel)) return [];
    const issue = itemIssue(item, values, today);
    return issue ? [issue] : [];
  });
}

function itemIssue(
  item: FormItem,
  values: Readonly<Record<string, string | undefined>>,
  today: string,
): BindIssue | null {
  const value = (values[item.code] ?? '').trim();
  const at = { code: item.code, title: item.title };
  if (!value) return item.required ? { ...at, rule: 'required' } : null;
  if (value.length > item.maxLength) return { ...at, rule: 'tooLong', max: item.maxLength };
  if (item.category === 'enum' && !item.note.some((o) => o.type === value)) return { ...at, rule: 'choice' };
  if (item.inputType !== 'text' && !isMaskedNumber(value)) {
    if (!/^\d+$/.test(value)) return { ...at, rule: 'digits' };
    if (item.inputType === 'phone' && !/^09\d{9}$/.test(value)) return { ...at, rule: 'mobile' };
    if (item.code === BindField.bankAccountNo) {
      const bank = PH_BANKS.find((b) => b.code === values[BindField.bankCode]);
      if (bank && !(bank.lengths as readonly number[]).includes(value.length)) {
        return { ...at, rule: 'bankLength', lengths: bank.lengths };
      }
    }
  }
  if (item.code === BindField.accountName && !NAME.test(value)) return { ...at, rule: 'name' };
  if (item.category === 'day') {
    if (!isRealDate(value) || value > today) return { ...at, rule: 'date' };
    if (item.code === BindField.birthDate && ageOn(value, today) < ADULT_AGE) return { ...at, rule: 'minor' };
  }
  return null;
}

const lengthsText = (lengths: readonly number[]) => lengths.join(' or ');

/** The server's English wording of a problem (the page words it from its message catalogue). */
export function bindIssueMessage(issue: BindIssue): string {
  switch (issue.rule) {
    case 'required':
      return `Please fill in ${issue.title}`;
    case 'choice':
      return `Please choose ${issue.title} from the list`;
    case 'digits':
      return `${issue.title} takes digits only`;
    case 'mobile':
      return `${issue.title} must be a mobile number like 0917 123 4567`;
    case 'name':
      return `${issue.title} takes letters, spaces, dots, apostrophes and dashes only`;
    case 'date':
      return `${issue.title} must be a real date, not in the future`;
    case 'minor':
      return `The account holder must be at least ${ADULT_AGE} years old`;
    case 'tooLong':
      return `${issue.title} takes at most ${issue.max} characters`;
    case 'bankLength':
      return `${issue.title} for this bank has ${lengthsText(issue.lengths)} digits`;
  }
}

const productId = z.coerce
  .number()
  .int('Open this page from a loan product')
  .positive('Open this page from a loan product');

/** spec 000 §7 card-init: product_id → the form items, prefilled from the bound account. */
export const cardInit = defineCall({
  name: 'bankBinding.cardInit',
  method: 'POST',
  path: '/v3/bind-card/card-init',
  auth: true,
  success: 0,
  summary:
    'The payout-account form of a product: card types, channels, banks, fields; bound values prefilled (numbers masked)',
  request: z.object({ product_id: productId }),
  reply: z.object({ items: z.array(formItemSchema) }),
});

/** spec 000 §3 bind payload: product_id, cardType and one code=value per shown item. */
const bindRequest = z
  .object({ product_id: productId, [BindField.cardType]: z.coerce.number().int('Choose an account type') })
  .catchall(z.string().max(200, 'A value is too long'));

const bindReply = z.object({
  cardType: z.number().int(),
  channelNumber: z.number().int(),
  accountName: z.string(),
  /** Masked: only the last four digits. */
  accountNo: z.string(),
  bankName: z.string(),
});

export const bindCardNew = defineCall({
  name: 'bankBinding.bind',
  method: 'POST',
  path: '/v3/bind-card/bind-card-new',
  auth: true,
  success: 0,
  summary: 'Bind the payout account (e-wallet or bank account); every field is checked; the reply masks the number',
  request: bindRequest,
  reply: bindReply,
});

/** spec 000 §7: "another path when source is loanDetail" — the same payload and rules. */
export const bindCardLoan = defineCall({
  name: 'bankBinding.bindFromLoan',
  method: 'POST',
  path: '/v3/bind-card/bind-card-loan',
  auth: true,
  success: 0,
  summary: 'Bind the payout account from the loan details page (source=loanDetail); same payload as bind-card-new',
  request: bindRequest,
  reply: bindReply,
});

/** architecture.md: Providers: the places of the city select, served by the server rather than bundled into pages. */
export const places = defineCall({
  name: 'bankBinding.places',
  method: 'GET',
  path: '/v3/bind-card/places',
  auth: true,
  success: 0,
  summary: 'The 17 regions of the Philippines and their main cities and municipalities, for the city select',
  request: z.object({}),
  reply: z.object({ regions: z.array(z.object({ name: z.string(), cities: z.array(z.string()) })) }),
});
