import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { FindingKind, FindingRow, RunRow } from '../../../shared/contracts/reconciliation';
import type { Db } from '../../db/client';
import { loanOrders, reconciliationFindings, reconciliationRuns } from '../../db/schema';
import type { IsoDate } from '../../domain/loan';
import { ACTIONS } from './matching';

export type Finding = typeof reconciliationFindings.$inferSelect;

export function findingRowOf(f: Finding, orderNo: string | null): FindingRow {
  const kind = f.kind as FindingKind;
  return {
    id: f.id,
    businessDate: f.businessDate,
    kind,
    reference: f.reference,
    orderNo,
    providerAmount: f.providerAmount,
    ourAmount: f.ourAmount,
    providerStatus: f.providerStatus,
    detail: f.detail,
    status: f.status as FindingRow['status'],
    resolution: f.resolution,
    note: f.note,
    resolvedBy: f.resolvedBy,
    resolvedAt: f.resolvedAt?.toISOString() ?? null,
    actions: f.status === 'open' ? [...ACTIONS[kind]] : [],
  };
}

/** A business date's findings with their contract numbers: open first, then by kind and reference. */
export async function findingsOf(db: Db, providerName: string, date: IsoDate): Promise<FindingRow[]> {
  const rows = await db
    .select({ finding: reconciliationFindings, orderNo: loanOrders.orderNo })
    .from(reconciliationFindings)
    .leftJoin(loanOrders, eq(loanOrders.id, reconciliationFindings.orderId))
    .where(and(eq(reconciliationFindings.businessDate, date), eq(reconciliationFindings.provider, providerName)))
    .orderBy(
      sql`${reconciliationFindings.status} <> 'open'`,
      asc(reconciliationFindings.kind),
      asc(reconciliationFindings.reference),
    );
  return rows.map((r) => findingRowOf(r.finding, r.orderNo));
}

export async function findingById(db: Db, id: number): Promise<FindingRow | null> {
  const [row] = await db
    .select({ finding: reconciliationFindings, orderNo: loanOrders.orderNo })
    .from(reconciliationFindings)
    .leftJoin(loanOrders, eq(loanOrders.id, reconciliationFindings.orderId))
    .where(inArray(reconciliationFindings.id, [id]));
  return row ? findingRowOf(row.finding, row.orderNo) : null;
}

export async function runOf(db: Db, providerName: string, date: IsoDate): Promise<RunRow | null> {
  const [run] = await db
    .select()
    .from(reconciliationRuns)
    .where(and(eq(reconciliationRuns.businessDate, date), eq(reconciliationRuns.provider, providerName)));
  if (!run) return null;
  // Open now, not at the run: resolving a finding takes it off at once.
  const open = await db.$count(
    reconciliationFindings,
    and(
      eq(reconciliationFindings.businessDate, date),
      eq(reconciliationFindings.provider, providerName),
      eq(reconciliationFindings.status, 'open'),
    ),
  );
  return {
    businessDate: run.businessDate,
    provider: run.provider,
    transactions: run.transactions,
    matched: run.matched,
    openFindings: open,
    runs: run.runs,
    runBy: run.runBy,
    finishedAt: run.finishedAt.toISOString(),
  };
}
