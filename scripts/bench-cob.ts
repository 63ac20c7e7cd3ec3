/**
 * Times close of business over N active loans (docs/performance.md):
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench:cob -- --loans 1000000
 *   npm run bench:cob -- --loans 10000          (no DATABASE_URL: an in-memory PGlite)
 *
 * With DATABASE_URL it creates a scratch database next to the one named (dropped after unless
 * --keep), migrates it, and seeds N loans set-based: disbursal dates spread over the 200 days
 * before the business date, so the book holds loans repaying, in their window, just due and up
 * to 109 days overdue, each already brought through yesterday as last night's run would leave it,
 * with its past nights of income recognition in the ledger (unless --no-history).
 * It also seeds yesterday's payments and the sandbox provider's transactions for them. Then it runs
 * the night: close of business for the business date (`--concurrency` ranges at once, `--batch`
 * loans each), the reconciliation of yesterday against the sandbox, and the day's reminders, and
 * reports what each did, each step's time and the peak resident size of this process.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { manilaToday } from '../src/shared/format/date';
import { RUNNING_STATUSES } from '../src/shared/order-status';
import { type Database, rowsOf } from '../src/server/db/client';
import { borrowers, products } from '../src/server/db/schema';
import { demoProducts } from '../src/server/db/seed/demo-products';
import {
  accruePenaltiesTo,
  addDays,
  earnedIncome,
  type IsoDate,
  isIsoDate,
  type LoanState,
  openLoan,
  parseLoanProduct,
  quoteLoan,
} from '../src/server/domain/loan';
import { seedReminderRules } from '../src/server/db/seed/reminders';
import { sendDueReminders } from '../src/server/features/reminders/send-reminders';
import { runCloseOfBusiness } from '../src/server/money';
import { dueDateOf, recognitionLines, statusFor, storedAcceptedQuote } from '../src/server/money';
import { reconcileDay } from '../src/server/features/reconciliation/reconcile';
import { sandboxLedger } from '../src/server/providers/payment/transactions';
import { sandboxProvider } from '../src/server/providers/payment/sandbox-provider';
import { backendsCpu, cpuNanosOf, postgresBackends, scratchDatabase } from './bench-support';

/**
 * Disbursal dates spread over this many days before the business date: with the demo product's
 * 91-day term the book holds loans repaying, in their window, just due and up to 109 days overdue,
 * so some cross 90 days past due each night (income recognition then suspends their interest).
 */
const SPREAD_DAYS = 200;
const CHUNK = 100_000;
/** Loans whose recognition history one statement inserts (some 400 lines each, on average). */
const HISTORY_CHUNK = 2_000;

/**
 * CPU seconds each PostgreSQL backend connected to the scratch database has spent so far, read
 * from /proc (Linux, the server on this machine); null on PGlite or when it cannot be read. A
 * shared machine stretches wall times several-fold; CPU seconds move much less with the load.
 */
async function serverCpu(database: Database): Promise<Map<number, number> | null> {
  const pids = await postgresBackends(database);
  const spent = pids && backendsCpu(pids);
  return spent && new Map([...spent].map(([pid, nanos]) => [pid, nanos / 1e9]));
}
/**
 * `serverCpu` without a query, for the progress callback: every PostgreSQL backend on this
 * machine whose process title names the database, found in /proc. Empty when there are none.
 */
function serverCpuNow(databaseName: string): Map<number, number> {
  const spent = new Map<number, number>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (!readFileSync(`/proc/${entry}/cmdline`, 'utf8').includes(` ${databaseName} `)) continue;
      spent.set(Number(entry), cpuNanosOf(Number(entry)) / 1e9);
    } catch {
      // gone meanwhile, or not ours to read
    }
  }
  return spent;
}
/** What the backends spent between two readings (a backend opened in between counts from zero). */
function cpuBetween(from: Map<number, number>, to: Map<number, number>): number {
  let total = 0;
  for (const [pid, now] of to) total += now - (from.get(pid) ?? 0);
  return Number(total.toFixed(1));
}

/**
 * The recognition lines the nights from disbursal through `through` booked for a loan, as each
 * close of business left them: a journal a night of what it earned that night (the loan as it
 * stood that night, its penalties accrued to then), made by the close's own `recognitionLines`
 * from what the loan had booked before. What a real book holds for each running loan, so
 * recognition tonight finds the history it would find.
 */
