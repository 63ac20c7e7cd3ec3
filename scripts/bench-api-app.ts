/**
 * The app `npm run bench:api` loads, shared by its server (scripts/bench-api-server.ts) and the test
 * that holds each route to the statements the bench recorded (scripts/bench-api-queries.test.ts):
 * the whole app in production mode on a migrated database with the demo data, plus the BENCH-ONLY
 * calls of scripts/bench-api-routes.ts, which the app itself never registers.
 */
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/server/app';
import { type Config, loadConfig } from '../src/server/config';
import type { Database } from '../src/server/db/client';
import { borrowers } from '../src/server/db/schema';
import { DEMO_ORDER_ID, DEMO_PHONE, seedDemo } from '../src/server/db/seed/demo';
import { createSession } from '../src/server/features/auth/session-service';
import { AppError } from '../src/server/http/app-error';
import { registerCall } from '../src/server/http/register-call';
import { Code } from '../src/shared/codes';
import { type BenchDemo, benchNoop, benchOneRow, benchQueries } from './bench-api-routes';

// Production refuses to start without an SMS gateway; the bench sends no SMS, so a dead address does.
export const benchConfig = (): Config =>
  loadConfig({
    SMS_PROVIDER: 'semaphore',
    SEMAPHORE_API_KEY: 'bench-key-not-a-secret',
    SEMAPHORE_SENDER_NAME: 'HIRAM',
    SEMAPHORE_BASE_URL: 'https://127.0.0.1:9/api/v4',
    // Nor without a payment provider; the bench makes no payment.
    XENDIT_SECRET_KEY: 'bench-key-not-a-secret',
    XENDIT_CALLBACK_TOKEN: 'bench-token-not-a-secret',
    XENDIT_BASE_URL: 'https://127.0.0.1:9',
    PUBLIC_URL: 'https://hiram.test',
    // Its checkout pages' host, which the redirect allowlist must then allow (production checks both).
    XENDIT_CHECKOUT_HOSTS: 'checkout.xendit.test',
    ALLOWED_REDIRECT_HOSTS: 'play.google.com,apps.apple.com,checkout.xendit.test',
    // The lender's own identity (production refuses the demo's); the bench prints no page.
    LENDER_NAME: 'Bench Lending Corp.',
    LENDER_SEC_REG_NO: 'CS209900002',
    LENDER_CA_NO: 'CA No. 9998',
    LENDER_ADDRESS: '2 Bench St., Makati City',
    LENDER_EMAIL: 'help@bench.test',
    LENDER_PHONE: '+63 2 8000 0001',
    LENDER_MESSAGING: '+63 917 000 0001',
    // And the key that seals staff authenticator secrets (32 bytes, base64; not a secret here).
    STAFF_FACTOR_KEY: 'dGVzdC1zdGFmZi1mYWN0b3Ita2V5LTMyLWJ5dGVzISE=',
    ...process.env,
    NODE_ENV: 'production',
    LOG_LEVEL: 'error',
    COB_SCHEDULE: 'off',
  });
export interface BenchApp {
  app: FastifyInstance;
  demo: BenchDemo;
  /** One borrower session per connection. */
  tokens: string[];
}

/** Migrates and seeds `database`, builds the app on it with the bench-only calls; `queries` counts statements sent. */
export async function benchApp(database: Database, sessions: number, queries: () => number): Promise<BenchApp> {
  const config = benchConfig();
  await database.migrate();
  await seedDemo(database.db);
  const app = await buildApp(config, { db: database.db, serveWeb: false });
  // BENCH ONLY (see scripts/bench-api-routes.ts).
  registerCall(app, benchNoop, async () => ({}));
  registerCall(app, benchOneRow, async ({ id }) => {
    const [row] = await database.db
      .select({ id: borrowers.id, phone: borrowers.phone })
      .from(borrowers)
      .where(eq(borrowers.id, id));
    if (!row) throw new AppError(Code.NOT_FOUND, 'No such borrower');
    return row;
  });
  registerCall(app, benchQueries, async () => ({ queries: queries() }));

  const demo = await database.db.query.borrowers.findFirst({ where: eq(borrowers.phone, DEMO_PHONE) });
  if (!demo) throw new Error('demo borrower missing');
  const tokens: string[] = [];
  for (let i = 0; i < sessions; i++) {
    tokens.push(
      await createSession(database.db, demo.id, {
        idleMinutes: config.SESSION_IDLE_MINUTES,
        absoluteDays: config.SESSION_ABSOLUTE_DAYS,
      }),
    );
  }
  return { app, demo: { borrowerId: demo.id, orderId: DEMO_ORDER_ID }, tokens };
}
