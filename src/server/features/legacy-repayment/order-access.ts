import { and, eq } from 'drizzle-orm';
export { amountDueNow, payoffOf, repayableOrder } from '../../money';
import { Code } from '../../../shared/codes';
import { maskAccount } from '../../../shared/format/phone';
import { Channel, PH_BANKS } from '../../../shared/contracts/bank-binding';
import type { BankCard } from '../../../shared/contracts/legacy-repayment';
import type { Db } from '../../db/client';
import { payoutAccounts } from '../../db/schema';
import { AppError } from '../../http/app-error';

type Account = typeof payoutAccounts.$inferSelect;

const WALLETS: Record<number, { code: string; name: string }> = {
  [Channel.GCASH]: { code: 'GCASH', name: 'GCash' },
  [Channel.MAYA]: { code: 'MAYA', name: 'Maya' },
};

/** A payout account as the legacy screen's card: bank (or e-wallet) name and code, masked number. */
export function asBankCard(account: Account): BankCard {
  const wallet = WALLETS[account.channelNumber];
  const bankCode = wallet?.code ?? account.fields.bankCode ?? '';
  const bank = PH_BANKS.find((b) => b.code === bankCode);
  return {
    id: account.id,
    bankName: wallet?.name ?? bank?.name ?? (bankCode || 'Bank account'),
    cardNo: maskAccount(account.accountNo),
    bankCode,
  };
}

export async function cardsOf(db: Db, borrowerId: number): Promise<BankCard[]> {
  const rows = await db
    .select()
    .from(payoutAccounts)
    .where(eq(payoutAccounts.borrowerId, borrowerId))
    .orderBy(payoutAccounts.id);
  return rows.map(asBankCard);
}

/**
 * The borrower's own card. The number the client echoes back (masked or in full) must end with
 * the card's last digits, so a client that mixed up two cards is stopped.
 */
export async function ownCard(db: Db, borrowerId: number, cardId: number, cardNo: string): Promise<Account> {
  const account = await db.query.payoutAccounts.findFirst({
    where: and(eq(payoutAccounts.id, cardId), eq(payoutAccounts.borrowerId, borrowerId)),
  });
  if (!account) throw new AppError(Code.NOT_FOUND, 'Please choose one of your own bank cards', { field: 'cardId' });
  const sent = cardNo.replace(/\D/g, '');
  const stored = account.accountNo.replace(/\D/g, '');
  if (sent && !stored.endsWith(sent.slice(-4))) {
    throw new AppError(Code.BAD_REQUEST, 'The card number does not match the chosen card', { field: 'cardNo' });
  }
  return account;
}
