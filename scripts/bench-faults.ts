/**
 * Faults: mixed borrower and operator traffic against the server on PostgreSQL while
 * the PostgreSQL server is restarted midway. Loopback only, bounded in time.
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench:faults -- --seconds 60
 *   … npm run bench:faults -- --seconds 0.2 --workers 2 --no-restart --pay-requests 100   (the smallest)
 *
 * It makes a scratch database (dropped after), starts the app in this process on a free port,
 * runs `--workers` loops of requests, restarts PostgreSQL at half time with pg_ctlcluster, and
 * reports: requests by outcome (answered, clean retryable 503, anything else), how long after
 * the restart the first database-backed request succeeded again, and whether every payment
 * reference sent was posted exactly once after the client retried the ones that failed.
 *
 * Money arrives the ways production receives it: the payment provider's signed callbacks (the
 * sandbox's, for pay requests made before the run), and manual postings entered by one finance
 * user and approved by another. A reference counts as sent when its last step (the callback, or
 * the approval) was sent; after the run the client retries every step it got no answer for.
 */
import { execFile } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { parseArgs, promisify } from 'node:util';
import { sql } from 'drizzle-orm';
import { Code } from '../src/shared/codes';
import { buildApp } from '../src/server/app';
import { loadConfig } from '../src/server/config';
import { openDatabase } from '../src/server/db/client';
import { seedDemo } from '../src/server/db/seed/demo';
import { createStaff } from '../src/server/features/back-office/staff/staff-service';
import { SANDBOX_CALLBACK_PATH } from '../src/server/providers/payment/payment-setup';
import { SIGNATURE_HEADER, sign, TIMESTAMP_HEADER } from '../src/server/providers/payment/sandbox-provider';
import { ledgerProblems } from '../src/server/money';
import { signInStaff } from '../src/server/test/staff-support';
import { scratchPostgres } from './bench-support';

type Outcome = 'answered' | 'retryable' | 'failed';

