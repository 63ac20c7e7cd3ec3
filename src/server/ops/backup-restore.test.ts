import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { count, eq } from 'drizzle-orm';
import pg from 'pg';
import { describe, expect, inject, it, onTestFinished } from 'vitest';
import { Code } from '../../shared/codes';
import { manilaToday } from '../../shared/format/date';
import { PAYMENT_CHANNELS } from '../../shared/payment-channels';
import { buildApp } from '../app';
import { openDatabase } from '../db/client';
import { payments } from '../db/schema';
import { seedProducts } from '../db/seed/seed-products';
import { ledgerProblems, trialBalance } from '../money';
import { SANDBOX_CALLBACK_PATH } from '../providers/payment/payment-setup';
import { signedDelivery } from '../providers/payment/sandbox-provider';
import { orderFor } from '../test/orders';
import { authHeader, buildTestApp, testConfig } from '../test/test-app';
import type { TestDatabase } from '../test/test-db';

/**
 * The restore of docs/operations.md "Backup and restore", rehearsed on PostgreSQL: a database in
 * use is dumped with pg_dump while requests keep coming, restored with pg_restore into a fresh
 * database, and the server started on the copy must be ready, balance its books, and refuse to
 * post a payment callback the original already took.
 */
const adminUrl = inject('pgAdminUrl');
const run = promisify(execFile);

/** pg_dump and pg_restore from PATH, else from the newest PostgreSQL under /usr/lib/postgresql. */
function tool(name: 'pg_dump' | 'pg_restore'): string {
  for (const dir of (process.env.PATH ?? '').split(':')) if (existsSync(join(dir, name))) return join(dir, name);
  const root = '/usr/lib/postgresql';
  const versions = existsSync(root) ? readdirSync(root).sort((a, b) => Number(b) - Number(a)) : [];
  for (const version of versions)
    if (existsSync(join(root, version, 'bin', name))) return join(root, version, 'bin', name);
  throw new Error(`${name} not found: install the PostgreSQL client (apt-get install postgresql-client)`);
}

describe.skipIf(!adminUrl)('backup and restore, rehearsed (PostgreSQL)', () => {
  it('a dump of a database in use restores into a server that balances and posts no replayed callback', async () => {
    const secret = `restore-rehearsal-${randomUUID()}`;
    const env = { PAYMENT_SANDBOX_SECRET: secret };
    const t = await buildTestApp({ seed: false, env });
    const sourceUrl = (t.database as TestDatabase).url;
    if (!sourceUrl) throw new Error('the test database has no address');
    const db = t.database.db;
    await seedProducts(db);
    const due = await orderFor(db, 'disbursed', { daysAgo: 89 });
    const borrower = authHeader(await t.login(due.phone));

    // A payment the way production receives it: a pay request, then the provider's signed callback.
    const asked = await t.app.inject({
      method: 'POST',
      url: '/owner/v3/repayment/pay-request',
      headers: { ...borrower, 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({
        orderId: String(due.orderId),
        amount: '20000',
        channelNumber: String(PAYMENT_CHANNELS[0]!.channelNumber),
        isDelay: '0',
      }).toString(),
    });
    expect(asked.json().code, asked.body).toBe(0);
    const { reference } = asked.json().data as { reference: string };
    const event = {
      eventId: randomUUID(),
      reference,
      amount: 20_000,
      status: 'paid',
      paidAt: new Date().toISOString(),
    };
    const delivery = signedDelivery(secret, event, Date.now());
    const callback = (app: typeof t.app, sent = delivery) =>
      app.inject({ method: 'POST', url: SANDBOX_CALLBACK_PATH, headers: sent.headers, payload: sent.body });
    const posted = await callback(t.app);
    expect(posted.json().code, posted.body).toBe(0);

    // Dump while borrowers keep reading: pg_dump reads one consistent snapshot.
    const folder = mkdtempSync(join(tmpdir(), 'hiram-backup-'));
    const dumpFile = join(folder, 'hiram.dump');
    const restoredName = `hiram_restore_${process.pid}_${Date.now()}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    onTestFinished(async () => {
      await admin.query(`drop database if exists ${restoredName} with (force)`);
      await admin.end();
      rmSync(folder, { recursive: true, force: true });
    });
    const traffic = Promise.all(
      Array.from({ length: 20 }, () =>
        t.app.inject({ method: 'GET', url: '/owner/v3/home/overview', headers: borrower }),
      ),
    );
    await Promise.all([run(tool('pg_dump'), ['--format=custom', `--file=${dumpFile}`, sourceUrl]), traffic]);
    for (const reply of await traffic) expect(reply.statusCode).toBe(200);

    await admin.query(`create database ${restoredName}`);
    const restoredUrl = new URL(adminUrl);
    restoredUrl.pathname = `/${restoredName}`;
    await run(tool('pg_restore'), ['--no-owner', '--exit-on-error', `--dbname=${restoredUrl}`, dumpFile]);

    // The server starts on the copy as it starts in production: migrate (nothing left to apply), build.
    const restored = openDatabase({ databaseUrl: restoredUrl.toString(), poolSize: 3 });
    onTestFinished(() => restored.close());
    await restored.migrate();
    const app = await buildApp(testConfig(env), { db: restored.db, serveWeb: false });
    await app.ready();
    onTestFinished(() => app.close());
    expect((await app.inject({ method: 'GET', url: '/readyz' })).json()).toEqual({ status: 'ready' });

    const today = manilaToday();
    const before = await trialBalance(db, today, today);
    const after = await trialBalance(restored.db, today, today);
    expect(before.rows.length).toBeGreaterThan(0);
    expect(after.balanced).toBe(true);
    expect(after.totals).toEqual(before.totals);
    expect(after.rows).toEqual(before.rows);
    expect(await ledgerProblems(restored.db)).toEqual([]);

    const postings = async () => (await restored.db.select({ n: count() }).from(payments))[0]!.n;
    const postingsBefore = await postings();
    expect(postingsBefore).toBeGreaterThan(0);
    // The same delivery again: the copy remembers the event and refuses it.
    const replay = await callback(app);
    expect(replay.json().code, replay.body).toBe(Code.CONFLICT);
    // The provider resending the payment under a new event id: the reference is already posted.
    const resent = await callback(app, signedDelivery(secret, { ...event, eventId: randomUUID() }, Date.now()));
    expect(resent.json().data?.duplicate, resent.body).toBe(true);
    expect(await postings()).toBe(postingsBefore);
    expect(await restored.db.select().from(payments).where(eq(payments.reference, reference))).toHaveLength(1);
    expect(await ledgerProblems(restored.db)).toEqual([]);
  });
});
