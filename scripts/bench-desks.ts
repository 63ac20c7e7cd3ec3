/**
 * Times the back office's desk lists at a lender's scale (docs/performance.md "Desk lists"):
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench:desks
 *   npm run bench:desks -- --borrowers 20000 --applications 2000 --runs 10   (no DATABASE_URL: PGlite)
 *
 * With DATABASE_URL it creates a scratch database next to the one named (dropped after unless
 * --keep) and migrates it. It seeds, set-based: N borrowers, each with the application answers
 * (an ID number; one in 500 shares it with another borrower) and an e-wallet payout account;
 * M open applications (in review, 21) spread over a month; as many running loans, each with two
 * payments; then the duplicate-signal flags in bulk (the savers keep them in the app). Then it asks each desk's first page, and searches, `--runs` times each, and reports the
 * median and the 95th percentile. The code timed is the desk's own (what the routes call).
 */
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { manilaToday } from '../src/shared/format/date';
import type { Database } from '../src/server/db/client';
import { products } from '../src/server/db/schema';
import { demoProducts } from '../src/server/db/seed/demo-products';
import { searchBorrowerPage } from '../src/server/features/back-office/borrowers/borrower-search';
import { checkerInbox } from '../src/server/features/back-office/checker/inbox';
import { applicationsQueue } from '../src/server/features/back-office/credit/credit-review';
import { refreshAllSignalFlags } from '../src/server/duplicate-signals/flags';
import { listPayments } from '../src/server/features/back-office/finance/finance-lists';
import { scratchDatabase } from './bench-support';

const { values: args } = parseArgs({
  options: {
    borrowers: { type: 'string', default: '100000' },
    applications: { type: 'string', default: '10000' },
    runs: { type: 'string', default: '30' },
    keep: { type: 'boolean', default: false },
  },
});
const BORROWERS = Number(args.borrowers);
const APPLICATIONS = Number(args.applications);
const RUNS = Number(args.runs);

/** Borrower n's mobile: 0917 and seven digits. */
const phoneSql = (n: string) => sql.raw(`'0917' || lpad((${n})::text, 7, '0')`);

async function seed(database: Database): Promise<void> {
  const { db } = database;
  const [product] = await db
    .insert(products)
    .values({ name: demoProducts[0]!.name, logo: demoProducts[0]!.logo, terms: { ...demoProducts[0]!.terms } })
    .returning({ id: products.id });
  const productId = product!.id;
  await db.execute(sql`
    insert into borrowers (phone, full_name, created_at)
    select ${phoneSql('n')}, 'Borrower ' || n || ' ' || (array['Santos','Reyes','Cruz','Bautista','Garcia','Mendoza'])[1 + n % 6],
      now() - (n || ' minutes')::interval
    from generate_series(1, ${BORROWERS}) n`);
  // One ID number in 500 is another borrower's too, written another way.
  await db.execute(sql`
    insert into application_answers (borrower_id, section, answers)
    select b.id, 'public', jsonb_build_object('idType', 'philsys',
      'idNumber', case when b.id % 500 = 0 then 'PSN-' || lpad(((b.id - 1) * 7919 % 1000000000)::text, 12, '0')
                       else 'PSN ' || lpad((b.id * 7919 % 1000000000)::text, 12, '0') end)
    from borrowers b`);
  await db.execute(sql`
    insert into payout_accounts (borrower_id, card_type, channel_number, account_name, account_no)
    select b.id, 1, 90006, coalesce(b.full_name, 'Borrower'), b.phone from borrowers b`);
  const orderRows = (status: number, count: number, offset: number, spreadMinutes: number) => sql`
    insert into loan_orders (order_no, borrower_id, product_id, status, amount, term_days, periods, created_at)
    select 'HRM' || lpad((${offset} + n)::text, 8, '0'), ${offset} + n, ${productId}, ${status},
      100000 + (n % 40) * 50000, 120, 4, now() - ((n * ${spreadMinutes}) || ' seconds')::interval
    from generate_series(1, ${count}) n`;
  await db.execute(orderRows(21, APPLICATIONS, 0, 259));
  const running = Math.min(APPLICATIONS, BORROWERS - APPLICATIONS);
  await db.execute(orderRows(170, running, APPLICATIONS, 600));
  await db.execute(sql`
    insert into payments (order_id, provider, reference, kind, amount, business_date, value_date, allocation, posted_by, created_at)
    select o.id, 'gcash', 'GC' || o.id || '-' || k, 'repayment', 50000, current_date, current_date, '{"principal":50000}'::jsonb,
      'bench', o.created_at + (k || ' days')::interval
    from loan_orders o cross join generate_series(1, 2) k where o.status = 170`);
  await db.execute(sql`select setval(pg_get_serial_sequence('loan_orders', 'id'), (select max(id) from loan_orders))`);
  if (database.kind === 'postgres') await db.execute(sql`analyze`);
  // Written straight to the tables: the duplicate-signal flags come from the bulk refresh, timed.
  const refreshing = Date.now();
  const flagged = await refreshAllSignalFlags(db);
  console.log(
    `signal flags refreshed in bulk: ${flagged} borrowers flagged in ${((Date.now() - refreshing) / 1000).toFixed(1)} s`,
  );
  if (database.kind === 'postgres') await db.execute(sql`analyze duplicate_signal_flags`);
}

