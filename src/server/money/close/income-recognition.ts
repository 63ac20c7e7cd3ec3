import { and, gte, inArray, lt, sql } from 'drizzle-orm';
import { RUNNING_STATUSES } from '../../../shared/order-status';
import { rowsOf } from '../../db/client';
import { cobRuns, incomeTotals, loanOrders } from '../../db/schema';
import { daysBetween, earnedIncome, type IsoDate, type LoanQuote, type LoanState, openLoan } from '../../domain/loan';
import { type Journal, RECOGNISED, recognitionLines } from '../ledger/journal';
import { type Tx, writeJournal, writeJournals } from '../loans/order-store';
import { randomUUID } from 'node:crypto';
import { readLoanState } from '../loans/stored-state';
import { readWriteOff } from '../write-off/stored-write-off';
import { readAcceptedQuote } from '../loans/stored-quote';

const INCOME_ACCOUNTS = Object.values(RECOGNISED).map((r) => r.income);

/**
 * What the loans with ids in [lo, hi) have booked on the income accounts: debits minus credits,
 * read from `income_totals` (a row per loan and account, kept equal to the ledger by triggers on
 * ledger_entries), so the read costs the same for a loan recognised for years as for one disbursed
 * yesterday. The statement itself, so a test can look at what it reads.
 */
export function bookedIncomeQuery(lo: number, hi: number) {
  return sql`
    select ${incomeTotals.orderId} as order_id, ${incomeTotals.account} as account, ${incomeTotals.net}::text as net
    from ${incomeTotals}
    where ${incomeTotals.orderId} >= ${lo} and ${incomeTotals.orderId} < ${hi} and ${incomeTotals.account} in (${sql.join(
      INCOME_ACCOUNTS.map((a) => sql`${a}`),
      sql`, `,
    )})`;
}

/** `bookedIncomeQuery`'s answer, by loan: each income account's debits minus credits. */
async function bookedIncome(tx: Tx, lo: number, hi: number): Promise<Map<number, Map<string, number>>> {
  const rows = rowsOf<{ order_id: number | string; account: string; net: string }>(
    await tx.execute(bookedIncomeQuery(lo, hi)),
  );
  const booked = new Map<number, Map<string, number>>();
  for (const row of rows) {
    const id = Number(row.order_id);
    if (!booked.has(id)) booked.set(id, new Map());
    booked.get(id)?.set(row.account, Number(row.net));
  }
  return booked;
}

/**
 * The business date income is recognised through: the latest close of business started (one
 * that is still running will finish that date), never after `today`. Null before the first.
 */
export async function recognisedThrough(tx: Tx, today: IsoDate): Promise<IsoDate | null> {
  const [row] = await tx.select({ last: sql<string | null>`max(${cobRuns.businessDate})::text` }).from(cobRuns);
  const last = row?.last ?? null;
  if (!last) return null;
  return daysBetween(last, today) < 0 ? today : last;
}

/** The loan as it was opened: the accepted quote for this borrower. */
export function openingOf(quote: LoanQuote, borrowerKind: string): LoanState {
  return openLoan(quote, borrowerKind === 'repeat' ? 'repeat' : 'new');
}

/**
 * Books what one locked loan has earned through the last business date closed and not yet
 * recognised (a loan brought up to date between closes of business). Safe to repeat.
 */
export async function recogniseOrder(
  tx: Tx,
  order: { id: number; quote: unknown; borrowerKind: string; writeOff: unknown },
  state: LoanState,
  today: IsoDate,
): Promise<void> {
  if (!order.quote) return;
  const booked = (await bookedIncome(tx, order.id, order.id + 1)).get(order.id) ?? new Map<string, number>();
  const quote = readAcceptedQuote(order.quote, order.id);
  const earned = earnedIncome({
    opening: openingOf(quote, order.borrowerKind),
    netProceeds: quote.netProceeds,
    state,
    asOf: await recognisedThrough(tx, today),
    writeOff: readWriteOff(order.writeOff, order),
  });
  await writeJournal(
    tx,
    order.id,
    {
      journalId: randomUUID(),
      businessDate: today,
      lines: recognitionLines(booked, earned, 'recognition brought up to date'),
    },
    { cause: `recognition:${today}` },
  );
}

/**
 * Close of business, for the running loans of one id range: books what each earned by the end of
 * `date` and had not yet been recognised, as one journal per loan. Loans are locked for the
 * range's transaction, so a posting waits for it; running it again for the date books nothing.
 */
export async function recogniseRange(tx: Tx, date: IsoDate, lo: number, hi: number): Promise<number> {
  const rows = await tx
    .select({
      id: loanOrders.id,
      state: loanOrders.loanState,
      quote: loanOrders.quote,
      borrowerKind: loanOrders.borrowerKind,
      writeOff: loanOrders.writeOff,
    })
    .from(loanOrders)
    .where(and(inArray(loanOrders.status, RUNNING_STATUSES), gte(loanOrders.id, lo), lt(loanOrders.id, hi)))
    .for('update');
  if (rows.length === 0) return 0;
  const booked = await bookedIncome(tx, lo, hi);
  const journals: { orderId: number; journal: Journal }[] = [];
  for (const row of rows) {
    if (!row.state || !row.quote) continue;
    const state = readLoanState(row.state, row.id);
    const quote = readAcceptedQuote(row.quote, row.id);
    const opening = openingOf(quote, row.borrowerKind);
    const { netProceeds } = quote;
    const earned = earnedIncome({
      opening,
      netProceeds,
      state,
      asOf: date,
      writeOff: readWriteOff(row.writeOff, row.id),
    });
    const journal: Journal = {
      journalId: randomUUID(),
      businessDate: date,
      lines: recognitionLines(booked.get(row.id) ?? new Map(), earned, 'close of business'),
    };
    if (journal.lines.length === 0) continue;
    journals.push({ orderId: row.id, journal });
  }
  await writeJournals(tx, journals, { cause: `recognition:${date}` });
  const recognised = journals.length;
  return recognised;
}
