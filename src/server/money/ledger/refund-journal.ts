import { randomUUID } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { creditTransfers, ledgerEntries, payments, payouts } from '../../db/schema';
import type { IsoDate } from '../../domain/loan';
import { CREDIT_ACCOUNT, CREDIT_TRANSFERS_ACCOUNT, type Journal } from './journal';
import { type Tx, writeJournal } from '../loans/order-store';

/** The cash that left for refunds of borrowers' credit. */
export const REFUNDS_PAID_ACCOUNT = 'cash_refunds_paid';
/** The payment provider of credit applied from another loan of the same borrower. */
export const CREDIT_PROVIDER = 'credit';

/** Refunds that count against a loan's credit: paid, or on their way (so a second cannot be asked for the same money). */
const HOLDING = ['requested', 'approved', 'accepted', 'succeeded'];

/**
 * A refund of credit paid out: the borrower's credit goes down by the amount and the cash goes
 * out. Negative amounts book the other way (re-booking after a rebuild over-counted).
 */
export function refundJournal(amount: number, businessDate: IsoDate, memo: string): Journal {
  return creditOutJournal(REFUNDS_PAID_ACCOUNT, amount, businessDate, memo);
}

/** Credit applied to another loan: the borrower's credit goes down against the clearing account the other loan's payment debits. */
export function transferJournal(amount: number, businessDate: IsoDate, memo: string): Journal {
  return creditOutJournal(CREDIT_TRANSFERS_ACCOUNT, amount, businessDate, memo);
}

function creditOutJournal(to: string, amount: number, businessDate: IsoDate, memo: string): Journal {
  const [debit, credit] = amount >= 0 ? [CREDIT_ACCOUNT, to] : [to, CREDIT_ACCOUNT];
  const value = Math.abs(amount);
  const lines =
    value === 0
      ? []
      : [
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

/** Credit this order applied to the borrower's other loans: posted, and held (posted or asked for). */
export async function transfersOutOf(db: Db | Tx, orderId: number): Promise<{ paid: number; held: number }> {
  const [row] = await db
    .select({
      paid: sql<string>`coalesce(sum(${creditTransfers.amount}) filter (where ${creditTransfers.status} = 'posted'), 0)::text`,
      held: sql<string>`coalesce(sum(${creditTransfers.amount}), 0)::text`,
    })
    .from(creditTransfers)
    .where(and(eq(creditTransfers.fromOrderId, orderId), inArray(creditTransfers.status, ['requested', 'posted'])));
  return { paid: Number(row?.paid ?? 0), held: Number(row?.held ?? 0) };
}

/**
 * What left an order's credit (refunds paid plus credit applied elsewhere) and what is held for
 * it (those plus the ones asked for), so the same money is never refunded and applied both.
 */
export async function creditSpentOf(db: Db | Tx, orderId: number): Promise<{ paid: number; held: number }> {
  const [refunds, transfers] = await Promise.all([refundsOf(db, orderId), transfersOutOf(db, orderId)]);
  return { paid: refunds.paid + transfers.paid, held: refunds.held + transfers.held };
}

/**
 * The engine keeps a loan's credit as what its payments paid over what was owed
 * (`loanState.credit`), and every rebuild computes it again from the payments. Refunds are kept
 * in `payouts` (and credit applied elsewhere in `credit_transfers`), not in the loan state, so a
 * rebuild never brings spent credit back: the credit the borrower still has is the engine's
 * credit less what was spent.
 */
export const creditLeft = (engineCredit: number, spent: number) => engineCredit - spent;

/**
 * A rebuild (a late posting or a reversal on a settled loan) books the ledger to the books the
 * payments alone give, which takes any refund lines back out. This books them again, so the
 * ledger keeps `borrower_credit` = the engine's credit less the refunds paid, and
 * `cash_refunds_paid` = the refunds paid. A no-op when nothing moved them.
 */
export async function rebookRefunds(tx: Tx, orderId: number, today: IsoDate, cause: string): Promise<void> {
  const { paid } = await refundsOf(tx, orderId);
  const missing = paid - (await creditedOn(tx, orderId, REFUNDS_PAID_ACCOUNT));
  if (missing !== 0)
    await writeJournal(
      tx,
      orderId,
      refundJournal(missing, today, 'refunds paid, booked again after the loan was rebuilt'),
      { cause },
    );
  // The clearing account holds, per loan, the credit it received from other loans (debits, which
  // the rebuild books from its payments) less the credit it applied to them (booked here).
  const out = (await transfersOutOf(tx, orderId)).paid;
  const [received] = await tx
    .select({ sum: sql<string>`coalesce(sum(${payments.amount}), 0)::text` })
    .from(payments)
    .where(and(eq(payments.orderId, orderId), eq(payments.provider, CREDIT_PROVIDER), eq(payments.status, 'posted')));
  const unbooked = out - Number(received?.sum ?? 0) - (await creditedOn(tx, orderId, CREDIT_TRANSFERS_ACCOUNT));
  if (unbooked !== 0)
    await writeJournal(
      tx,
      orderId,
      transferJournal(unbooked, today, 'credit applied to another loan, booked again after the loan was rebuilt'),
      { cause },
    );
}

/** Credits less debits of one account of one order. */
async function creditedOn(tx: Tx, orderId: number, account: string): Promise<number> {
  const [row] = await tx
    .select({ net: sql<string>`coalesce(sum(${ledgerEntries.credit} - ${ledgerEntries.debit}), 0)::text` })
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.orderId, orderId), eq(ledgerEntries.account, account)));
  return Number(row?.net ?? 0);
}
