import { DEFAULT_REDIRECT_HOSTS, isAllowedRedirect } from '../shared/redirect-allowlist';
import { missingProviderSettings, paymentProviderName } from './providers/provider-settings';
import { z } from 'zod';
import { DEFAULT_LENDER_LIMITS, type LenderLimits, lenderLimitsSchema } from './domain/loan';

const bool = z
  .enum(['true', 'false', '1', '0', ''])
  .optional()
  .transform((v) => v === 'true' || v === '1');

/** A lender limit (docs/loan-engine.md "Lender limits"): a whole number within its bound, the engine's default when unset or empty. */
const limit = (key: keyof LenderLimits) =>
  z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.coerce.number().pipe(lenderLimitsSchema.shape[key]).default(DEFAULT_LENDER_LIMITS[key]),
  );

/** architecture.md: Parts: the environment, parsed once; a bad value stops the start. */
const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  PUBLIC_URL: z.string().url().optional(),
  WEB_DIST: z.string().default('./dist/web'),
  /**
   * Which proxies may set X-Forwarded-For: 'false' (default: the peer address is the client),
   * 'true' (any: only behind a load balancer that overwrites the header), or a comma list of
   * proxy addresses/CIDRs. Per-address limits depend on it (docs/deployment.md).
   */
  TRUST_PROXY: z
    .string()
    .default('false')
    .transform((v): boolean | string[] =>
      v === 'true' ? true : v === 'false' || v === '' ? false : v.split(',').map((s) => s.trim()),
    ),
  /** Hosts that server-given addresses (playeduL, payUrl, product links) may lead to, comma separated. */
  ALLOWED_REDIRECT_HOSTS: z
    .string()
    .default(DEFAULT_REDIRECT_HOSTS.join(','))
    .transform((v) =>
      v
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean),
    ),
  /**
   * The sandbox payment provider's callback signing secret (architecture.md: Providers). Unset → a random one per
   * process, which is enough for one instance; several instances must share one.
   */
  PAYMENT_SANDBOX_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  /**
   * The secret the SMS gateway signs inbound messages (borrowers' replies) with. Unset → the inbound
   * SMS route refuses every message, so no reply can be taken as a borrower's consent.
   */
  SMS_INBOUND_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  /**
   * Who collects payments (docs/deployment.md "Payments"): 'sandbox' (a built-in test checkout;
   * development and tests only), 'xendit', or 'none' (no online payments; outside production
   * only). Unset → sandbox outside production, xendit in production. XENDIT_SECRET_KEY is the
   * secret API key; XENDIT_CALLBACK_TOKEN the callback verification token Xendit sends in
   * x-callback-token; XENDIT_BASE_URL only for tests against a local fake.
   */
  PAYMENT_PROVIDER: z.enum(['sandbox', 'xendit', 'none']).optional(),
  XENDIT_SECRET_KEY: z
    .string()
    .min(1)
    .optional()
    .or(z.literal('').transform(() => undefined)),
  XENDIT_CALLBACK_TOKEN: z
    .string()
    .min(1)
    .optional()
    .or(z.literal('').transform(() => undefined)),
  XENDIT_BASE_URL: z.string().url().optional(),
  /**
   * Which Xendit APIs collections and payouts speak (docs/deployment.md "Payments"): 'v3'
   * (Payments API v3 and Payouts v3, the default for new deployments) or 'v2' (Payment Requests v2
   * and Payouts v2, for accounts set up on them). The dashboard's webhook topics must match.
   */
  XENDIT_API: z.enum(['v2', 'v3']).default('v3'),
  /**
   * The callback token before a rotation: believed alongside XENDIT_CALLBACK_TOKEN until it is
   * unset, so callbacks between generating a new token in the dashboard and the restart still count.
   */
  XENDIT_CALLBACK_TOKEN_PREVIOUS: z
    .string()
    .min(1)
    .optional()
    .or(z.literal('').transform(() => undefined)),
  /**
   * The hosts of the e-wallet checkout pages Xendit sends borrowers to (GCash's, Maya's), comma
   * separated. Each must also be in ALLOWED_REDIRECT_HOSTS, or every e-wallet payment fails after
   * Xendit has created it. Unset → the mock connector for a test-mode key; required with a live key
   * in production.
   */
  XENDIT_CHECKOUT_HOSTS: z
    .string()
    .optional()
    .transform((v) =>
      v === undefined
        ? undefined
        : v
            .split(',')
            .map((s) => s.trim())
            .filter(Boolean),
    ),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SESSION_IDLE_MINUTES: z.coerce
    .number()
    .int()
    .positive()
    .default(60 * 24 * 7),
  SESSION_ABSOLUTE_DAYS: z.coerce.number().int().positive().default(30),
  /**
   * Outside services other than payments (docs/deployment.md "Providers"). SMS_PROVIDER: 'outbox'
   * (stores messages for developers; refused in production) or 'semaphore'; unset → outbox outside
   * production, semaphore in production. UPLOAD_STORE: 'database' (every instance reads the same
   * files), 's3' (a bucket) or 'disk' (DATA_DIR/uploads; the embedded default only); unset →
   * database when DATABASE_URL is set, disk otherwise.
   */
  SMS_PROVIDER: z.enum(['outbox', 'semaphore']).optional(),
  SEMAPHORE_API_KEY: z
    .string()
    .min(1)
    .optional()
    .or(z.literal('').transform(() => undefined)),
  /** The approved sender name (at most 11 letters and digits, Semaphore's rule). */
  SEMAPHORE_SENDER_NAME: z
    .string()
    .regex(/^[A-Za-z0-9 ]{1,11}$/, 'must be 1 to 11 letters, digits or spaces (an approved Semaphore sender name)')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  /** Only for tests against a local fake; the real one is https://api.semaphore.co/api/v4. */
  SEMAPHORE_BASE_URL: z.string().url().default('https://api.semaphore.co/api/v4'),
  UPLOAD_STORE: z.enum(['database', 'disk', 's3']).optional(),
  /** UPLOAD_STORE=s3: an S3-compatible bucket; S3_ENDPOINT only for a service other than AWS. */
  S3_BUCKET: z.string().min(1).optional(),
  S3_REGION: z.string().min(1).optional(),
  S3_ENDPOINT: z.string().url().optional(),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  SEED_DEMO: bool,
  APP_NAME: z.string().default('Hiram'),
  LENDER_NAME: z.string().default('Hiram Lending Corporation'),
  LENDER_SEC_REG_NO: z.string().default('CS201900001'),
  LENDER_CA_NO: z.string().default('CA No. 3001'),
  LENDER_ADDRESS: z.string().default('12F Ayala Avenue, Makati City, Metro Manila 1226, Philippines'),
  LENDER_EMAIL: z.string().email().default('support@hiram.ph'),
  LENDER_PHONE: z.string().default('+63 2 8123 4567'),
  LENDER_MESSAGING: z.string().default('+63 917 000 1234'),
  GRIEVANCE_OFFICER: z.string().default('Data Protection Officer, dpo@hiram.ph'),
  /**
   * For scripts: `Authorization: Operator <token>` reaches the automation calls only (close of
   * business, reconciliation runs, the trial balance, aggregate reports: `OPERATOR_CALLS`), audited
   * as "operator-token". Unset → only signed-in staff reach the operator API.
   */
  OPERATOR_TOKEN: z.string().min(24, 'must be at least 24 characters').optional(),
  /**
   * `Authorization: Bearer <token>` for Prometheus at /metrics (docs/operations.md). In production
   * /metrics is served only when it is set; outside production it is open unless set.
   */
  METRICS_TOKEN: z
    .string()
    .min(24, 'must be at least 24 characters')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  /**
   * Seconds between turning not-ready and draining at shutdown, so the load balancer stops
   * sending first (its probe interval times its failure threshold). Unset: 5 in production, 0 elsewhere.
   */
  READINESS_GRACE_SECONDS: z.coerce.number().int().min(0).max(120).optional(),
  /** The first admin, created on start when no staff account exists; both or neither. Never a default. */
  ADMIN_EMAIL: z.string().email().optional(),
  ADMIN_PASSWORD: z.string().min(12, 'must be at least 12 characters').optional(),
  /**
   * The key that seals each staff member's authenticator secret in the database (AES-256-GCM):
   * 32 random bytes in base64 (`openssl rand -base64 32`). Required in production; outside it a
   * fixed development key is used.
   */
  STAFF_FACTOR_KEY: z
    .string()
    .trim()
    .refine(
      (v) => /^[A-Za-z0-9+/_-]+={0,2}$/.test(v) && Buffer.from(v, 'base64').length === 32,
      'must be 32 bytes in base64 (openssl rand -base64 32)',
    )
    .optional(),
  /** A staff session ends after this long unused (and always after a day). */
  STAFF_SESSION_IDLE_MINUTES: z.coerce.number().int().positive().default(30),
  /** Collection contact attempts allowed per loan and Manila day (calls and texts together). */
  COLLECTIONS_DAILY_ATTEMPTS: z.coerce.number().int().min(1).max(20).default(3),
  /** Daily close of business at 00:05 Asia/Manila in this server; 'off' when another process runs it. */
  COB_SCHEDULE: z.enum(['on', 'off']).default('on'),
  /** Years a loan's records are kept after it ends (docs/privacy.md: anti-money-laundering and tax record keeping). */
  PRIVACY_LOAN_RECORDS_YEARS: z.coerce.number().int().min(5).max(20).default(10),
  /** Days the privacy desk has to answer a borrower's request (docs/privacy.md "Deadlines"). */
  PRIVACY_REQUEST_DAYS: z.coerce.number().int().min(1).max(30).default(15),
  /** How often (seconds) the borrower messages are sent (src/server/notifications); 0: not in this server. */
  MESSAGES_EVERY_SECONDS: z.coerce.number().int().min(0).max(3_600).optional(),
  /** A manual posting may exceed the loan's payoff by at most this many centavos (kept as the borrower's credit). */
  MANUAL_POSTING_TOLERANCE_CENTAVOS: z.coerce.number().int().min(0).max(10_000_000).default(50_000),
  /** The OpenAPI docs at /owner/docs: on outside production, off in production unless 'on'. */
  API_DOCS: z.enum(['on', 'off']).optional(),
  REAL_MARKET_FLAG: z.coerce.number().int().min(0).max(1).default(0),
  /** spec 001 §2.1: the loan-market flag; 1 shows recommended products instead of the order's buttons. */
  LOAN_MARKET_FLAG: z.coerce.number().int().min(0).max(1).default(0),
  /**
   * spec 001 §3, §4 playeduL: where an order's page sends the borrower at once (not while under
   * review); empty for none. Must lead to an allowed host (ALLOWED_REDIRECT_HOSTS).
   */
  ORDER_REDIRECT_URL: z.union([z.literal(''), z.string().url()]).default(''),
  /**
   * The lender's own limits for loans outside the small-loan circulars (more than ₱10,000 or longer
   * than four calendar months): products beyond them are refused, and each quote freezes them into
   * the loan. Basis points; unset → the engine's conservative defaults.
   */
  LENDER_MAX_DAILY_INTEREST_BPS: limit('maxDailyInterestBps'),
  LENDER_MAX_FEE_BPS: limit('maxServiceFeeBps'),
  LENDER_MAX_TOTAL_COST_BPS: limit('maxTotalCostBps'),
  LENDER_MAX_ROLLOVERS: limit('maxRollovers'),
  LENDER_MAX_DEFAULT_CHARGE_SHARE_BPS: limit('maxDefaultChargeShareBps'),
});

