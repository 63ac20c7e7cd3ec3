import { sql } from 'drizzle-orm';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { type Db, rowsOf } from '../../db/client';
import { products } from '../../db/schema';
import { demoProducts } from '../../db/seed/demo-products';
import { addDays, type IsoDate } from '../../domain/loan';
import { buildTestApp } from '../../test/test-app';
import { newBorrower } from '../../test/test-borrowers';
import { ledgerProblems } from '../ledger/ledger-check';
import { decide, disburse, submitApplication } from '../loans/lifecycle';
import { type CobProgress, runCloseOfBusiness } from './close-of-business';
import { COB_LOCK } from './cob-lock';

// Runs on PGlite by default and on PostgreSQL when DATABASE_URL is set (.ci/run does both).
const DATE: IsoDate = '2026-09-15';
/** Product 1 is one period of 91 days: disbursed on day0, due on day0 + 91. */
const DISBURSALS = [
  addDays(DATE, -10), // repaying: recognition only
  addDays(DATE, -88), // due in 3 days: its window opens tonight
  addDays(DATE, -92), // due yesterday: overdue tonight, one day's penalty
  addDays(DATE, -100), // overdue since last week: a week of penalties
  addDays(DATE, -185), // 90 days past due and more: interest in suspense
  addDays(DATE, -89),
  addDays(DATE, -120),
];

/** A book of its own with the same loans, in the same order (so with the same ids); closed after the file. */
async function book() {
  const t = await buildTestApp({ seed: false });
  const db = t.database.db;
  await db.insert(products).values(demoProducts.map((p) => ({ ...p, terms: { ...p.terms } })));
  for (const day0 of DISBURSALS) {
    const order = await submitApplication(
      db,
      { borrowerId: await newBorrower(db), productId: 1, amount: 500_000 },
      day0,
    );
    await decide(db, order.id, { approve: true, actor: 'test' }, day0);
    await disburse(db, order.id, 'test', day0);
  }
  return t;
}

/**
 * What a night leaves: every ledger line (but its random journal id), loan, event, the run's
 * counts, and the running income totals recognition reads, beside the sums of the lines they stand for.
 */
async function booksOf(db: Db) {
  const q = async (query: ReturnType<typeof sql>) => rowsOf<Record<string, unknown>>(await db.execute(query));
  return {
    ledger: await q(sql`
      select order_id, business_date::text, value_date::text, cause, account, debit::text, credit::text, memo
      from ledger_entries order by 1, 2, 3, 4, 5, 6, 7, 8`),
    loans: await q(sql`select id, status, due_date::text, loan_state from loan_orders order by id`),
    events: await q(sql`
      select order_id, from_status, to_status, actor, business_date::text from order_events order by 1, 2, 3, 4, 5`),
    runs: await q(sql`
      select business_date::text, status, window_opened, became_overdue, penalties_accrued from cob_runs order by 1`),
    incomeTotals: await q(sql`select order_id, account, net::text from income_totals where net <> 0 order by 1, 2`),
    incomeLines: await q(sql`
      select order_id, account, sum(debit - credit)::text as net from ledger_entries
      where account in ('interest_income', 'fee_income', 'penalty_income')
      group by 1, 2 having sum(debit - credit) <> 0 order by 1, 2`),
  };
}

const SMALL = { partitionSize: 2, batchSize: 1, concurrency: 2, today: DATE };

class Killed extends Error {}

