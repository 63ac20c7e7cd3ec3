import { and, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import { OrderStatus, RUNNING_STATUSES } from '../../../shared/order-status';
import { type Db, rowsOf } from '../../db/client';
import { cobRuns, cobSteps, loanOrders } from '../../db/schema';
import { holdCobLock, rangeConcurrency } from './cob-lock';
import { accruePenaltiesTo, addDays, type IsoDate, type LoanState } from '../../domain/loan';
import { manilaToday } from '../../../shared/format/date';
import { assertBusinessDate } from '../loans/business-date';
import { changeJournal, type Journal } from '../ledger/journal';
import { recogniseRange } from './income-recognition';
import { REPAYMENT_WINDOW_DAYS } from '../loans/order-status';
import { lastClosedDate, type Tx, writeJournals } from '../loans/order-store';
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

/**
 * Claims the business date for a run that holds the close-of-business lock (cob-lock.ts): a date
 * already closed, or before the last one closed, is left as it is. A date whose run started and
 * never finished (its process was killed) is taken up again: the steps' records (cob_steps) say
 * what it had done, and the run goes on from there.
 */
async function claim(db: Db, date: IsoDate): Promise<'claimed' | 'already-done' | 'after-a-closed-day'> {
  return db.transaction(async (tx) => {
    const [run] = await tx.select().from(cobRuns).where(eq(cobRuns.businessDate, date));
    if (run?.status === 'done') return 'already-done';
    // Closed days stay closed: nothing is booked on a date before the last one closed.
    const last = await lastClosedDate(tx);
    if (last !== null && date < last) return 'after-a-closed-day';
    await tx.insert(cobRuns).values({ businessDate: date, status: 'running' }).onConflictDoNothing();
    return 'claimed';
  });
}

/**
 * Status transitions for one id range, set-based: 170 → 174 when the window opens
 * (3 days before the due date), 170/174 → 180 the day after the due date. Writes the events in
 * the same statement. Running it again for the date finds nothing left to change.
 */
async function transitionRange(
  db: Tx,
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
 * one select, one insert of every journal line (the ledger's `writeJournals`), one update of every
 * loan state per range, in the range's transaction. A loan already accrued through the date is skipped, so a rerun changes nothing.
 */
async function accrueRange(tx: Tx, date: IsoDate, lo: number, hi: number): Promise<number> {
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
  const journals: { orderId: number; journal: Journal }[] = [];
  for (const row of rows) {
    const before = readLoanState(row.state, row.id);
    const after = accruePenaltiesTo(before, date);
    journals.push({ orderId: row.id, journal: changeJournal(before, after, date, 'close of business: penalties') });
    states.push({ id: row.id, state: storedLoanState(after) });
  }
  await writeJournals(tx, journals, { cause: `cob:${date}` });
  // The states as one JSON document: PostgreSQL reads it faster than a text array of documents.
  await tx.execute(sql`
      update loan_orders o set loan_state = u.state, updated_at = now()
      from (select (j->>'id')::bigint as id, j->'state' as state
            from jsonb_array_elements(${JSON.stringify(states)}::jsonb) j) u
      where o.id = u.id`);
  return states.length;
}

export interface CobOptions {
  /** Orders per transitions range: each range is its own statement and transaction. */
  partitionSize?: number;
  /** Orders per penalties and recognition range (at most the partition size). */
  batchSize?: number;
  /** Ranges worked at once on PostgreSQL (each on its own connection of the pool); PGlite works one. */
  concurrency?: number;
  /**
   * Called after each range is committed. What it throws stops the run there (as a kill would):
   * the ranges committed stay done and the next run goes on after them.
   */
  onProgress?: (progress: CobProgress) => void;
  /** Today in Manila (an injected clock in tests): a business date after it is refused. */
  today?: IsoDate;
}

const emptyCounts = () => ({ windowOpened: 0, becameOverdue: 0, penaltiesAccrued: 0, incomeRecognised: 0 });

/**
 * Daily close of business for a business date (architecture.md: Order states; What runs where).
 * Safe to run twice and from two instances: one holds the lock and runs it, the others return at
 * once. Days close in order and stay closed: a date at or before the last one closed changes
 * nothing and says so, and a date with unclosed days between it and the last one closed closes
 * those first, one by one. A run killed at any step is resumed by the next one: each range of
 * each step is recorded in the transaction that does it, so none is done twice.
 */
export async function runCloseOfBusiness(db: Db, date: IsoDate, options: CobOptions = {}): Promise<CobResult> {
  assertBusinessDate(date, options.today ?? manilaToday(), { field: 'date' });
  const release = await holdCobLock(db);
  if (!release)
    return {
      businessDate: date,
      outcome: 'running-elsewhere',
      ...emptyCounts(),
      lastClosed: await lastClosedDate(db),
      gapsClosed: [],
    };
  try {
    const last = await lastClosedDate(db);
    const gapsClosed: IsoDate[] = [];
    const counts = emptyCounts();
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
  } finally {
    await release();
  }
}

type Step = CobProgress['phase'];
interface Range {
  lo: number;
  hi: number;
}

/**
 * The ranges of a step over ids [lo, hi): a grid of `size` from a multiple of it, or the grid of
 * the ranges the step already recorded for the date (a rerun with other sizes keeps to it), with
 * those recorded left out.
 */
function rangesToDo(
  recorded: { lo: number; hi: number }[],
  lo: number,
  hi: number,
  size: number,
): { todo: Range[]; doneIds: number } {
  const grid = recorded[0] ? recorded[0].hi - recorded[0].lo : size;
  const done = new Set(recorded.map((r) => r.lo));
  const todo: Range[] = [];
  let doneIds = 0;
  for (let start = Math.floor(lo / grid) * grid; start < hi; start += grid) {
    const range = { lo: start, hi: start + grid };
    if (done.has(start)) doneIds += Math.min(hi, range.hi) - Math.max(lo, range.lo);
    else todo.push(range);
  }
  return { todo, doneIds };
}

/**
 * Works a step's ranges, `concurrency` at a time, each in its own transaction with the record
 * that it is done. The first failure stops the others taking new ranges; those already working
 * finish (and stay recorded), then the failure is thrown.
 */
async function eachRange(
  db: Db,
  date: IsoDate,
  step: Step,
  ranges: Range[],
  concurrency: number,
  work: (tx: Tx, range: Range) => Promise<{ changed: number; becameOverdue?: number }>,
  finished: (range: Range) => void,
): Promise<void> {
  let next = 0;
  let failure: { err: unknown } | null = null;
  const worker = async () => {
    while (failure === null && next < ranges.length) {
      const range = ranges[next++] as Range;
      try {
        await db.transaction(async (tx) => {
          const counted = await work(tx, range);
          await tx.insert(cobSteps).values({
            businessDate: date,
            step,
            rangeLo: range.lo,
            rangeHi: range.hi,
            changed: counted.changed,
            becameOverdue: counted.becameOverdue ?? 0,
          });
        });
        finished(range);
      } catch (err) {
        failure ??= { err };
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, ranges.length) }, worker));
  if (failure !== null) throw (failure as { err: unknown }).err;
}

async function closeOneDay(db: Db, date: IsoDate, options: CobOptions, gapsClosed: IsoDate[]): Promise<CobResult> {
  const claimed = await claim(db, date);
  if (claimed !== 'claimed')
    return {
      businessDate: date,
      outcome: claimed,
      ...emptyCounts(),
      lastClosed: await lastClosedDate(db),
      gapsClosed,
    };
  const size = Math.max(1, options.partitionSize ?? 50_000);
  const batch = Math.max(1, Math.min(size, options.batchSize ?? 2_000));
  const concurrency = rangeConcurrency(db, options.concurrency);
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
  // What a run of this date killed earlier had finished, step by step.
  const recorded = await db
    .select({ step: cobSteps.step, lo: cobSteps.rangeLo, hi: cobSteps.rangeHi })
    .from(cobSteps)
    .where(eq(cobSteps.businessDate, date));
  const step = async (
    phase: Step,
    rangeSize: number,
    work: (tx: Tx, range: Range) => Promise<{ changed: number; becameOverdue?: number }>,
  ) => {
    const { todo, doneIds } = rangesToDo(
      recorded.filter((r) => r.step === phase),
      lo,
      hi,
      rangeSize,
    );
    let done = doneIds;
    await eachRange(db, date, phase, todo, phase === 'transitions' ? 1 : concurrency, work, (range) => {
      done += Math.min(hi, range.hi) - Math.max(lo, range.lo);
      options.onProgress?.({ phase, done, total });
    });
  };
  await step('transitions', size, async (tx, range) => {
    const moved = await transitionRange(tx, date, range.lo, range.hi);
    return { changed: moved.opened + moved.overdue, becameOverdue: moved.overdue };
  });
  await step('penalties', batch, async (tx, range) => ({ changed: await accrueRange(tx, date, range.lo, range.hi) }));
  // Income is recognised after the penalties, so penalties billed for the date are earned with it.
  await step('recognition', batch, async (tx, range) => ({
    changed: await recogniseRange(tx, date, range.lo, range.hi),
  }));
  // The day's counts are its ranges', whichever run did them.
  const sums = await db
    .select({
      step: cobSteps.step,
      changed: sql<number>`coalesce(sum(${cobSteps.changed}), 0)::int`,
      overdue: sql<number>`coalesce(sum(${cobSteps.becameOverdue}), 0)::int`,
    })
    .from(cobSteps)
    .where(eq(cobSteps.businessDate, date))
    .groupBy(cobSteps.step);
  const of = (name: Step) => sums.find((s) => s.step === name);
  const becameOverdue = Number(of('transitions')?.overdue ?? 0);
  const windowOpened = Number(of('transitions')?.changed ?? 0) - becameOverdue;
  const penaltiesAccrued = Number(of('penalties')?.changed ?? 0);
  const incomeRecognised = Number(of('recognition')?.changed ?? 0);
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
