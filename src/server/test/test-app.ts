import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll } from 'vitest';
import { buildApp } from '../app';
import type { Clock } from '../clock';
import type { RateClock } from '../abuse/rate-limiter';
import { type Config, loadConfig } from '../config';
import type { Database } from '../db/client';
import { borrowers, otpCodes } from '../db/schema';
import { completeApplicationFor } from '../db/seed/complete-application';
import { fixedRateClock } from './fixed-clock';
import { createTestDatabase } from './test-db';

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  config: Config;
  /** Signs in through the real login path (send code → read the outbox → login); returns the token. */
  login(phone: string): Promise<string>;
  /** `login`, then the complete application (answers, consent, payout account) submitting needs. */
  loginApplied(phone: string): Promise<string>;
}

/**
 * Production refuses to start without a real SMS gateway: tests that build a production app name
 * one at an address nothing listens on (they send no SMS).
 */
const PRODUCTION_SMS = {
  SMS_PROVIDER: 'semaphore',
  SEMAPHORE_API_KEY: 'test-key-not-a-secret',
  SEMAPHORE_SENDER_NAME: 'HIRAM',
  SEMAPHORE_BASE_URL: 'https://127.0.0.1:9/api/v4',
  // Nor without a payment provider: Xendit at an address nothing listens on (they make no payment).
  XENDIT_SECRET_KEY: 'xnd_test_key_not_a_secret',
  XENDIT_CALLBACK_TOKEN: 'test-callback-token-not-a-secret',
  XENDIT_BASE_URL: 'https://127.0.0.1:9',
  PUBLIC_URL: 'https://hiram.test',
  // Its checkout pages' host, which the redirect allowlist must then allow (production checks both).
  XENDIT_CHECKOUT_HOSTS: 'checkout.xendit.test',
  ALLOWED_REDIRECT_HOSTS: 'play.google.com,apps.apple.com,checkout.xendit.test',
  // The lender's own identity (production refuses the demo's).
  LENDER_NAME: 'Test Lending Corp.',
  LENDER_SEC_REG_NO: 'CS209900001',
  LENDER_CA_NO: 'CA No. 9999',
  LENDER_ADDRESS: '1 Test St., Makati City',
  LENDER_EMAIL: 'help@lender.test',
  LENDER_PHONE: '+63 2 8000 0000',
  LENDER_MESSAGING: '+63 917 000 0000',
  // And the key that seals staff authenticator secrets (32 bytes, base64; not a secret here).
  STAFF_FACTOR_KEY: 'dGVzdC1zdGFmZi1mYWN0b3Ita2V5LTMyLWJ5dGVzISE=',
};

export function testConfig(overrides: Record<string, string> = {}): Config {
  const sms = overrides.NODE_ENV === 'production' ? PRODUCTION_SMS : {};
  return loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', ...sms, ...overrides });
}

export interface TestAppOptions {
  /** Demo data in the database (default true); false: an empty migrated database. */
  seed?: boolean;
  env?: Record<string, string>;
  /** The rate limits' clock; default one fixed instant, so no count to a limit straddles a window edge. */
  rateClock?: RateClock;
  /** The app's clock (default the system's); a test that moves it passes one it controls. */
  clock?: Clock;
  /** How a slowed staff sign-in waits (default a timer). */
  signInWait?: (ms: number) => Promise<void>;
}

/** fastify/demo test/helper.ts: a real app on a fresh database, closed after the file. */
export async function buildTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const database = await createTestDatabase({ demo: options.seed !== false });
  const config = testConfig(options.env);
  const app = await buildApp(config, {
    db: database.db,
    serveWeb: false,
    rateClock: options.rateClock ?? fixedRateClock,
    ...(options.clock ? { clock: options.clock } : {}),
    ...(options.signInWait ? { signInWait: options.signInWait } : {}),
  });
  await app.ready();
  afterAll(async () => {
    await app.close();
    await database.close();
  });
  const testApp: TestApp = {
    app,
    database,
    config,
    async login(phone) {
      // Let the 60 s resend wait pass for this phone, as if the borrower came back later.
      await database.db
        .update(otpCodes)
        .set({ createdAt: sql`now() - interval '1 hour'` })
        .where(eq(otpCodes.phone, phone));
      const sent = await app.inject({ method: 'POST', url: '/owner/v3/auth/send-login-code', payload: { phone } });
      if (sent.json().code !== 0) throw new Error(`send-login-code failed: ${sent.body}`);
      const outbox = await app.inject({ method: 'GET', url: `/owner/dev/sms-outbox?phone=${phone}` });
      const body = outbox.json().data.messages[0]?.body as string;
      const code = /\d{6}/.exec(body)?.[0];
      const res = await app.inject({ method: 'POST', url: '/owner/v3/auth/login', payload: { phone, smsCode: code } });
      const json = res.json();
      if (json.code !== 0) throw new Error(`login failed: ${res.body}`);
      return json.data.sessionId as string;
    },
    async loginApplied(phone) {
      const token = await testApp.login(phone);
      const borrower = await database.db.query.borrowers.findFirst({ where: eq(borrowers.phone, phone) });
      if (borrower) await completeApplicationFor(database.db, borrower.id);
      return token;
    },
  };
  return testApp;
}

export const authHeader = (token: string) => ({ authorization: `Session ${token}` });
