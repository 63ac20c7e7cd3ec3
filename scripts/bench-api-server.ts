/**
 * The server `npm run bench:api` loads (scripts/bench-api.ts): the whole app on the PostgreSQL
 * database in DATABASE_URL, migrated, with demo data, plus the two BENCH-ONLY calls of
 * scripts/bench-api-routes.ts, which the app itself never registers. Prints one line of JSON when
 * it listens: the port, the demo ids and one session token per connection.
 */
import { eq } from 'drizzle-orm';
import { buildApp } from '../src/server/app';
import { loadConfig } from '../src/server/config';
import { openDatabase } from '../src/server/db/client';
import { borrowers } from '../src/server/db/schema';
import { DEMO_ORDER_ID, DEMO_PHONE, seedDemo } from '../src/server/db/seed/demo';
import { createSession } from '../src/server/features/auth/session-service';
import { AppError } from '../src/server/http/app-error';
import { registerCall } from '../src/server/http/register-call';
import { benchNoop, benchOneRow } from './bench-api-routes';
import { Code } from '../src/shared/codes';

const databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl) throw new Error('bench-api-server needs DATABASE_URL');
const sessions = Number(process.env.BENCH_SESSIONS ?? 50);

// Production refuses to start without an SMS gateway; the bench sends no SMS, so a dead address does.
const config = loadConfig({
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
const database = openDatabase({ databaseUrl });
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

await app.listen({ port: Number(process.env.PORT ?? 0), host: '127.0.0.1' });
const address = app.server.address();
const port = typeof address === 'object' && address ? address.port : 0;
console.log(JSON.stringify({ ready: true, port, demo: { borrowerId: demo.id, orderId: DEMO_ORDER_ID }, tokens }));

const close = async () => {
  await app.close();
  await database.close();
  process.exit(0);
};
process.once('SIGTERM', () => void close());
process.once('SIGINT', () => void close());
