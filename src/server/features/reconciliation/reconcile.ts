import { and, eq, gte, lt, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { Code } from '../../../shared/codes';
import type { Clock } from '../../clock';
import type { Db } from '../../db/client';
import { payments, payouts, payRequests, reconciliationFindings, reconciliationRuns } from '../../db/schema';
import { addDays, type IsoDate } from '../../domain/loan';
import { AppError } from '../../http/app-error';
import type { PaymentProvider } from '../../providers/payment/payment-provider';
import type { TransactionWindow } from '../../providers/payment/transactions';
import { writeAudit } from '../../audit/audit';
import { assertBusinessDate, applyPayoutEvent } from '../../money';
import { type Found, match } from './matching';

/** A Manila business date as the instants it covers (Manila has no daylight saving: always +08:00). */
export function windowOf(date: IsoDate): TransactionWindow {
  return { from: new Date(`${date}T00:00:00+08:00`), to: new Date(`${addDays(date, 1)}T00:00:00+08:00`) };
}

/**
 * How far before the day the provider's listing is read: a PESONet transfer requested after the
 * day's cut-off is credited the next banking day, so a payout that completed on the day can have
 * been created up to a weekend and a holiday earlier (Friday after the cut-off, credited Tuesday).
 */
export const PESONET_LOOKBACK_DAYS = 4;
/** How far after the day: a payment value-dated just before midnight that the provider filed just after it. */
export const AFTER_MIDNIGHT_MS = 60 * 60_000;

/** The instants of the provider's listing read for a day: the day, the PESONet lookback before it and an hour after it. */
export function listingWindowOf(date: IsoDate): TransactionWindow {
  const day = windowOf(date);
  return {
    from: new Date(`${addDays(date, -PESONET_LOOKBACK_DAYS)}T00:00:00+08:00`),
    to: new Date(day.to.getTime() + AFTER_MIDNIGHT_MS),
  };
}

export interface RunSummary {
  businessDate: IsoDate;
  transactions: number;
  matched: number;
  openFindings: number;
  /** Payout outcomes the provider reported that the run acted on (failed, reversed). */
  actedOn: number;
}

/**
 * Reconciles one business date: reads the provider's transactions of the day, matches them to
 * our postings and payouts, and stores the findings. Idempotent per date: a rerun updates the
 * open findings (never a second row for the same mismatch), leaves resolved ones as they are, and
 * clears the open ones that now match. A payout the provider reports failed (while we wait for
 * its word) or reversed (after it succeeded) is acted on as its callback would be.
 */
export async function reconcileDay(
  db: Db,
  provider: PaymentProvider,
  input: { date: string; actor: string /** False when the caller's route writes the audit entry. */; audit?: boolean },
  clock: Clock,
): Promise<RunSummary> {
  const today = clock.today();
  const date = assertBusinessDate(input.date, today, { field: 'date' });
  if (!provider.listTransactions)
    throw new AppError(
      Code.CONFLICT,
      `The payment provider (${provider.name}) lists no transactions: nothing to reconcile`,
    );
  const window = windowOf(date);
  const listing = await provider.listTransactions(listingWindowOf(date));
  // Our side of the day, each by its own rule: postings by value date (the provider's paid-at),
  // payouts by when they completed.
  const [postedOnDay, paidOutOnDay] = await Promise.all([
    db
      .select()
      .from(payments)
      .where(and(eq(payments.provider, provider.name), eq(payments.valueDate, date), eq(payments.status, 'posted'))),
    db
      .select()
      .from(payouts)
      .where(
        and(
          eq(payouts.provider, provider.name),
          eq(payouts.status, 'succeeded'),
          gte(payouts.completedAt, window.from),
          lt(payouts.completedAt, window.to),
        ),
      ),
  ]);
  // The provider files a transaction under the day it was created. Its day's transactions are
  // matched, and so is any in the wider listing that is ours of this day: a payout created at 23:50
  // that succeeded at 00:10, a PESONet transfer sent after the cut-off that completed the next
  // banking day, a payment value-dated a moment before midnight that the provider filed after it.
  const ours = new Set([
    ...postedOnDay.map((p) => `in:${p.reference}`),
    ...paidOutOnDay.map((p) => `out:${p.reference}`),
  ]);
  const transactions = listing.transactions.filter((t) => {
    const at = Date.parse(t.at);
    return (at >= window.from.getTime() && at < window.to.getTime()) || ours.has(`${t.direction}:${t.reference}`);
  });
  const { listedPayments, requests, listedPayouts } = await readListed(db, provider.name, transactions);
  const { matched, found } = match({
    transactions,
    paymentsByReference: new Map(listedPayments.map((p) => [p.reference, p])),
    postedOnDay,
    requestOrderByReference: new Map(requests.map((r) => [r.reference, r.orderId])),
    payoutsByReference: new Map(listedPayouts.map((p) => [p.reference, p])),
    paidOutOnDay,
  });
  // A row the provider listed on the day that could not be read is a finding of its own.
  for (const [index, row] of listing.unreadable.entries()) {
    const at = row.at === null ? Number.NaN : Date.parse(row.at);
    if (!Number.isNaN(at) && (at < window.from.getTime() || at >= window.to.getTime())) continue;
    found.push({
      kind: 'unreadable-row',
      reference: row.reference ?? row.id ?? `row-${index + 1}`,
      orderId: null,
      providerAmount: null,
      ourAmount: null,
      transaction: null,
      detail: `The provider listed a transaction${row.id ? ` (${row.id})` : ''} that could not be read: ${row.problem}`,
    });
  }

  let actedOn = 0;
  for (const finding of found) {
    if (!finding.act || !finding.transaction) continue;
    const { payout, status } = finding.act;
    const outcome = await applyPayoutEvent(
      db,
      provider.name,
      {
        eventId: `reconciliation:${finding.transaction.id}:${status}`,
        reference: payout.reference,
        providerId: payout.providerId ?? finding.transaction.id,
        amount: payout.amount,
        status,
        failureCode: finding.transaction.reason ?? (status === 'reversed' ? 'REVERSED' : 'UNKNOWN'),
        at: finding.transaction.at,
      },
      clock,
    ).catch((error: unknown) => {
      // A replayed event id: the work was done by an earlier run.
      if (error instanceof AppError && error.code === Code.CONFLICT) return null;
      throw error;
    });
    if (outcome && !outcome.duplicate) actedOn += 1;
  }

  const kept = await storeFindings(db, provider.name, date, found);
  const openFindings = await db.$count(
    reconciliationFindings,
    and(
      eq(reconciliationFindings.businessDate, date),
      eq(reconciliationFindings.provider, provider.name),
      eq(reconciliationFindings.status, 'open'),
    ),
  );
  await db
    .insert(reconciliationRuns)
    .values({
      businessDate: date,
      provider: provider.name,
      transactions: transactions.length,
      matched,
      openFindings,
      runBy: input.actor,
    })
    .onConflictDoUpdate({
      target: [reconciliationRuns.businessDate, reconciliationRuns.provider],
      set: {
        transactions: transactions.length,
        matched,
        openFindings,
        runBy: input.actor,
        runs: sql`${reconciliationRuns.runs} + 1`,
        finishedAt: sql`now()`,
      },
    });
  const summary = { businessDate: date, transactions: transactions.length, matched, openFindings, actedOn };
  if (input.audit !== false) {
    await writeAudit(db, {
      staffId: null,
      actor: input.actor,
      action: 'reconciliation.run',
      entity: 'reconciliation',
      entityId: date,
      before: null,
      after: { ...summary, findings: kept },
    });
  }
  return summary;
}

/**
 * Our payments, pay requests and payouts that carry the references of the listed transactions.
 * Each set of references goes as one array parameter, however many there are: a list of one
 * parameter per reference stops working above about 65,000 (PostgreSQL's limit per statement).
 */
export async function readListed(
  db: Db,
  providerName: string,
  transactions: readonly { direction: 'in' | 'out'; reference: string }[],
) {
  const inRefs = [...new Set(transactions.filter((t) => t.direction === 'in').map((t) => t.reference))];
  const outRefs = [...new Set(transactions.filter((t) => t.direction === 'out').map((t) => t.reference))];
  const [listedPayments, requests, listedPayouts] = await Promise.all([
    inRefs.length
      ? db
          .select()
          .from(payments)
          .where(and(eq(payments.provider, providerName), anyOf(payments.reference, inRefs)))
      : [],
    inRefs.length
      ? db
          .select({ reference: payRequests.reference, orderId: payRequests.orderId })
          .from(payRequests)
          .where(and(eq(payRequests.provider, providerName), anyOf(payRequests.reference, inRefs)))
      : [],
    outRefs.length
      ? db
          .select()
          .from(payouts)
          .where(and(eq(payouts.provider, providerName), anyOf(payouts.reference, outRefs)))
      : [],
  ]);
  return { listedPayments, requests, listedPayouts };
}

/** `column = any($1::text[])`: one parameter for the whole list. */
const anyOf = (column: AnyPgColumn, values: string[]) => sql`${column} = any(${sql.param(values)}::text[])`;

/**
 * Upserts the day's findings by (date, provider, kind, reference): an open one is brought up to
 * date, a resolved one is left alone; a payout the run acted on for a refund is stored resolved
 * (the credit is booked back), a disbursal stays open for finance. Open findings not found again
 * are cleared. Answers how many findings the run holds.
 */
async function storeFindings(db: Db, providerName: string, date: IsoDate, found: Found[]): Promise<number> {
  const keys: number[] = [];
  for (const f of found) {
    const refundBack = f.kind === 'payout-reversed' && f.act?.payout.kind === 'refund';
    const settled = f.kind === 'payout-not-paid' && f.act?.status === 'failed';
    const closedByRun = refundBack || settled;
    const values = {
      businessDate: date,
      provider: providerName,
      kind: f.kind,
      reference: f.reference,
      orderId: f.orderId,
      providerAmount: f.providerAmount,
      ourAmount: f.ourAmount,
      providerTransactionId: f.transaction?.id ?? null,
      providerStatus: f.transaction?.status ?? null,
      providerAt: f.transaction?.at ?? null,
      detail: f.detail,
      ...(closedByRun
        ? {
            status: 'resolved',
            resolution: 'provider',
            resolvedBy: 'reconciliation',
            resolvedAt: new Date(),
            note: refundBack
              ? 'The refund came back: the credit is the borrower’s again'
              : 'Failed at the provider: the order is back in its queue with the reason',
          }
        : {}),
    };
    const [row] = await db
      .insert(reconciliationFindings)
      .values(values)
      .onConflictDoUpdate({
        target: [
          reconciliationFindings.businessDate,
          reconciliationFindings.provider,
          reconciliationFindings.kind,
          reconciliationFindings.reference,
        ],
        set: {
          orderId: values.orderId,
          providerAmount: values.providerAmount,
          ourAmount: values.ourAmount,
          providerTransactionId: values.providerTransactionId,
          providerStatus: values.providerStatus,
          providerAt: values.providerAt,
          detail: values.detail,
          updatedAt: sql`now()`,
        },
        setWhere: eq(reconciliationFindings.status, 'open'),
      })
      .returning({ id: reconciliationFindings.id });
    const id = row?.id ?? (await findingId(db, providerName, date, f));
    if (id) keys.push(id);
  }
  await db
    .update(reconciliationFindings)
    .set({ status: 'cleared', updatedAt: sql`now()` })
    .where(
      and(
        eq(reconciliationFindings.businessDate, date),
        eq(reconciliationFindings.provider, providerName),
        eq(reconciliationFindings.status, 'open'),
        ...(keys.length ? [sql`${reconciliationFindings.id} <> all(${sql.param(keys)}::bigint[])`] : []),
      ),
    );
  return keys.length;
}

async function findingId(db: Db, providerName: string, date: IsoDate, f: Found): Promise<number | undefined> {
  const [row] = await db
    .select({ id: reconciliationFindings.id })
    .from(reconciliationFindings)
    .where(
      and(
        eq(reconciliationFindings.businessDate, date),
        eq(reconciliationFindings.provider, providerName),
        eq(reconciliationFindings.kind, f.kind),
        eq(reconciliationFindings.reference, f.reference),
      ),
    );
  return row?.id;
}
