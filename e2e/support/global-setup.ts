import type { TestProject } from 'vitest/node';
import { ensureWebBuilt } from '../../scripts/web-build';
import { buildApp } from '../../src/server/app';
import { loadConfig } from '../../src/server/config';
import { openDatabase } from '../../src/server/db/client';
import { DEMO_PHONE, seedDemo } from '../../src/server/db/seed/demo';
import { ensureFirstAdmin } from '../../src/server/features/back-office/staff-service';
import { loginAt, type TestSession } from './login';
import { E2E_ADMIN, E2E_OPERATOR_TOKEN } from './operator';
import { resetFactorStore } from './staff-factor';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    /** The demo borrower (09170000001, orders 80–86), signed in once for every test file. */
    demoSession: TestSession;
  }
}

/** Builds the pages when stale and serves the whole system on an in-memory database with demo data. */
export default async function setup(project: TestProject) {
  ensureWebBuilt();
  // A fresh database: no authenticator is enrolled yet.
  resetFactorStore();
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'warn',
    WEB_DIST: 'dist/web',
    OPERATOR_TOKEN: E2E_OPERATOR_TOKEN,
  });
  const database = openDatabase({});
  await database.migrate();
  await seedDemo(database.db);
  await ensureFirstAdmin(database.db, E2E_ADMIN.email, E2E_ADMIN.password);
  const app = await buildApp(config, { db: database.db });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const baseUrl = `http://127.0.0.1:${port}`;
  project.provide('baseUrl', baseUrl);
  project.provide('demoSession', await loginAt(baseUrl, DEMO_PHONE));
  return async () => {
    await app.close();
    await database.close();
  };
}
