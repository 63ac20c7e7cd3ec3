import { sql } from 'drizzle-orm';
import { ACCOUNT_KINDS, type TrialBalanceRow } from '../../../shared/contracts/books';
import { type Db, rowsOf } from '../../db/client';
import type { IsoDate } from '../../domain/loan';
import { assertBusinessDate } from '../loans/business-date';
import { accountOf } from './chart-of-accounts';
import { CREDIT_TRANSFERS_ACCOUNT } from './journal';
import { ledgerProblems } from './ledger-check';

export interface TrialBalance {
  asOf: IsoDate;
  rows: TrialBalanceRow[];
  totals: { debit: number; credit: number };
  balanced: boolean;
  /**
   * What the books' invariants find wrong today (ledger-check.ts): a clearing account not netting
   * to zero, a receivable that differs from what its loan owes, credit that differs from what is
   * left after refunds and transfers, a journal that does not balance. Empty when all hold.
   */
  problems: string[];
}

/**
 * The ledger's trial balance at the end of `asOf`: every account's debits and credits booked on
 * business dates up to it, and its balance (positive on the debit side). A date after today is
 * refused: the books of a day that has not begun do not exist yet. It also runs every invariant
 * of the books (`problems`): a trial balance whose debits equal its credits can still hide money
 * in the wrong place.
 */
export async function trialBalance(db: Db, asOf: IsoDate, today: IsoDate): Promise<TrialBalance> {
  assertBusinessDate(asOf, today, { field: 'date' });
  const rows = await accountRows(db, asOf);
  const totals = {
    debit: rows.reduce((s, r) => s + Math.max(0, r.balance), 0),
    credit: rows.reduce((s, r) => s + Math.max(0, -r.balance), 0),
  };
  // The clearing account of credit moved between loans is booked in pairs: zero on any day.
  const clearing = rows.find((r) => r.account === CREDIT_TRANSFERS_ACCOUNT)?.balance ?? 0;
  const problems = [
    ...(clearing === 0 ? [] : [`credit applied between loans does not net to zero on ${asOf} (${clearing})`]),
    ...(await ledgerProblems(db)),
  ];
  return { asOf, rows, totals, balanced: totals.debit === totals.credit, problems: [...new Set(problems)] };
}

/** Every account's debits, credits and balance from the journals posted on business dates up to `asOf`. */
export async function accountRows(db: Db, asOf: IsoDate): Promise<TrialBalanceRow[]> {
  const sums = rowsOf<{ account: string; debit: string; credit: string }>(
    await db.execute(sql`
      select account, sum(debit)::text as debit, sum(credit)::text as credit
      from ledger_entries where business_date <= ${asOf}::date
      group by account`),
  );
  const rows = sums.map(({ account, debit, credit }) => {
    const balance = Number(debit) - Number(credit);
    return { account, ...accountOf(account, balance), debit: Number(debit), credit: Number(credit), balance };
  });
  rows.sort((a, b) => ACCOUNT_KINDS.indexOf(a.kind) - ACCOUNT_KINDS.indexOf(b.kind) || a.label.localeCompare(b.label));
  return rows;
}
