import { CardType, Channel } from '../../../shared/contracts/bank-binding';
import { type PayoutRow, payoutChannelName } from '../../../shared/contracts/payouts';
import type { Db } from '../../db/client';
import { desc, eq } from 'drizzle-orm';
import { payoutAccounts, type payouts } from '../../db/schema';
import type { PayoutDestination } from '../../providers/payment/payout-provider';
import type { Tx } from '../loans/order-store';

type BoundAccount = typeof payoutAccounts.$inferSelect;
export type Payout = typeof payouts.$inferSelect;

/** The borrower's current payout account (the latest bound), as a payout destination; null when none is bound. */
export async function destinationOf(db: Db | Tx, borrowerId: number): Promise<PayoutDestination | null> {
  const account = await boundAccount(db, borrowerId);
  return account ? destinationOfAccount(account) : null;
}

/** A bound account's channel in payout terms: GCASH or MAYA for the e-wallets, the bank's code for a bank account. */
export function destinationOfAccount(
  account: Pick<BoundAccount, 'cardType' | 'channelNumber' | 'accountNo' | 'accountName' | 'fields'>,
): PayoutDestination | null {
  const channel =
    account.cardType === CardType.BANK
      ? (account.fields.bankCode ?? '')
      : account.channelNumber === Channel.MAYA
        ? 'MAYA'
        : account.channelNumber === Channel.GCASH
          ? 'GCASH'
          : '';
  return channel ? { channel, accountNo: account.accountNo, holderName: account.accountName } : null;
}

export const sameDestination = (a: PayoutDestination, b: PayoutDestination) =>
  a.channel === b.channel && a.accountNo === b.accountNo && a.holderName === b.holderName;

/** A destination as finance reads it: the channel by name, the holder and the whole number. */
export const accountView = (d: PayoutDestination) => ({
  channel: d.channel,
  channelName: payoutChannelName(d.channel),
  accountNo: d.accountNo,
  accountName: d.holderName,
});

/** An approved payout the provider has not confirmed taking for this long may be asked for again (same reference). */
export const SEND_AGAIN_AFTER_MS = 60_000;

/** A stored payout as the desk shows it. */
export function payoutView(p: Payout, orderNo: string, now: Date): PayoutRow {
  const iso = (d: Date | null) => d?.toISOString() ?? null;
  return {
    id: p.id,
    reference: p.reference,
    provider: p.provider,
    orderId: p.orderId,
    orderNo,
    kind: p.kind === 'refund' ? 'refund' : 'disbursal',
    amount: p.amount,
    account: accountView({ channel: p.channel, accountNo: p.accountNo, holderName: p.accountName }),
    status: p.status as PayoutRow['status'],
    providerId: p.providerId,
    failureCode: p.failureCode,
    failureReason: p.failureReason,
    requestedBy: p.requestedBy,
    requestedAt: p.requestedAt.toISOString(),
    approvedBy: p.approvedBy,
    approvedAt: iso(p.approvedAt),
    rejectedBy: p.rejectedBy,
    dispatchError: p.status === 'approved' ? p.dispatchError : null,
    canSendAgain:
      p.status === 'approved' && (!p.dispatchedAt || now.getTime() - p.dispatchedAt.getTime() >= SEND_AGAIN_AFTER_MS),
    completedAt: iso(p.completedAt),
  };
}

/** The payout account a borrower bound last: where their money goes. */
export async function boundAccount(db: Db | Tx, borrowerId: number) {
  const [row] = await db
    .select()
    .from(payoutAccounts)
    .where(eq(payoutAccounts.borrowerId, borrowerId))
    .orderBy(desc(payoutAccounts.createdAt), desc(payoutAccounts.id))
    .limit(1);
  return row ?? null;
}