describe('Close of business resumes after a kill at any step (architecture.md: Order states)', {
  timeout: 240_000,
}, () => {
  it('killed after a range of each step, the next runs finish the night as an uninterrupted run would, doing no range twice', async () => {
    const whole = await book();
    const killed = await book();
    {
      const uninterrupted = await runCloseOfBusiness(whole.database.db, DATE, SMALL);
      expect(uninterrupted.outcome).toBe('done');
      expect(uninterrupted).toMatchObject({ windowOpened: 2, becameOverdue: 4 });
      expect(uninterrupted.penaltiesAccrued).toBeGreaterThan(0);
      expect(uninterrupted.incomeRecognised).toBe(DISBURSALS.length);

      const db = killed.database.db;
      // Every range a run finished, by step: each must come once across all the runs.
      const finished: string[] = [];
      const killAfter = (phase: CobProgress['phase'], k: number) => {
        let seen = 0;
        return (p: CobProgress) => {
          finished.push(`${p.phase}:${p.done}`);
          if (p.phase === phase && ++seen === k) throw new Killed(`killed after ${phase} range ${k}`);
        };
      };
      for (const [phase, k] of [
        ['transitions', 1],
        ['penalties', 2],
        ['recognition', 3],
      ] as const) {
        await expect(
          runCloseOfBusiness(db, DATE, { ...SMALL, concurrency: 1, onProgress: killAfter(phase, k) }),
        ).rejects.toThrow(Killed);
        // The dead run's record blocks nobody: the next starts at once.
      }
      const resumed = await runCloseOfBusiness(db, DATE, { ...SMALL, onProgress: killAfter('transitions', -1) });
      expect(resumed).toMatchObject({
        outcome: 'done',
        windowOpened: uninterrupted.windowOpened,
        becameOverdue: uninterrupted.becameOverdue,
        penaltiesAccrued: uninterrupted.penaltiesAccrued,
        incomeRecognised: uninterrupted.incomeRecognised,
      });
      const books = await booksOf(db);
      expect(books).toEqual(await booksOf(whole.database.db));
      // The killed ranges' totals went with their lines: what recognition reads is the ledger's sum.
      expect(books.incomeTotals.length).toBeGreaterThan(0);
      expect(books.incomeTotals).toEqual(books.incomeLines);
      expect(await ledgerProblems(db)).toEqual([]);

      const steps = rowsOf<{ step: string; ranges: number; distinct_ranges: number }>(
        await db.execute(sql`
          select step, count(*)::int as ranges, count(distinct range_lo)::int as distinct_ranges
          from cob_steps where business_date = ${DATE} group by step order by step`),
      );
      expect(steps.map((s) => s.step)).toEqual(['penalties', 'recognition', 'transitions']);
      for (const s of steps) expect(s.ranges).toBe(s.distinct_ranges);
      // Each range reported done once over the four runs: none was worked again after the kill.
      const byPhase = (phase: string) => finished.filter((f) => f.startsWith(`${phase}:`));
      for (const phase of ['transitions', 'penalties', 'recognition'])
        expect(byPhase(phase).length).toBe(steps.find((s) => s.step === phase)?.ranges);
      expect(new Set(finished).size).toBe(finished.length);

      expect((await runCloseOfBusiness(db, DATE, SMALL)).outcome).toBe('already-done');
    }
  });

  it('a run holding the lock keeps others out; when its connection dies the next run goes on at once', async () => {
    const t = await book();
    {
      const { db } = t.database;
      if (t.database.kind === 'pglite') {
        // One process: a second call while one runs returns at once.
        const [a, b] = await Promise.all([runCloseOfBusiness(db, DATE, SMALL), runCloseOfBusiness(db, DATE, SMALL)]);
        expect([a.outcome, b.outcome].sort()).toEqual(['done', 'running-elsewhere']);
        return;
      }
      // Another instance, as a connection of its own holding the session lock.
      const pool = (db as unknown as { $client: pg.Pool }).$client;
      const other = new pg.Client({
        connectionString: (pool as unknown as { options: { connectionString: string } }).options.connectionString,
      });
      await other.connect();
      other.on('error', () => {});
      await other.query('select pg_advisory_lock($1)', [COB_LOCK]);
      const pid = (await other.query<{ pid: number }>('select pg_backend_pid() as pid')).rows[0]?.pid;
      expect((await runCloseOfBusiness(db, DATE, SMALL)).outcome).toBe('running-elsewhere');
      // The other instance is killed: its connection goes, and the lock with it.
      await db.execute(sql`select pg_terminate_backend(${pid}::int)`);
      await other.end().catch(() => {});
      expect((await runCloseOfBusiness(db, DATE, SMALL)).outcome).toBe('done');
    }
  });
});