export type Env = z.infer<typeof envSchema>;

export interface Config extends Omit<Env, 'PAYMENT_PROVIDER' | 'MESSAGES_EVERY_SECONDS'> {
  isProduction: boolean;
  /** Seconds between message sweeps: 5 unless set, 0 (off) in tests unless set. */
  MESSAGES_EVERY_SECONDS: number;
  PAYMENT_PROVIDER: 'sandbox' | 'xendit' | 'none';
  /** Whether demo data is seeded on first start: on unless production, or SEED_DEMO says so. */
  seedDemo: boolean;
  /** The LENDER_MAX_* settings as the loan engine takes them (`parseLoanProduct`, `quoteLoan`). */
  lenderLimits: LenderLimits;
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n  - ${problems.join('\n  - ')}`);
  }
}

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`));
  }
  if ((parsed.data.ADMIN_EMAIL === undefined) !== (parsed.data.ADMIN_PASSWORD === undefined)) {
    throw new ConfigError(['ADMIN_EMAIL and ADMIN_PASSWORD: give both, or neither']);
  }
  const isProduction = parsed.data.NODE_ENV === 'production';
  const seedDemo = env.SEED_DEMO === undefined ? !isProduction : parsed.data.SEED_DEMO;
  const paymentProvider = paymentProviderName(parsed.data, isProduction);
  const problems = missingProviderSettings(parsed.data, isProduction);
  if (isProduction) {
    // The legal pages, agreements and receipts name the lender: in production never the demo's.
    const unset = LENDER_IDENTITY.filter((key) => env[key] === undefined || env[key] === '');
    if (unset.length > 0)
      problems.push(
        `${unset.join(', ')}: required in production (the lender's own, as registered with the SEC; the defaults are the demo's)`,
      );
  }
  // Production always has its public address (the payment provider sends borrowers back there,
  // the start prints it), whatever the payment settings; Xendit's check already names it if missing.
  if (isProduction && !problems.some((problem) => problem.includes('PUBLIC_URL'))) {
    if (!parsed.data.PUBLIC_URL) problems.push('PUBLIC_URL: required in production (the public https address)');
    else if (!parsed.data.PUBLIC_URL.startsWith('https://'))
      problems.push('PUBLIC_URL: must be https:// in production');
  }
  if (isProduction && !parsed.data.STAFF_FACTOR_KEY) {
    problems.push(
      'STAFF_FACTOR_KEY: required in production to seal the staff authenticator secrets (openssl rand -base64 32)',
    );
  }
  problems.push(...unreachableRedirects(parsed.data, paymentProvider, isProduction));
  if (problems.length > 0) throw new ConfigError(problems);
  return {
    ...parsed.data,
    isProduction,
    seedDemo,
    PAYMENT_PROVIDER: paymentProvider,
    MESSAGES_EVERY_SECONDS: parsed.data.MESSAGES_EVERY_SECONDS ?? (parsed.data.NODE_ENV === 'test' ? 0 : 5),
    lenderLimits: lenderLimitsOf(parsed.data),
  };
}

