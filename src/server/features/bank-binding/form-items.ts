import { BindField, CardType, Channel, type FormItem, PH_BANKS } from '../../../shared/contracts/bank-binding';
import { DEFAULT_CARD_TYPE, DEFAULT_CHANNEL } from '../../../shared/constants';
import { maskAccount } from '../../../shared/format/phone';
import type { payoutAccounts } from '../../db/schema';
import type { ReplyLocale } from '../../i18n/reply-locale';
import { replyTexts } from '../../i18n/reply-texts';

type Bound = typeof payoutAccounts.$inferSelect;

const base = {
  value: '',
  subtitle: '',
  note: [],
  inputType: 'text',
  cardTypeMi: 0,
  channelNumber: 0,
  required: true,
  maxLength: 60,
} as const satisfies Partial<FormItem>;

/**
 * spec 000 §3: the payout-account form, the same for every product today (a product needing other
 * accounts would get its own list here). Card type 1 is an e-wallet (GCash 90006, Maya 90007), card
 * type 2 a bank account; the number item of each e-wallet shows only for its channel.
 */
export function bindFormItems(
  bound: Bound | null = null,
  locale: ReplyLocale = 'en',
  /** What the application already holds: the holder's name and birth date are not asked again. */
  known: { fullName: string; birthDate: string } = { fullName: '', birthDate: '' },
): FormItem[] {
  const tx = replyTexts(locale);
  const isWallet = bound?.cardType === CardType.EWALLET;
  const isBank = bound?.cardType === CardType.BANK;
  const walletItem = (channel: number, name: string): FormItem => ({
    ...base,
    category: 'txt',
    code: BindField.walletNo,
    title: tx('bind.walletNumber', { name }),
    subtitle: tx('bind.walletNumberHint', { name }),
    inputType: 'phone',
    cardTypeMi: CardType.EWALLET,
    channelNumber: channel,
    maxLength: 11,
    value: isWallet && bound.channelNumber === channel ? maskAccount(bound.accountNo) : '',
  });
  return [
    {
      ...base,
      category: 'enum',
      code: BindField.cardType,
      title: tx('bind.accountType'),
      note: [
        { name: tx('bind.ewallet'), type: String(CardType.EWALLET) },
        { name: tx('bind.bankAccount'), type: String(CardType.BANK) },
      ],
      maxLength: 2,
      value: String(bound?.cardType ?? DEFAULT_CARD_TYPE),
    },
    {
      ...base,
      category: 'enum',
      code: BindField.channel,
      title: tx('bind.ewallet'),
      subtitle: tx('bind.whereSent'),
      note: [
        { name: 'GCash', type: String(Channel.GCASH) },
        { name: 'Maya', type: String(Channel.MAYA) },
      ],
      cardTypeMi: CardType.EWALLET,
      maxLength: 5,
      value: String(isWallet ? bound.channelNumber : DEFAULT_CHANNEL),
    },
    walletItem(Channel.GCASH, 'GCash'),
    walletItem(Channel.MAYA, 'Maya'),
    {
      ...base,
      category: 'enum',
      code: BindField.bankCode,
      title: tx('bind.bank'),
      subtitle: tx('bind.whereSent'),
      note: PH_BANKS.map((b) => ({ name: b.name, type: b.code })),
      cardTypeMi: CardType.BANK,
      maxLength: 8,
      value: isBank ? (bound.fields.bankCode ?? '') : '',
    },
    {
      ...base,
      category: 'txt',
      code: BindField.bankAccountNo,
      title: tx('bind.accountNo'),
      subtitle: tx('bind.accountNoHint'),
      inputType: 'number',
      cardTypeMi: CardType.BANK,
      maxLength: 16,
      value: isBank ? maskAccount(bound.accountNo) : '',
    },
    {
      ...base,
      category: 'citySelect',
      code: BindField.bankCity,
      title: tx('bind.city'),
      subtitle: tx('bind.cityHint'),
      cardTypeMi: CardType.BANK,
      maxLength: 60,
      value: isBank ? (bound.fields.bankCity ?? '') : '',
    },
    {
      ...base,
      category: 'txt',
      code: BindField.accountName,
      title: tx('bind.holder'),
      subtitle: tx('bind.holderHint'),
      maxLength: 60,
      value: bound?.accountName ?? known.fullName,
    },
    {
      ...base,
      category: 'day',
      code: BindField.birthDate,
      title: tx('bind.birthDate'),
      subtitle: tx('bind.birthDateHint'),
      maxLength: 10,
      value: bound?.fields.birthDate || known.birthDate,
    },
  ];
}
