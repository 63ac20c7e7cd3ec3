import { randomUUID } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { ledgerEntries, payouts } from '../../db/schema';
import type { IsoDate } from '../../domain/loan';
import { CREDIT_ACCOUNT, type Journal } from './journal';
import { type Tx, writeJournal } from './order-store';

/** The cash that left for refunds of borrowers' credit. */
export const REFUNDS_PAID_ACCOUNT = 'cash_refunds_paid';

/** Refunds that count against a loan's credit: paid, or on their way (so a second cannot be asked for the same money). */
const HOLDING = ['requested', 'approved', 'accepted', 'succeeded'];

/**
 * A refund of credit paid out: the borrower's credit goes down by the amount and the cash goes
 * out. Negative amounts book the other way (re-booking after a rebuild over-counted).
 */
export function refundJournal(amount: number, businessDate: IsoDate, memo: string): Journal {
  const [debit, credit] = amount >= 0 ? [CREDIT_ACCOUNT, REFUNDS_PAID_ACCOUNT] : [REFUNDS_PAID_ACCOUNT, CREDIT_ACCOUNT];
  const value = Math.abs(amount);
  const lines = value === 0 ? [] : [
    { account: debit, debit: value, credit: 0, memo },
    { account: credit, debit: 0, credit: value, memo },
  ];
  return { journalId: randomUUID(), businessDate, lines };
}

/** What an order's refunds add up to: paid (succeeded) and held (paid or on their way). */
export async function refundsOf(db: Db | Tx, orderId: number): Promise<{ paid: number; held: number }> {
  const [row] = await db
    .select({
      paid: sql<string>`coalesce(sum(${payouts.amount}) filter (where ${payouts.status} = 'succeeded'), 0)::text`,
      held: sql<string>`coalesce(sum(${payouts.amount}), 0)::text`,
    })
    .from(payouts)
    .where(and(eq(payouts.orderId, orderId), eq(payouts.kind, 'refund'), inArray(payouts.status, HOLDING)));
  return { paid: Number(row?.paid ?? 0), held: Number(row?.held ?? 0) };
}

/**
 * The engine keeps a loan's credit as what its payments paid over what was owed
 * (`loanState.credit`), and every rebuild computes it again from the payments. Refunds are kept
 * in `payouts`, not in the loan state, so a rebuild never brings refunded credit back: the
 * credit the borrower still has is the engine's credit less the refunds paid.
 */
export const creditLeft = (engineCredit: number, refundsPaid: number) => engineCredit - refundsPaid;

/**
 * A rebuild (a late posting or a reversal on a settled loan) books the ledger to the books the
 * payments alone give, which takes any refund lines back out. This books them again, so the
 * ledger keeps `borrower_credit` = the engine's credit less the refunds paid, and
 * `cash_refunds_paid` = the refunds paid. A no-op when nothing moved them.
 */
export async function rebookRefunds(tx: Tx, orderId: number, today: IsoDate): Promise<void> {
  const { paid } = await refundsOf(tx, orderId);
  const [row] = await tx
    .select({ net: sql<string>`coalesce(sum(${ledgerEntries.credit} - ${ledgerEntries.debit}), 0)::text` })
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.orderId, orderId), eq(ledgerEntries.account, REFUNDS_PAID_ACCOUNT)));
  const missing = paid - Number(row?.net ?? 0);
  if (missing !== 0) await writeJournal(tx, orderId, refundJournal(missing, today, 'refunds paid, booked again after the loan was rebuilt'));
}