async function timed(name: string, run: () => Promise<unknown>) {
  await run(); // the first call warms the plan cache and the pool
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const start = performance.now();
    await run();
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  const at = (q: number) => times[Math.min(times.length - 1, Math.ceil(q * times.length) - 1)] ?? 0;
  return { name, median: at(0.5), p95: at(0.95) };
}

async function main() {
  const { database, drop } = await scratchDatabase(process.env.DATABASE_URL, {
    prefix: 'hiram_desks',
    keep: args.keep,
  });
  try {
    await database.migrate();
    const seeding = Date.now();
    await seed(database);
    console.log(
      `seeded ${BORROWERS.toLocaleString('en')} borrowers, ${APPLICATIONS.toLocaleString('en')} applications in review on ${database.kind} in ${((Date.now() - seeding) / 1000).toFixed(1)} s`,
    );
    const { db } = database;
    const today = manilaToday();
    const page = { page: 1, pageSize: 20 } as const;
    const finance = { actor: 'bench@hiram.test', staffId: null, roles: ['finance', 'admin'] as const };
    const results = [
      await timed('credit queue, first page (oldest first)', () =>
        applicationsQueue(db, today, { ...page, sort: 'createdAt', order: 'asc', onlySignals: false }),
      ),
      await timed('credit queue, last page', () =>
        applicationsQueue(db, today, {
          page: Math.ceil(APPLICATIONS / 20),
          pageSize: 20,
          sort: 'createdAt',
          order: 'asc',
          onlySignals: false,
        }),
      ),
      await timed('credit queue, only those with a duplicate signal', () =>
        applicationsQueue(db, today, { ...page, sort: 'createdAt', order: 'asc', onlySignals: true }),
      ),
      await timed('credit queue, by amount', () =>
        applicationsQueue(db, today, { ...page, sort: 'amount', order: 'desc', onlySignals: false }),
      ),
      await timed('payments, first page (newest first)', () =>
        listPayments(db, { ...page, sort: 'createdAt', order: 'desc' }),
      ),
      await timed('payments of a contract (typed as 12345)', () =>
        listPayments(db, { ...page, sort: 'createdAt', order: 'desc', orderNo: String(APPLICATIONS + 5) }),
      ),
      await timed('checker inbox (finance and admin)', () =>
        checkerInbox(db, { ...finance, roles: [...finance.roles] }),
      ),
      await timed('borrower search: a surname (many matches, total counted)', () =>
        searchBorrowerPage(db, { q: 'bautista', ...page }),
      ),
      await timed('borrower search: part of a mobile', () => searchBorrowerPage(db, { q: '0917004', ...page })),
      await timed('borrower search: a contract number (84)', () => searchBorrowerPage(db, { q: '84', ...page })),
      await timed('borrower search: an ID number written another way', () =>
        searchBorrowerPage(db, { q: `psn${String((4242 * 7919) % 1_000_000_000).padStart(12, '0')}`, ...page }),
      ),
      await timed('borrower search: a payout account', () => searchBorrowerPage(db, { q: '09170042424', ...page })),
    ];
    console.log(`\n| desk list (${RUNS} runs each, after one warm-up) | median ms | p95 ms |\n| --- | ---: | ---: |`);
    for (const r of results) console.log(`| ${r.name} | ${r.median.toFixed(1)} | ${r.p95.toFixed(1)} |`);
  } finally {
    await drop();
  }
}

await main();
