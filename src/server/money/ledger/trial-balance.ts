import { sql } from 'drizzle-orm';
import { ACCOUNT_KINDS, type TrialBalanceRow } from '../../../shared/contracts/books';
import { type Db, rowsOf } from '../../db/client';
import type { IsoDate } from '../../domain/loan';
import { assertBusinessDate } from '../loans/business-date';
import { accountOf } from './chart-of-accounts';

export interface TrialBalance {
  asOf: IsoDate;
  rows: TrialBalanceRow[];
  totals: { debit: number; credit: number };
  balanced: boolean;
}

/**
 * The ledger's trial balance at the end of `asOf`: every account's debits and credits booked on
 * business dates up to it, and its balance (positive on the debit side). A date after today is
 * refused: the books of a day that has not begun do not exist yet.
 */
export async function trialBalance(db: Db, asOf: IsoDate, today: IsoDate): Promise<TrialBalance> {
  assertBusinessDate(asOf, today, { field: 'date' });
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
  const totals = {
    debit: rows.reduce((s, r) => s + Math.max(0, r.balance), 0),
    credit: rows.reduce((s, r) => s + Math.max(0, -r.balance), 0),
  };
  return { asOf, rows, totals, balanced: totals.debit === totals.credit };
}
