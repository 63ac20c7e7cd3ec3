import { existsSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { type BrowserServer, chromium } from 'playwright-core';
import type { TestProject } from 'vitest/node';
import { migratedDump } from '../../scripts/pglite-snapshot';
import { ensureWebBuilt } from '../../scripts/web-build';
import { buildApp } from '../../src/server/app';
import { loadConfig } from '../../src/server/config';
import { openDatabase } from '../../src/server/db/client';
import { DEMO_PHONE, seedDemo } from '../../src/server/db/seed/demo';
import { createStaff, ensureFirstAdmin } from '../../src/server/features/back-office/staff/staff-service';
import { complaints } from '../../src/server/db/schema';
import type { Db } from '../../src/server/db/client';
import { orderFor } from '../../src/server/test/orders';
import { newBorrower } from '../../src/server/test/test-borrowers';
import { CHROMIUM_ARGS, executablePath } from './chromium';
import { loginAt } from './login';
import { E2E_ADMIN, E2E_OPERATOR_TOKEN, E2E_SECOND_ADMIN } from './operator';
import type { E2eServer, TimeOrders } from './server';
import { resetFactorStores } from './staff-factor';

/**
 * The fixture borrower's orders (server.ts: TimeOrders), made through the real services like the
 * demo's, the current (due) one last.
 */
async function makeTimeOrders(db: Db): Promise<Omit<TimeOrders, 'session'> & { borrowerId: number }> {
  const borrowerId = await newBorrower(db, 'Ana Fixture');
  const of = async (stage: 'approved' | 'disbursed' | 'settled', daysAgo = 0) =>
    orderFor(db, stage, { borrowerId, daysAgo });
  const settled = await of('settled', 200);
  const approved = await of('approved');
  const active = await of('disbursed', 30);
  const overdue = await of('disbursed', 100);
  const due = await of('disbursed', 89);
  const [problem] = await db
    .insert(complaints)
    .values({
      borrowerId,
      orderNo: due.orderNo,
      problemType: 2,
      detail: 'I paid through GCash yesterday but my loan still shows as due.',
      disposeDetail: 'We found your payment and posted it. Thank you for your patience.',
      repliedAt: new Date(),
      isNeedScore: 1,
    })
    .returning({ id: complaints.id });
  if (!problem) throw new Error('the fixture complaint was not stored');
  return {
    borrowerId,
    phone: due.phone,
    approved: approved.orderId,
    active: active.orderId,
    overdue: overdue.orderId,
    due: due.orderId,
    settled: settled.orderId,
    problemId: problem.id,
  };
}

/**
 * The whole system on an in-memory database with demo data, listening on a free port. The
 * database starts as the migrated snapshot `npm install` made (scripts/pglite-snapshot.ts).
 */
async function startServer(migrated: Blob): Promise<E2eServer & { close(): Promise<void> }> {
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'warn',
    WEB_DIST: 'dist/web',
    OPERATOR_TOKEN: E2E_OPERATOR_TOKEN,
    // The borrower messages go out within a second of their event (src/server/notifications).
    MESSAGES_EVERY_SECONDS: '1',
  });
  // A fresh database: no authenticator is enrolled yet.
  const database = openDatabase({ pglite: await PGlite.create({ loadDataDir: migrated }) });
  await database.migrate(); // nothing to do: the snapshot is of the current migrations
  await seedDemo(database.db);
  const overdue = await orderFor(database.db, 'disbursed', { daysAgo: 100, fullName: 'Rosa Overdue' });
  const { borrowerId: _, ...timeOrders } = await makeTimeOrders(database.db);
  const collectorDay = await orderFor(database.db, 'disbursed', { daysAgo: 95, fullName: 'Tala Collectorday' });
  await ensureFirstAdmin(database.db, E2E_ADMIN.email, E2E_ADMIN.password);
  await createStaff(database.db, { ...E2E_SECOND_ADMIN, name: 'Second Admin', roles: ['admin'] });
  const app = await buildApp(config, { db: database.db });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const baseUrl = `http://127.0.0.1:${port}`;
  return {
    baseUrl,
    demoSession: await loginAt(baseUrl, DEMO_PHONE),
    overdueLoan: { orderNo: overdue.orderNo },
    timeOrders: { ...timeOrders, session: await loginAt(baseUrl, timeOrders.phone) },
    collectorLoan: { orderId: collectorDay.orderId, orderNo: collectorDay.orderNo, phone: collectorDay.phone },
    async close() {
      await app.close();
      await database.close();
    },
  };
}

/**
 * Builds the pages when stale, starts one server per test worker (files in different workers never
 * see each other's data) and one Chromium that every test file connects to.
 */
export default async function setup(project: TestProject) {
  ensureWebBuilt();
  resetFactorStores();
  const workers = Math.max(1, Number(project.config.maxWorkers) || 1);
  const migrated = await migratedDump();
  const servers = await Promise.all(Array.from({ length: workers }, () => startServer(migrated)));
  let browser: BrowserServer | undefined;
  if (existsSync(executablePath)) browser = await chromium.launchServer({ executablePath, args: CHROMIUM_ARGS });
  project.provide(
    'servers',
    servers.map(({ baseUrl, demoSession, overdueLoan, timeOrders, collectorLoan }) => ({
      baseUrl,
      demoSession,
      overdueLoan,
      timeOrders,
      collectorLoan,
    })),
  );
  project.provide('browserEndpoint', browser?.wsEndpoint() ?? '');
  return async () => {
    await browser?.close();
    for (const server of servers) await server.close();
  };
}