/** The e-wallet checkout host of Xendit's test mode (its keys start `xnd_development_`). */
export const XENDIT_TEST_CHECKOUT_HOST = 'ewallet-mock-connector.xendit.co';

/**
 * Addresses the server will hand out that its own allowlist would refuse: a start that cannot
 * work is refused, naming each, instead of answering 500 to every e-wallet payment (after the
 * provider has already created it) or sending borrowers a `playeduL` the pages refuse to follow.
 */
function unreachableRedirects(env: Env, paymentProvider: Config['PAYMENT_PROVIDER'], isProduction: boolean): string[] {
  const problems: string[] = [];
  const allowed = env.ALLOWED_REDIRECT_HOSTS;
  if (env.ORDER_REDIRECT_URL !== '' && !isAllowedRedirect(env.ORDER_REDIRECT_URL, allowed)) {
    problems.push(
      `ORDER_REDIRECT_URL: ${env.ORDER_REDIRECT_URL} is not allowed by ALLOWED_REDIRECT_HOSTS (${allowed.join(', ')}); borrowers would be sent where the pages refuse to go`,
    );
  }
  if (paymentProvider !== 'xendit' || !env.XENDIT_SECRET_KEY) return problems;
  const testMode = env.XENDIT_SECRET_KEY.startsWith('xnd_development_');
  const hosts = env.XENDIT_CHECKOUT_HOSTS ?? (testMode ? [XENDIT_TEST_CHECKOUT_HOST] : undefined);
  if (hosts === undefined) {
    if (isProduction)
      problems.push(
        'XENDIT_CHECKOUT_HOSTS: required in production with a live key (the hosts of the e-wallet checkout pages Xendit answers with, each also in ALLOWED_REDIRECT_HOSTS)',
      );
    return problems;
  }
  // Outside production a test may point Xendit at a fake without a browser ever following the address.
  if (!isProduction) return problems;
  const refused = hosts.filter((host) => !isAllowedRedirect(`https://${host}/`, allowed));
  if (refused.length > 0) {
    problems.push(
      `ALLOWED_REDIRECT_HOSTS: does not allow the payment checkout host${refused.length > 1 ? 's' : ''} ${refused.join(', ')} (XENDIT_CHECKOUT_HOSTS): every e-wallet payment would fail after Xendit created it`,
    );
  }
  return problems;
}

/** The lender's identity as the legal pages, agreements and receipts print it. */
export const LENDER_IDENTITY = [
  'LENDER_NAME',
  'LENDER_SEC_REG_NO',
  'LENDER_CA_NO',
  'LENDER_ADDRESS',
  'LENDER_EMAIL',
  'LENDER_PHONE',
  'LENDER_MESSAGING',
] as const;

/** The lender limits the LENDER_MAX_* settings give. */
export function lenderLimitsOf(env: Env): LenderLimits {
  return {
    maxDailyInterestBps: env.LENDER_MAX_DAILY_INTEREST_BPS,
    maxServiceFeeBps: env.LENDER_MAX_FEE_BPS,
    maxTotalCostBps: env.LENDER_MAX_TOTAL_COST_BPS,
    maxRollovers: env.LENDER_MAX_ROLLOVERS,
    maxDefaultChargeShareBps: env.LENDER_MAX_DEFAULT_CHARGE_SHARE_BPS,
  };
}