function recognitionHistory(opening: LoanState, netProceeds: number, through: IsoDate) {
  const lines: { day: IsoDate; account: string; debit: number; credit: number }[] = [];
  const booked = new Map<string, number>();
  let state = opening;
  for (let day = opening.disbursalDate; day <= through; day = addDays(day, 1)) {
    state = accruePenaltiesTo(state, day);
    const earned = earnedIncome({ opening, netProceeds, state, asOf: day, writeOff: null });
    for (const { account, debit, credit } of recognitionLines(booked, earned, 'close of business')) {
      lines.push({ day, account, debit, credit });
      booked.set(account, (booked.get(account) ?? 0) + debit - credit);
    }
  }
  return lines;
}

/** One loan per disbursal offset, as last night's close of business left it. */
function templates(businessDate: IsoDate) {
  const demo = demoProducts[0]!;
  const check = parseLoanProduct(demo.terms);
  if (!check.ok) throw new Error(check.errors.join('; '));
  const yesterday = addDays(businessDate, -1);
  return Array.from({ length: SPREAD_DAYS }, (_, k) => {
    const disbursed = addDays(yesterday, -k);
    const quote = quoteLoan(check.product, 500_000, disbursed);
    const opening = openLoan(quote, 'new');
    const state = accruePenaltiesTo(opening, yesterday);
    // The accepted quote too: income recognition books what each loan earned since it opened.
    return {
      k,
      history: recognitionHistory(opening, quote.netProceeds, yesterday),
      status: statusFor(state, yesterday),
      amount: 500_000,
      disbursed,
      due: dueDateOf(state),
      state,
      quote: storedAcceptedQuote(quote),
    };
  });
}

async function seed(database: Database, loans: number, businessDate: IsoDate, withHistory: boolean): Promise<void> {
  const db = database.db;
  const demo = demoProducts[0]!;
  const [product] = await db
    .insert(products)
    .values({ name: demo.name, logo: demo.logo, terms: { ...demo.terms } })
    .returning();
  const [borrower] = await db
    .insert(borrowers)
    .values({ phone: '09179990000', fullName: 'Bench Borrower' })
    .returning();
  const loanTemplates = templates(businessDate);
  const rows = JSON.stringify(loanTemplates.map(({ history: _, ...loan }) => loan));
  for (let lo = 1; lo <= loans; lo += CHUNK) {
    const hi = Math.min(loans, lo + CHUNK - 1);
    await db.execute(sql`
      insert into loan_orders (order_no, borrower_id, product_id, status, amount, term_days, periods, disbursed_on, due_date, loan_state, quote, borrower_kind)
      select 'BENCH' || lpad(g::text, 9, '0'), ${borrower!.id}::bigint, ${product!.id}::bigint, t.status, t.amount, ${demo.terms.termDays}::int,
             ${demo.terms.periods}::int, t.disbursed, t.due, t.state, t.quote, 'new'
      from generate_series(${lo}::int, ${hi}::int) g
      join jsonb_to_recordset(${rows}::jsonb) as t(k int, status int, amount bigint, disbursed date, due date, state jsonb, quote jsonb)
        on t.k = g % ${SPREAD_DAYS}::int`);
    process.stdout.write(`\rseeded ${hi.toLocaleString('en')} / ${loans.toLocaleString('en')} loans`);
  }
  process.stdout.write('\n');
  if (!withHistory) {
    await db.execute(sql`analyze loan_orders`);
    return;
  }
  // Each loan's past nights of income recognition, as a book that has run its close of business
  // every night since the loan's disbursal holds them.
  const lines = JSON.stringify(loanTemplates.flatMap(({ k, history }) => history.map((line) => ({ k, ...line }))));
  for (let lo = 1; lo <= loans; lo += HISTORY_CHUNK) {
    const hi = Math.min(loans, lo + HISTORY_CHUNK - 1);
    await db.execute(sql`
      insert into ledger_entries (journal_id, order_id, business_date, value_date, cause, account, debit, credit, memo)
      select 'bench-' || g || '-' || t.day, g, t.day, t.day, 'recognition:' || t.day, t.account, t.debit, t.credit,
             'close of business: earned'
      from generate_series(${lo}::int, ${hi}::int) g
      join jsonb_to_recordset(${lines}::jsonb) as t(k int, day date, account text, debit bigint, credit bigint)
        on t.k = g % ${SPREAD_DAYS}::int`);
    process.stdout.write(`\rseeded the recognition history of ${hi.toLocaleString('en')} loans`);
  }
  const [count] = rowsOf<{ lines: number }>(await db.execute(sql`select count(*)::int as lines from ledger_entries`));
  process.stdout.write(`, ${(count?.lines ?? 0).toLocaleString('en')} ledger lines\n`);
  await db.execute(sql`analyze loan_orders`);
  await db.execute(sql`analyze ledger_entries`);
}

