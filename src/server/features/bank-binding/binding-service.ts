import { and, eq, sql } from 'drizzle-orm';
import {
  BindField,
  bindIssueMessage,
  CardType,
  Channel,
  checkBindValues,
  isMaskedNumber,
  normalizeItemValue,
  PH_BANKS,
  selectedChannel,
} from '../../../shared/contracts/bank-binding';
import { Code } from '../../../shared/codes';
import { manilaToday } from '../../../shared/format/date';
import { maskAccount } from '../../../shared/format/phone';
import type { Db } from '../../db/client';
import { payoutAccounts, products } from '../../db/schema';
import { AppError, notFound } from '../../http/app-error';
import { boundAccount } from '../../money';
import { savingSignals } from '../../duplicate-signals/flags';
import { bindFormItems } from './form-items';
import { isKnownCity } from '../../places/places';

/** The borrower's current payout account: the latest one bound. */

export async function requireProduct(db: Db, productId: number): Promise<void> {
  const [row] = await db
    .select({ id: products.id })
    .from(products)
    .where(and(eq(products.id, productId), eq(products.enabled, true)));
  if (!row) throw notFound('The loan product');
}

const refuse = (message: string, field: string) => new AppError(Code.BAD_REQUEST, message, { field });

/**
 * spec 000 §3, §5: checks every shown item with the shared rules, then stores the account. A
 * masked number ("•••• 1234" from card-init) keeps the bound number, but only for the same
 * account type, e-wallet and bank. Numbers never reach a log or a reply in full.
 */
export async function bindAccount(
  db: Db,
  borrowerId: number,
  payload: Readonly<Record<string, unknown>>,
  today = manilaToday(),
) {
  const productId = Number(payload.product_id);
  await requireProduct(db, productId);
  const cardType = Number(payload[BindField.cardType]);
  if (cardType !== CardType.EWALLET && cardType !== CardType.BANK) {
    throw refuse('Choose an e-wallet or a bank account', BindField.cardType);
  }
  const items = bindFormItems();
  const values: Record<string, string> = {};
  for (const item of items) {
    const value = payload[item.code];
    if (typeof value === 'string') values[item.code] = normalizeItemValue(item, value.trim());
  }
  const issue = checkBindValues(items, values, cardType, today);
  if (issue) throw refuse(bindIssueMessage(issue), issue.code);

  const isWallet = cardType === CardType.EWALLET;
  const channel = isWallet ? selectedChannel(values) : Channel.BANK;
  const bankCode = isWallet ? '' : (values[BindField.bankCode] ?? '');
  const city = values[BindField.bankCity] ?? '';
  if (!isWallet && !isKnownCity(city)) throw refuse('Please choose the branch city from the list', BindField.bankCity);

  const numberField = isWallet ? BindField.walletNo : BindField.bankAccountNo;
  let number = values[numberField] ?? '';
  if (isMaskedNumber(number)) {
    const bound = await boundAccount(db, borrowerId);
    const same =
      bound !== null &&
      bound.cardType === cardType &&
      bound.channelNumber === channel &&
      (isWallet || bound.fields.bankCode === bankCode) &&
      maskAccount(bound.accountNo) === number;
    if (!same) throw refuse('Please enter the full account number', numberField);
    number = bound.accountNo;
  }

  const birthDate = values[BindField.birthDate] ?? '';
  const accountName = values[BindField.accountName] ?? '';
  const fields: Record<string, string> = isWallet ? { birthDate } : { bankCode, bankCity: city, birthDate };
  const account = {
    productId,
    channelNumber: channel,
    accountName,
    accountNo: number,
    fields,
  };
  // One account per kind (e-wallet, bank), edited in place: saving again, or two saves at once,
  // never adds a second row. The latest save is the one payouts go to.
  // The account number is a duplicate signal's value: the credit desk's flags follow the save.
  await savingSignals(db, borrowerId, (tx) =>
    tx
      .insert(payoutAccounts)
      .values({ borrowerId, cardType, ...account })
      .onConflictDoUpdate({
        target: [payoutAccounts.borrowerId, payoutAccounts.cardType],
        set: { ...account, createdAt: sql`now()` },
      }),
  );
  return {
    cardType,
    channelNumber: channel,
    accountName,
    accountNo: maskAccount(number),
    bankName: isWallet
      ? channel === Channel.MAYA
        ? 'Maya'
        : 'GCash'
      : (PH_BANKS.find((b) => b.code === bankCode)?.name ?? bankCode),
  };
}
