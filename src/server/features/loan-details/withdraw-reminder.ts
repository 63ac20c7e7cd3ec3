import { sql } from 'drizzle-orm';
import { formatHumanDate } from '../../../shared/format/date';
import { Channel, PH_BANKS } from '../../../shared/contracts/bank-binding';
import { formatMoney } from '../../../shared/format/money';
import { maskAccount } from '../../../shared/format/phone';
import { type loanOrders, payoutAccounts } from '../../db/schema';
import { addDays, manilaDateOf } from '../../domain/loan';
import { readAcceptedQuote } from '../../money';
import type { replyTexts } from '../../i18n/reply-texts';

/** Loan terms (spec 001 §9): the money is credited within 1 to 3 calendar days after acceptance. */
export const CREDIT_WITHIN_DAYS = 3;

/** The borrower's payout account as the order read brings it (`latestPayoutAccountJson`). */
export interface PayoutAccountRow {
  channelNumber: number;
  accountNo: string;
  fields: Record<string, string>;
}

/**
 * The borrower's payout account the payouts use (the latest saved), as one JSON column of the
 * order's own read, or null without one.
 */
export const latestPayoutAccountJson = (borrowerId: unknown) => sql<PayoutAccountRow | null>`(
  select json_build_object('channelNumber', ${payoutAccounts.channelNumber}, 'accountNo', ${payoutAccounts.accountNo}, 'fields', ${payoutAccounts.fields})
  from ${payoutAccounts}
  where ${payoutAccounts.borrowerId} = ${borrowerId}
  order by ${payoutAccounts.createdAt} desc, ${payoutAccounts.id} desc
  limit 1
)`;

function accountLabel(account: PayoutAccountRow): string {
  const masked = maskAccount(account.accountNo);
  if (account.channelNumber === Channel.MAYA) return `Maya ${masked}`;
  if (account.channelNumber === Channel.GCASH) return `GCash ${masked}`;
  const bank = PH_BANKS.find((b) => b.code === account.fields.bankCode)?.name ?? account.fields.bankCode ?? '';
  return `${bank} ${masked}`.trim();
}

/**
 * Our reading of spec 001 §2.1's withdraw reminder, shown on an approved order (110) whose payout
 * account is bound: the loan is approved, the amount is on its way to the named account (masked),
 * and it arrives by the last day the loan terms allow (approval day + 3 calendar days, Manila).
 * Without a bound account the bank-card prompt asks for one instead.
 */
export function withdrawReminder(
  account: PayoutAccountRow | null,
  order: typeof loanOrders.$inferSelect,
  tx: ReturnType<typeof replyTexts>,
): { withdrawTitle?: string; withdrawMsg?: string } {
  if (!account) return {};
  const by = addDays(manilaDateOf(order.updatedAt), CREDIT_WITHIN_DAYS);
  // The money sent is the net proceeds: the service fee is withheld from the loan amount.
  const quote = order.quote ? readAcceptedQuote(order.quote, order) : null;
  return {
    withdrawTitle: tx('order.withdrawTitle'),
    withdrawMsg: tx('order.withdrawMsg', {
      loan: formatMoney(order.amount),
      amount: formatMoney(quote?.netProceeds ?? order.amount),
      fee: formatMoney(quote?.totals.fees ?? 0),
      account: accountLabel(account),
      date: formatHumanDate(by, tx.locale),
    }),
  };
}
