import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { Code } from '../../shared/codes';
import { buildApp } from '../app';
import { type Database, openDatabase } from '../db/client';
import { loanOrders, payments } from '../db/schema';
import { createStaff } from '../features/back-office/staff/staff-service';
import { seedProducts } from '../db/seed/seed-products';
import { runCloseOfBusiness, ledgerProblems } from '../money';
import { signInStaff } from '../test/staff-support';
import { orderFor, type TestOrder } from '../test/orders';
import { testConfig } from '../test/test-app';
import { createTestDatabase, type TestDatabase } from '../test/test-db';
import { loginAs } from './sessions';

/**
 * Scale-out: two server instances on their own ports and connection pools, one
 * PostgreSQL database. Whatever a borrower or operator does through either must come out as if
 * there were one: sessions, limits, exactly-once postings, close of business. PGlite is one
 * process by nature, so this runs in the PostgreSQL pass of CI (`.ci/run`).
 */
const onPostgres = Boolean(inject('pgAdminUrl'));
const OPERATOR_TOKEN = 'scale-out-operator-token-0123456789';

describe.skipIf(!onPostgres)('Two instances behave as one (PostgreSQL)', () => {
  let database: TestDatabase;
  let second: Database;
  let one: FastifyInstance;
  let two: FastifyInstance;
  let due: TestOrder;
  beforeAll(async () => {
    database = await createTestDatabase();
    await seedProducts(database.db);
    // A due loan, and a running one for close of business to move along.
    due = await orderFor(database.db, 'disbursed', { daysAgo: 89 });
    await orderFor(database.db, 'disbursed', { daysAgo: 30 });
    // Two instances: each its own pool to the same database, as two machines would have.
    second = createTestDatabaseTwin(database);
    const config = testConfig({ OPERATOR_TOKEN });
    one = await buildApp(config, { db: database.db, serveWeb: false });
    two = await buildApp(config, { db: second.db, serveWeb: false });
    await one.listen({ port: 0, host: '127.0.0.1' });
    await two.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await one?.close();
    await two?.close();
    await second?.close();
    await database?.close();
  });
  const urlOf = (app: FastifyInstance) => {
    const address = app.server.address();
    return `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  };
  const post = (
    app: FastifyInstance,
    path: string,
    body: Record<string, string | number>,
    headers: Record<string, string> = {},
  ) =>
    fetch(urlOf(app) + path, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(Object.entries(body).map(([k, v]) => [k, String(v)])).toString(),
    }).then((r) => r.json());

  it('a session made on one instance works on the other, and signing out on one ends it on both', async () => {
    const token = await loginAs(one, database.db, due.phone);
    const headers = { authorization: `Session ${token}` };
    const me = await fetch(`${urlOf(two)}/owner/v3/auth/me`, { headers }).then((r) => r.json());
    expect(me.code).toBe(0);
    expect((await post(two, '/owner/v3/auth/logout', {}, headers)).code).toBe(0);
    const after = await fetch(`${urlOf(one)}/owner/v3/auth/me`, { headers }).then((r) => r.json());
    expect(after.code).toBe(Code.SESSION_EXPIRED);
  });

  it('a per-address limit counts requests to both instances together', async () => {
    const message = { name: 'Ana Reyes', telephone: '0917 556 3001', email: 'ana@example.com', remark: 'Hello' };
    const codes = [];
    for (let i = 0; i < 6; i++)
      codes.push((await post(i % 2 ? two : one, '/owner/v3/public/contact-message', message)).code);
    expect(codes).toEqual([0, 0, 0, 0, 0, Code.RATE_LIMITED]);
  });

  it('the same payment reference sent to both instances at once posts once', async () => {
    // A person enters it (the operator token is never half of a four-eyes decision); another approves.
    const maker = await financeHeader(database.db, one, 'scale-out-maker@hiram.test');
    const order = await database.db.query.loanOrders.findFirst({ where: eq(loanOrders.id, due.orderId) });
    const entered = await post(
      one,
      '/owner/admin/loans/manual-payment',
      { orderNo: order?.orderNo ?? '', reference: 'OR-TWO-INSTANCES', amount: 10_000 },
      maker,
    );
    const checker = await financeHeader(database.db, one);
    const body = { requestId: entered.data.posting.id };
    const replies = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        post(i % 2 ? two : one, '/owner/admin/loans/manual-payment/approve', body, checker),
      ),
    );
    expect(new Set(replies.map((r) => r.data?.paymentId)).size).toBe(1);
    expect(await database.db.select().from(payments).where(eq(payments.reference, 'OR-TWO-INSTANCES'))).toHaveLength(1);
    expect(await ledgerProblems(database.db)).toEqual([]);
  });

  it('close of business started by both instances runs once', async () => {
    const results = await Promise.all([
      runCloseOfBusiness(database.db, '2027-01-10', { today: '2027-01-10' }),
      runCloseOfBusiness(second.db, '2027-01-10', { today: '2027-01-10' }),
    ]);
    expect(results.filter((r) => r.outcome === 'done')).toHaveLength(1);
    expect(results.map((r) => r.outcome).sort()).toEqual(expect.arrayContaining(['done']));
    expect(await ledgerProblems(database.db)).toEqual([]);
  });
});

/** A finance user signed in on an instance: the second pair of eyes a manual payment needs. */
async function financeHeader(
  db: Database['db'],
  app: FastifyInstance,
  email = 'scale-out-finance@hiram.test',
): Promise<Record<string, string>> {
  const password = 'scale-out finance password 1';
  await createStaff(db, { email, name: 'Fina Checker', roles: ['finance'], password });
  return { authorization: `Staff ${await signInStaff({ app }, email, password)}` };
}

/** A second connection pool to the same PostgreSQL database. */
function createTestDatabaseTwin(database: TestDatabase) {
  if (!database.url) throw new Error('the test database does not say its address');
  return openDatabase({ databaseUrl: database.url, poolSize: 5 });
}
