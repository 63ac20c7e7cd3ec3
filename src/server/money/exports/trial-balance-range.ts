import { sql } from 'drizzle-orm';
import { ACCOUNT_KINDS, type AccountKind } from '../../../shared/contracts/books';
import { type Db, rowsOf } from '../../db/client';
import { accountOf } from '../ledger/chart-of-accounts';
import type { ExportRange } from './export-rows';

export interface TrialBalanceRangeRow {
  account: string;
  label: string;
  kind: AccountKind;
  /** Centavos, positive on the debit side: the balance at the end of the day before `from`. */
  opening: number;
  /** Debits and credits booked on business dates in the range. */
  debit: number;
  credit: number;
  /** The balance at the end of `to`: opening + debit − credit (the trial balance of `to`). */
  closing: number;
}

/**
 * The trial balance over a range, one row per account (read only): the opening balance, the
 * period's debits and credits, and the closing balance, so each row ties to the journal lines of
 * the same range and the closing column to the trial balance of `to`.
 */
export async function trialBalanceOver(db: Db, range: ExportRange): Promise<TrialBalanceRangeRow[]> {
  const sums = rowsOf<{ account: string; opening: string; debit: string; credit: string }>(
    await db.execute(sql`
      select account,
        coalesce(sum(debit - credit) filter (where business_date < ${range.from}::date), 0)::text as opening,
        coalesce(sum(debit) filter (where business_date >= ${range.from}::date), 0)::text as debit,
        coalesce(sum(credit) filter (where business_date >= ${range.from}::date), 0)::text as credit
      from ledger_entries where business_date <= ${range.to}::date
      group by account`),
  );
  const rows = sums.map((s) => {
    const opening = Number(s.opening);
    const debit = Number(s.debit);
    const credit = Number(s.credit);
    const closing = opening + debit - credit;
    return { account: s.account, ...accountOf(s.account, closing), opening, debit, credit, closing };
  });
  rows.sort((a, b) => ACCOUNT_KINDS.indexOf(a.kind) - ACCOUNT_KINDS.indexOf(b.kind) || a.label.localeCompare(b.label));
  return rows;
}