/** Restarts the local PostgreSQL server without blocking this process (the server under test lives here). */
async function restartPostgres(): Promise<void> {
  const version = readdirSync('/etc/postgresql')[0];
  if (!version) throw new Error('no PostgreSQL cluster under /etc/postgresql');
  await promisify(execFile)('pg_ctlcluster', ['--skip-systemctl-redirect', version, 'main', 'restart']);
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      seconds: { type: 'string', default: '60' },
      workers: { type: 'string', default: '8' },
      'no-restart': { type: 'boolean', default: false },
      /** The payment requests made before the run for the provider's callbacks to confirm. */
      'pay-requests': { type: 'string', default: '200000' },
    },
  });
  const seconds = Number(values.seconds);
  const workers = Number(values.workers);
  const adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) throw new Error('set DATABASE_URL to a PostgreSQL server you may restart (this script restarts it)');
  const url = new URL(adminUrl);
  if (!['127.0.0.1', 'localhost', '::1'].includes(url.hostname))
    throw new Error('loopback only: DATABASE_URL must point at this machine');

  const scratch = await scratchPostgres(adminUrl, { prefix: 'hiram_faults', keep: false });
  const database = openDatabase({ databaseUrl: scratch.url, poolSize: 10 });
  await database.migrate();
  await seedDemo(database.db);
  const SANDBOX_SECRET = `bench-faults-sandbox-secret-${Date.now()}`;
  // The loans paid: every disbursed demo loan in turn (one loan taking every payment would measure
  // its rebuild growing, not the server).
  const loans = (
    (await database.db.execute(
      sql`select id, order_no from loan_orders where status in (170, 174, 180, 200) order by id`,
    )) as unknown as { rows: { id: number; order_no: string }[] }
  ).rows;
  if (loans.length === 0) throw new Error('the demo has no disbursed loan');
  // The pay requests the provider's callbacks confirm: made before the run, as borrowers would.
  const PAY_REQUESTS = Number(values['pay-requests']);
  await database.db.execute(sql`
    insert into pay_requests (provider, reference, order_id, borrower_id, channel_number, kind, amount, pay_code)
    select 'sandbox', 'FAULT-CB-' || n, o.id, o.borrower_id, 91001, 'repayment', 100, 'bench'
    from generate_series(1, ${PAY_REQUESTS}) n
    join loan_orders o on o.id = (array[${sql.raw(loans.map((l) => l.id).join(','))}])[1 + n % ${loans.length}]`);
  const app = await buildApp(
    loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: process.env.LOG_LEVEL ?? 'fatal',
      PAYMENT_SANDBOX_SECRET: SANDBOX_SECRET,
    }),
    {
      db: database.db,
      serveWeb: false,
    },
  );
  await app.listen({ port: 0, host: '127.0.0.1' });
  // Two finance members: one enters each manual payment, the other approves it (four eyes; the
  // operator token is neither hand).
  const staffAuth = async (who: string) => {
    const member = { email: `bench-faults-${who}@hiram.test`, password: `bench faults ${who} password 1` };
    await createStaff(database.db, { ...member, name: `Bench ${who}`, roles: ['finance'] });
    return `Staff ${await signInStaff({ app }, member.email, member.password)}`;
  };
  const makerAuth = await staffAuth('maker');

  const checkerAuth = await staffAuth('checker');
  const address = app.server.address();
  const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;

  const counts: Record<Outcome, number> = { answered: 0, retryable: 0, failed: 0 };
  const references = new Map<string, Outcome>();
  const failures = new Map<string, number>();
  let restartedAt = 0;
  let backAt = 0;
  let firstRefusal = 0;
  let lastRefusal = 0;
  let recoveredAt = 0;
  let sequence = 0;
  const deadline = Date.now() + seconds * 1000;

  async function requestJson(path: string, init: RequestInit): Promise<{ outcome: Outcome; body: unknown }> {
    try {
      const res = await fetch(base + path, { ...init, signal: AbortSignal.timeout(10_000) });
      const body = (await res.json()) as { code: unknown };
      if (res.status === 503 && body.code === Code.UNAVAILABLE && res.headers.get('retry-after'))
        return { outcome: 'retryable', body };
      if (res.status < 500) return { outcome: 'answered', body };
      const why = `${res.status} ${String(body.code)}`;
      failures.set(why, (failures.get(why) ?? 0) + 1);
      return { outcome: 'failed', body };
    } catch (err) {
      const why = (err as Error).name;
      failures.set(why, (failures.get(why) ?? 0) + 1);
      return { outcome: 'failed', body: null };
    }
  }
  const request = async (path: string, init: RequestInit) => (await requestJson(path, init)).outcome;

  const form = (auth: string) => ({ authorization: auth, 'content-type': 'application/x-www-form-urlencoded' });

  /** The provider's signed callback for one of the pay requests made before the run. */
  function callback(reference: string): Promise<Outcome> {
    const body = JSON.stringify({ eventId: `event-${reference}`, reference, amount: 100, status: 'paid' });
    const timestamp = String(Date.now());
    return request(SANDBOX_CALLBACK_PATH, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        [TIMESTAMP_HEADER]: timestamp,
        [SIGNATURE_HEADER]: sign(SANDBOX_SECRET, timestamp, body),
      },
      body,
    });
  }

  /** A manual payment: entered by one finance user, then approved by another. */
  const requestIds = new Map<string, number>();
  async function manual(reference: string, n: number): Promise<Outcome> {
    const orderNo = loans[n % loans.length]?.order_no ?? '';
    let id = requestIds.get(reference);
    if (id === undefined) {
      const entered = await requestJson('/owner/admin/loans/manual-payment', {
        method: 'POST',
        headers: form(makerAuth),
        body: new URLSearchParams({ orderNo, reference, amount: '100' }).toString(),
      });
      if (entered.outcome !== 'answered') return entered.outcome;
      id = (entered.body as { data?: { posting?: { id?: number } } }).data?.posting?.id;
      if (id === undefined) return 'failed';
      requestIds.set(reference, id);
    }
    return request('/owner/admin/loans/manual-payment/approve', {
      method: 'POST',
      headers: form(checkerAuth),
      body: new URLSearchParams({ requestId: String(id) }).toString(),
    });
  }

  const pay = (reference: string) =>
    reference.startsWith('FAULT-CB-') ? callback(reference) : manual(reference, Number(reference.split('-').at(-1)));
  let callbacks = 0;

  async function worker(id: number): Promise<void> {
    while (Date.now() < deadline) {
      const n = sequence++;
      let outcome: Outcome;
      if (n % 3 === 0) {
        const reference = n % 2 === 0 && callbacks < PAY_REQUESTS ? `FAULT-CB-${++callbacks}` : `FAULT-MAN-${id}-${n}`;
        outcome = await pay(reference);
        references.set(reference, outcome);
      } else if (n % 3 === 1) {
        outcome = await request('/owner/v3/public/company', { method: 'GET' });
      } else {
        outcome = await request(`/owner/api/v2/youmi/service/channel/channel-template?templateId=1`, { method: 'GET' });
      }
      counts[outcome]++;
      if (outcome !== 'answered') {
        firstRefusal ||= Date.now();
        lastRefusal = Date.now();
      }
      if (backAt && !recoveredAt && outcome === 'answered' && n % 3 !== 1) recoveredAt = Date.now();
    }
  }

  const restart = values['no-restart']
    ? Promise.resolve()
    : new Promise<void>((resolve, reject) =>
        setTimeout(
          () => {
            restartedAt = Date.now();
            console.log(
              `restarting PostgreSQL at ${((restartedAt - (deadline - seconds * 1000)) / 1000).toFixed(1)} s`,
            );
            restartPostgres().then(() => {
              backAt = Date.now();
              console.log(`PostgreSQL back after ${((backAt - restartedAt) / 1000).toFixed(1)} s`);
              resolve();
            }, reject);
          },
          (seconds * 1000) / 2,
        ),
      );
  await Promise.all([...Array.from({ length: workers }, (_, i) => worker(i)), restart]);

  // The client retries every payment whose answer it did not get, as a real client would.
  const unanswered = [...references].filter(([, o]) => o !== 'answered').map(([r]) => r);
  for (const reference of unanswered) {
    for (let attempt = 0; attempt < 20 && (await pay(reference)) !== 'answered'; attempt++)
      await new Promise((r) => setTimeout(r, 250));
  }
  const posted = (await database.db.execute(
    sql`select reference, count(*)::int as n from payments where reference like 'FAULT-%' group by reference`,
  )) as unknown as {
    rows: { reference: string; n: number }[];
  };
  const byReference = new Map(posted.rows.map((r) => [r.reference, r.n]));
  const lost = [...references.keys()].filter((r) => !byReference.has(r));
  const doubled = posted.rows.filter((r) => r.n > 1);
  // The books after the storm: every invariant of docs/money.md holds.
  const problems = await ledgerProblems(database.db);

  await app.close();
  await database.close();
  await scratch.drop();

  const total = counts.answered + counts.retryable + counts.failed;
  const report = {
    seconds,
    workers,
    requests: total,
    ...counts,
    /** From PostgreSQL accepting connections again to the first database-backed answer. */
    recoverySeconds: backAt ? Number(((recoveredAt - backAt) / 1000).toFixed(2)) : null,
    /** How long clients saw refusals: the first to the last request not answered. */
    outageSeconds: firstRefusal ? Number(((lastRefusal - firstRefusal) / 1000).toFixed(2)) : 0,
    failures: Object.fromEntries(failures),
    paymentsSent: references.size,
    byCallback: [...references.keys()].filter((r) => r.startsWith('FAULT-CB-')).length,
    byManualPosting: [...references.keys()].filter((r) => r.startsWith('FAULT-MAN-')).length,
    retriedAfterward: unanswered.length,
    lost: lost.length,
    doubled: doubled.length,
    ledgerProblems: problems.length,
  };
  console.log(JSON.stringify(report));
  if (problems.length > 0) console.error(problems.slice(0, 20).join('\n'));
  if (
    report.lost > 0 ||
    report.doubled > 0 ||
    report.ledgerProblems > 0 ||
    counts.failed > 0 ||
    (report.recoverySeconds ?? 0) > 5
  )
    process.exitCode = 1;
}

await main();
