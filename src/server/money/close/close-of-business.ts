import { and, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import { OrderStatus, RUNNING_STATUSES } from '../../../shared/order-status';
import { type Db, rowsOf } from '../../db/client';
import { cobRuns, loanOrders } from '../../db/schema';
import { accruePenaltiesTo, addDays, type IsoDate, type LoanState } from '../../domain/loan';
import { manilaToday } from '../../../shared/format/date';
import { assertBusinessDate } from '../loans/business-date';
import { changeJournal, isBalanced, type JournalLine } from '../ledger/journal';
import { recogniseRange } from './income-recognition';
import { REPAYMENT_WINDOW_DAYS } from '../loans/order-status';
import { lastClosedDate } from '../loans/order-store';
import { readLoanState, storedLoanState } from '../loans/stored-state';

export interface CobProgress {
  phase: 'transitions' | 'penalties' | 'recognition';
  done: number;
  total: number;
}

export interface CobResult {
  businessDate: IsoDate;
  /**
   * 'done' when this call ran it; 'already-done' (the date is closed), 'after-a-closed-day' (a
   * later date is closed, so this one stays as it is) or 'running-elsewhere' when it did nothing.
   */
  outcome: 'done' | 'already-done' | 'after-a-closed-day' | 'running-elsewhere';
  /** The last business date closed when this call ended. */
  lastClosed: IsoDate | null;
  /** The earlier unclosed dates this call closed first, in order (empty when none). */
  gapsClosed: IsoDate[];
  windowOpened: number;
  becameOverdue: number;
  penaltiesAccrued: number;
  /** Running loans that had income to recognise for the date. */
  incomeRecognised: number;
}

/** One advisory-lock key for close of business across every instance. */
const COB_LOCK = 7_301_991;
/** A run that has not finished after this long is taken as dead and may be run again. */
const STALE_MINUTES = 30;

/**
 * Claims the business date under a PostgreSQL advisory lock: only one instance gets 'running'.
 * The lock is held just for the claim, and a second claimer waits for it (a few milliseconds)
 * rather than giving up: closing days in order claims one day after another, and two instances
 * that each gave up on meeting the other's claim would both stop with the days half closed. The
 * row's status keeps others out for the run itself.
 */
async function claim(
  db: Db,
  date: IsoDate,
): Promise<'claimed' | 'already-done' | 'after-a-closed-day' | 'running-elsewhere'> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${COB_LOCK})`);
    const [run] = await tx.select().from(cobRuns).where(eq(cobRuns.businessDate, date));
    if (run?.status === 'done') return 'already-done';
    // Closed days stay closed: nothing is booked on a date before the last one closed.
    const last = await lastClosedDate(tx);
    if (last !== null && date < last) return 'after-a-closed-day';
    if (run?.status === 'running') {
      const fresh = rowsOf<{ fresh: boolean }>(
        await tx.execute(
          sql`select ${run.startedAt.toISOString()}::timestamptz > now() - make_interval(mins => ${STALE_MINUTES}) as fresh`,
        ),
      );
      if (fresh[0]?.fresh) return 'running-elsewhere';
    }
    await tx
      .insert(cobRuns)
      .values({ businessDate: date, status: 'running' })
      .onConflictDoUpdate({ target: cobRuns.businessDate, set: { status: 'running', startedAt: sql`now()` } });
    return 'claimed';
  });
}

/**
 * Status transitions for one id range, set-based: 170 → 174 when the window opens
 * (3 days before the due date), 170/174 → 180 the day after the due date. Writes the events in
 * the same statement. Running it again for the date finds nothing left to change.
 */
async function transitionRange(
  db: Db,
  date: IsoDate,
  lo: number,
  hi: number,
): Promise<{ opened: number; overdue: number }> {
  const result = await db.execute(sql`
    with candidates as (
      select id, status as from_status,
             case when due_date < ${date}::date then ${OrderStatus.OVERDUE}::int else ${OrderStatus.DUE}::int end as to_status
      from loan_orders
      where id >= ${lo}::bigint and id < ${hi}::bigint
        and status in (${OrderStatus.REPAYING}::int, ${OrderStatus.DUE}::int)
        and due_date <= ${date}::date + ${REPAYMENT_WINDOW_DAYS}::int
      for update
    ), moved as (
      update loan_orders o set status = c.to_status, updated_at = now()
      from candidates c
      where o.id = c.id and c.to_status <> c.from_status
      returning o.id, c.from_status, c.to_status
    ), logged as (
      insert into order_events (order_id, from_status, to_status, actor, reason, business_date)
      select id, from_status, to_status, 'cob', 'close of business', ${date}::date from moved
      returning to_status
    )
    select count(*) filter (where to_status = ${OrderStatus.DUE}::int)::int as opened,
           count(*) filter (where to_status = ${OrderStatus.OVERDUE}::int)::int as overdue
    from logged`);
  const row = rowsOf<{ opened: number; overdue: number }>(result)[0];
  return { opened: Number(row?.opened ?? 0), overdue: Number(row?.overdue ?? 0) };
}

/**
 * Penalty accrual for overdue loans in one id range. The figures come from the loan engine (one
 * implementation of the money rules, computed in memory); the reads and writes are set-based:
 * one select, one insert of every journal line, one update of every loan state per range. A
 * loan already accrued through the date is skipped, so a rerun changes nothing.
 */
async function accrueRange(db: Db, date: IsoDate, lo: number, hi: number): Promise<number> {
  return db.transaction(async (tx) => {
    const rows = await tx
      .select({ id: loanOrders.id, state: loanOrders.loanState })
      .from(loanOrders)
      .where(
        and(
          eq(loanOrders.status, OrderStatus.OVERDUE),
          gte(loanOrders.id, lo),
          lt(loanOrders.id, hi),
          sql`(${loanOrders.loanState} -> 'late' ->> 'through') < ${date}`,
        ),
      )
      .for('update');
    if (rows.length === 0) return 0;
    const states: { id: number; state: LoanState }[] = [];
    const lines: (JournalLine & { journal_id: string; order_id: number })[] = [];
    for (const row of rows) {
      const before = readLoanState(row.state, row.id);
      const after = accruePenaltiesTo(before, date);
      const journal = changeJournal(before, after, date, 'close of business: penalties');
      if (!isBalanced(journal)) throw new Error(`unbalanced journal for order ${row.id}`);
      for (const line of journal.lines) lines.push({ ...line, journal_id: journal.journalId, order_id: row.id });
      states.push({ id: row.id, state: storedLoanState(after) });
    }
    if (lines.length > 0) {
      await tx.execute(sql`
        insert into ledger_entries (journal_id, order_id, business_date, value_date, cause, account, debit, credit, memo)
        select l.journal_id, l.order_id, ${date}::date, ${date}::date, ${`cob:${date}`}, l.account, l.debit, l.credit, l.memo
        from jsonb_to_recordset(${JSON.stringify(lines)}::jsonb)
          as l(journal_id text, order_id bigint, account text, debit bigint, credit bigint, memo text)`);
    }
    await tx.execute(sql`
      update loan_orders o set loan_state = u.state, updated_at = now()
      from (select (j->>'id')::bigint as id, j->'state' as state
            from jsonb_array_elements(${JSON.stringify(states)}::jsonb) j) u
      where o.id = u.id`);
    return states.length;
  });
}

export interface CobOptions {
  /** Orders per partition: each partition is its own statement and transaction. */
  partitionSize?: number;
  onProgress?: (progress: CobProgress) => void;
  /** Today in Manila (an injected clock in tests): a business date after it is refused. */
  today?: IsoDate;
}

/**
 * Daily close of business for a business date (architecture.md: Order states; What runs where).
 * Safe to run twice and from two instances. Days close in order and stay closed: a date at or
 * before the last one closed changes nothing and says so, and a date with unclosed days between
 * it and the last one closed closes those first, one by one.
 */
export async function runCloseOfBusiness(db: Db, date: IsoDate, options: CobOptions = {}): Promise<CobResult> {
  assertBusinessDate(date, options.today ?? manilaToday(), { field: 'date' });
  const last = await lastClosedDate(db);
  const gapsClosed: IsoDate[] = [];
  const counts = { windowOpened: 0, becameOverdue: 0, penaltiesAccrued: 0, incomeRecognised: 0 };
  const add = (r: CobResult) => {
    counts.windowOpened += r.windowOpened;
    counts.becameOverdue += r.becameOverdue;
    counts.penaltiesAccrued += r.penaltiesAccrued;
    counts.incomeRecognised += r.incomeRecognised;
  };
  if (last !== null) {
    for (let gap = addDays(last, 1); gap < date; gap = addDays(gap, 1)) {
      const closed = await closeOneDay(db, gap, options, []);
      if (closed.outcome !== 'done' && closed.outcome !== 'already-done') return { ...closed, ...counts, gapsClosed };
      add(closed);
      gapsClosed.push(gap);
    }
  }
  const result = await closeOneDay(db, date, options, gapsClosed);
  add(result);
  // The counts are this call's: the days between closed first, and the date asked for.
  return { ...result, ...counts };
}

async function closeOneDay(db: Db, date: IsoDate, options: CobOptions, gapsClosed: IsoDate[]): Promise<CobResult> {
  const claimed = await claim(db, date);
  if (claimed !== 'claimed')
    return {
      businessDate: date,
      outcome: claimed,
      windowOpened: 0,
      becameOverdue: 0,
      penaltiesAccrued: 0,
      incomeRecognised: 0,
      lastClosed: await lastClosedDate(db),
      gapsClosed,
    };
  const size = options.partitionSize ?? 50_000;
  const [bounds] = await db
    .select({
      lo: sql<number>`coalesce(min(${loanOrders.id}), 0)::bigint`,
      hi: sql<number>`coalesce(max(${loanOrders.id}), -1)::bigint`,
    })
    .from(loanOrders)
    .where(inArray(loanOrders.status, RUNNING_STATUSES));
  const lo = Number(bounds?.lo ?? 0);
  const hi = Number(bounds?.hi ?? -1) + 1;
  const total = Math.max(0, hi - lo);
  let windowOpened = 0;
  let becameOverdue = 0;
  let penaltiesAccrued = 0;
  for (let start = lo; start < hi; start += size) {
    const moved = await transitionRange(db, date, start, Math.min(hi, start + size));
    windowOpened += moved.opened;
    becameOverdue += moved.overdue;
    options.onProgress?.({ phase: 'transitions', done: Math.min(hi, start + size) - lo, total });
  }
  const batch = Math.min(size, 2_000);
  for (let start = lo; start < hi; start += batch) {
    penaltiesAccrued += await accrueRange(db, date, start, Math.min(hi, start + batch));
    options.onProgress?.({ phase: 'penalties', done: Math.min(hi, start + batch) - lo, total });
  }
  // Income is recognised after the penalties, so penalties billed for the date are earned with it.
  let incomeRecognised = 0;
  for (let start = lo; start < hi; start += batch) {
    incomeRecognised += await db.transaction((tx) => recogniseRange(tx, date, start, Math.min(hi, start + batch)));
    options.onProgress?.({ phase: 'recognition', done: Math.min(hi, start + batch) - lo, total });
  }
  await db
    .update(cobRuns)
    .set({ status: 'done', finishedAt: sql`now()`, windowOpened, becameOverdue, penaltiesAccrued })
    .where(eq(cobRuns.businessDate, date));
  return {
    businessDate: date,
    outcome: 'done',
    windowOpened,
    becameOverdue,
    penaltiesAccrued,
    incomeRecognised,
    lastClosed: (await lastClosedDate(db)) ?? date,
    gapsClosed,
  };
}