/**
 * Yesterday's payments for the reconciliation: one loan in PAID_EVERY paid ₱500 (a posted payment
 * of ours and the sandbox's matching transaction), and one of those in a hundred listed by the
 * provider for ₱1 more than we posted, so the run finds mismatches as well as matches.
 */
const PAID_EVERY = 500;
async function seedPayments(
  database: Database,
  loans: number,
  day: IsoDate,
  ledger: ReturnType<typeof sandboxLedger>,
): Promise<number> {
  const paid = Math.max(1, Math.floor(loans / PAID_EVERY));
  await database.db.execute(sql`
    insert into payments (order_id, provider, reference, kind, amount, business_date, value_date, allocation, posted_by)
    select g * ${PAID_EVERY}::int, 'sandbox', 'BENCHPAY' || lpad(g::text, 9, '0'), 'repayment', 50000, ${day}::date, ${day}::date,
           '{"principal":50000}'::jsonb, 'bench'
    from generate_series(1, ${paid}::int) g where g * ${PAID_EVERY}::int <= ${loans}::int`);
  for (let g = 1; g * PAID_EVERY <= loans; g++)
    ledger.record({
      id: `sbx-${g}`,
      reference: `BENCHPAY${String(g).padStart(9, '0')}`,
      direction: 'in',
      amount: g % 100 === 0 ? 50_001 : 50_000,
      status: 'succeeded',
      at: new Date(`${day}T10:00:00+08:00`).toISOString(),
    });
  return Math.floor(loans / PAID_EVERY);
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      loans: { type: 'string', default: '100000' },
      date: { type: 'string' },
      keep: { type: 'boolean', default: false },
      /** Loans without their past nights of recognition (the bench before it seeded them). */
      'no-history': { type: 'boolean', default: false },
      concurrency: { type: 'string', default: '3' },
      batch: { type: 'string', default: '2000' },
    },
  });
  const loans = Number(values.loans);
  const businessDate = values.date ?? manilaToday();
  if (!Number.isSafeInteger(loans) || loans < 1) throw new Error('--loans must be a positive whole number');
  if (!isIsoDate(businessDate)) throw new Error('--date must be a date like 2026-11-22');

  const concurrency = Number(values.concurrency);
  const batchSize = Number(values.batch);
  // The lock's connection, one per range worked at once, and one spare.
  const { database, drop } = await scratchDatabase(process.env.DATABASE_URL, {
    prefix: 'hiram_bench',
    keep: values.keep,
    poolSize: concurrency + 2,
  });
  try {
    await database.migrate();
    const seeding = Date.now();
    await seed(database, loans, businessDate, !values['no-history']);
    const provider = sandboxProvider('bench-secret', async () => {}, sandboxLedger());
    const yesterdayPaid = await seedPayments(database, loans, addDays(businessDate, -1), provider.ledger);
    console.log(`seeding took ${((Date.now() - seeding) / 1000).toFixed(1)} s on ${database.kind}`);

    let last = 0;
    const databaseName =
      database.kind === 'postgres'
        ? (
            (await database.db.execute(sql`select current_database() as name`)) as unknown as {
              rows: { name: string }[];
            }
          ).rows[0]?.name
        : undefined;
    const serverAtStart = await serverCpu(database);
    const serverStart = databaseName ? serverCpuNow(databaseName) : null;
    const started = Date.now();
    // Each step's time: from the previous step's last progress report (or the start) to its own last.
    const ends = new Map<string, number>();
    // And the CPU this process spent on it (the loan engine's work is here; the rest is PostgreSQL's).
    const cpuAt = new Map<string, number>();
    // And PostgreSQL's (on PostgreSQL): the backends of the scratch database, read from /proc.
    const serverAt = new Map<string, Map<number, number>>();
    const cpuNow = () => {
      const { user, system } = process.cpuUsage();
      return (user + system) / 1e6;
    };
    const cpuStart = cpuNow();
    const loadStart = loadavg()[0] ?? 0;
    const mark = (phase: string) => {
      ends.set(phase, Date.now());
      cpuAt.set(phase, cpuNow());
      if (databaseName) serverAt.set(phase, serverCpuNow(databaseName));
    };
    let peakRss = process.memoryUsage.rss();
    const result = await runCloseOfBusiness(database.db, businessDate, {
      concurrency,
      batchSize,
      onProgress: ({ phase, done, total }) => {
        peakRss = Math.max(peakRss, process.memoryUsage.rss());
        mark(phase);
        const percent = Math.floor((done / Math.max(1, total)) * 100);
        if (percent !== last) process.stdout.write(`\r${phase} ${percent}%   `);
        last = percent;
      },
    });
    const serverAfterClose = await serverCpu(database);
    // The reconciliation the scheduler runs after the close (daily.ts): the day that has just
    // ended, against the sandbox provider's listing.
    const reconciliation = await reconcileDay(
      database.db,
      provider,
      { date: addDays(businessDate, -1), actor: 'bench' },
      { now: () => new Date(`${businessDate}T00:05:00+08:00`), today: () => businessDate },
    );
    mark('reconciliation');
    const serverAfterReconciliation = await serverCpu(database);
    console.log(
      `\nreconciliation of ${addDays(businessDate, -1)}: ${reconciliation.transactions} transactions listed (${yesterdayPaid} payments seeded), ${reconciliation.matched} matched, ${reconciliation.openFindings} open findings`,
    );
    // The night's reminders after the close (the demo's schedule: 3 days before the due date, on
    // it, a day and a week after), at 09:00 Manila of the business date, to an SMS gateway that
    // only counts what it is given.
    await seedReminderRules(database.db);
    let messages = 0;
    const reminders = await sendDueReminders(
      database.db,
      {
        sendCode: async () => {},
        send: async () => {
          messages++;
        },
      },
      new Date(`${businessDate}T09:00:00+08:00`),
      { staffId: null, actor: 'bench' },
    );
    mark('reminders');
    const serverAfterReminders = await serverCpu(database);
    peakRss = Math.max(peakRss, process.memoryUsage.rss());
    const seconds = (Date.now() - started) / 1000;
    process.stdout.write('\n');
    console.log(
      `reminders: ${reminders.sent} sent (${messages} given to the gateway)${reminders.skipped ? `, ${reminders.skipped}` : ''}`,
    );
    const steps: Record<string, number> = {};
    const cpu: Record<string, number> = {};
    const server: Record<string, number> = {};
    let from = started;
    let cpuFrom = cpuStart;
    let serverFrom = serverStart;
    for (const [phase, end] of ends) {
      steps[phase] = Number(((end - from) / 1000).toFixed(1));
      from = end;
      const spent = cpuAt.get(phase) ?? cpuFrom;
      cpu[phase] = Number((spent - cpuFrom).toFixed(1));
      cpuFrom = spent;
      const serverSpent = serverAt.get(phase);
      if (serverFrom && serverSpent) {
        server[phase] = cpuBetween(serverFrom, serverSpent);
        serverFrom = serverSpent;
      }
    }
    console.log(
      `steps (s): ${JSON.stringify(steps)}; peak resident size of this process ${(peakRss / 1024 / 1024).toFixed(0)} MB`,
    );
    console.log(
      `CPU of this process by step (s): ${JSON.stringify(cpu)}; load average ${loadStart.toFixed(1)} at the start, ${(loadavg()[0] ?? 0).toFixed(1)} at the end`,
    );
    if (Object.keys(server).length > 0)
      console.log(`CPU of PostgreSQL's backends for this database by step (s): ${JSON.stringify(server)}`);
    if (serverAtStart && serverAfterClose && serverAfterReconciliation && serverAfterReminders)
      console.log(
        `CPU of PostgreSQL's backends for this database (s): ${JSON.stringify({
          'close of business': cpuBetween(serverAtStart, serverAfterClose),
          reconciliation: cpuBetween(serverAfterClose, serverAfterReconciliation),
          reminders: cpuBetween(serverAfterReconciliation, serverAfterReminders),
        })}`,
      );
    const [suspension] = (
      (await database.db.execute(sql`
        select count(*) filter (where due_date <= ${addDays(businessDate, -90)}::date)::int as suspended,
               count(*) filter (where due_date = ${addDays(businessDate, -90)}::date)::int as "suspendedTonight"
        from loan_orders where status in (${sql.join(
          RUNNING_STATUSES.map((st) => sql`${st}`),
          sql`, `,
        )})`)) as unknown as { rows: Record<string, number>[] }
    ).rows;
    console.log(`90 days past due or more (interest in suspense): ${JSON.stringify(suspension)}`);
    const byStatus = await database.db.execute(
      sql`select status, count(*)::int as n from loan_orders group by status order by status`,
    );
    console.log(JSON.stringify({ loans, database: database.kind, ...result, seconds: Number(seconds.toFixed(1)) }));
    console.log('orders by status after the run:', JSON.stringify((byStatus as unknown as { rows: unknown[] }).rows));
  } finally {
    await drop();
  }
}

await main();
