import formbody from '@fastify/formbody';
import multipart from '@fastify/multipart';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { AppContext } from './app-context';
import { type Clock, systemClock } from './clock';
import type { Config } from './config';
import type { Db } from './db/client';
import type { RateClock } from './abuse/rate-limiter';
import { authRoutes } from './features/auth/routes';
import { bankBindingRoutes } from './features/bank-binding/routes';
import { applicationRoutes } from './features/application/routes';
import { complaintsRoutes } from './features/complaints/routes';
import { otpService } from './identity/otp-service';
import { devRoutes } from './features/dev/routes';
import { homeRoutes } from './features/home/routes';
import { promotionRoutes } from './features/promotion/routes';
import { operatorLoanRoutes } from './features/loan-order/operator-routes';
import { booksRoutes } from './features/books/routes';
import { writeOffRoutes } from './features/loan-order/write-off-routes';
import { payoutRoutes } from './features/payouts/routes';
import { creditTransferRoutes } from './features/credit-transfers/routes';
import { reminderRoutes } from './features/reminders/routes';
import { reconciliationRoutes } from './features/reconciliation/routes';
import { legacyRepaymentRoutes } from './features/legacy-repayment/routes';
import { setUpPayments } from './providers/payment/payment-setup';
import { repaymentRoutes } from './features/repayment/routes';
import { loanDetailsRoutes } from './features/loan-details/routes';
import { amountExplainedRoutes } from './features/amount-explained/routes';
import { loanConfirmRoutes } from './features/loan-confirm/routes';
import { loanTermsRoutes } from './features/loan-confirm/terms-routes';
import { officialSiteRoutes } from './features/official-site/routes';
import { installTestPageGuard } from './features/official-site/test-page-guard';
import { supportRoutes } from './features/support/routes';
import { refuseControlCharacters } from './http/control-chars';
import { redactUrl } from './http/redact';
import { crossCheckFastReplies } from './http/register-call';
import { backOfficeRoutes } from './features/back-office/routes';
import { contactConsentRoutes } from './collections/consent-routes';
import { setLenderLimits } from './money';
import { jointLoginRoutes } from './features/joint-login/routes';
import { agreementRoutes } from './features/loan-confirm/agreement-routes';
import { disclosureRoutes } from './features/loan-confirm/disclosure-routes';
import { recordsRoutes } from './features/records/routes';
import { privacyRoutes } from './features/privacy/routes';
import { registerApiDocs } from './plugins/api-docs';
import { installCrossSiteGuard } from './plugins/cross-site';
import { installErrorHandler } from './plugins/error-handler';
import { registerSecurity } from './plugins/security';
import { installSessionHook } from './plugins/session';
import { installStaffHook } from './plugins/staff-auth';
import { registerWebApp } from './plugins/web-app';
import { installOps } from './ops/install';
import { requestIdMixin, requestIdOf } from './ops/request-id';
import { chooseSmsProvider, semaphoreSettings } from './providers/sms/choose-sms';
import { messageRoutes } from './notifications/routes';
import { startDeliveryStatusPoller } from './providers/sms/delivery-status';
import { chooseImageStorage } from './providers/storage/image-storage';

export interface BuildOptions {
  db: Db;
  /** Sees every route as it is registered (the reliability tests' inventory). */
  onRoute?: (route: { method: string | string[]; url: string; config?: unknown }) => void;
  /** Where the logs go (default stdout); the log-secrets test reads them. */
  logStream?: { write(line: string): void };
  /** Serve the built web app (off in API tests). */
  serveWeb?: boolean;
  /** The clock (default the system's); tests fix it to try other days. */
  clock?: Clock;
  /** The rate limits' clock (default: the database's); tests fix it so no count straddles a window edge. */
  rateClock?: RateClock;
  /** How a slowed staff sign-in waits (default a timer); tests note the wait instead of sitting through it. */
  signInWait?: (ms: number) => Promise<void>;
}

/** Fastify types these factories for Ajv's compile signature; zod's compilers take the same route schema. */
const zodCompilers = {
  buildValidator: () => validatorCompiler,
  buildSerializer: () => serializerCompiler,
} as unknown as NonNullable<NonNullable<FastifyServerOptions['schemaController']>['compilersFactory']>;

/** The whole server as a function, so tests drive it with `inject`. */
const contexts = new WeakMap<FastifyInstance, AppContext>();
/** What a built app's routes were given (its database, SMS, payments), for jobs the server runs beside them. */
export const appContextOf = (app: FastifyInstance): AppContext | undefined => contexts.get(app);

export async function buildApp(config: Config, options: BuildOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: {
      level: config.LOG_LEVEL,
      ...(options.logStream ? { stream: options.logStream } : {}),
      // Headers that carry sessions, and the personal data a service might log by its field name.
      redact: ['req.headers.authorization', 'req.headers.cookie', 'phone', 'idNumber', 'token', 'sessionId'],
      serializers: {
        req: (req) => ({ method: req.method, url: redactUrl(req.url), ip: req.ip }),
      },
      mixin: requestIdMixin,
    },
    // The request id: a sane X-Request-Id from the caller (a load balancer's trace), else a UUID.
    genReqId: requestIdOf,
    trustProxy: config.TRUST_PROXY,
    bodyLimit: 1_048_576,
    // Every route validates and serializes with zod: Fastify's own Ajv and fast-json-stringify
    // compilers would only be loaded, never used (Ajv alone is ~0.23 s of every start).
    schemaController: { compilersFactory: zodCompilers },
  });
  if (options.onRoute) {
    const seen = options.onRoute;
    app.addHook('onRoute', (route) => seen({ method: route.method, url: route.url, config: route.config }));
  }
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // The hot calls' faster reply check (http/reply-serializer.ts) is proved against zod's on every reply but in production.
  if (!config.isProduction) crossCheckFastReplies(app);
  const clock = options.clock ?? systemClock;
  installOps(app, { config, db: options.db, clock });
  installErrorHandler(app);

  await registerSecurity(app);
  installCrossSiteGuard(app, config.PUBLIC_URL);
  // Every route, not only the contract calls: a control character in a path (a NUL in a sandbox
  // page's reference) would otherwise reach PostgreSQL, which refuses it with a 500.
  app.addHook('preValidation', refuseControlCharacters);
  await app.register(formbody);
  await app.register(multipart, { limits: { fileSize: 10 * 1024 * 1024, files: 1, fields: 20 } });
  await registerApiDocs(app, config);

  const sms = chooseSmsProvider(config, options.db, app.log);
  const { rateClock } = options;
  const ctx: AppContext = {
    config,
    db: options.db,
    sms,
    storage: chooseImageStorage(config, options.db),
    otp: otpService(options.db, sms, config.APP_NAME, { exemptLocal: !config.isProduction, rateClock }),
    rateClock,
    clock,
    ...(options.signInWait ? { signInWait: options.signInWait } : {}),
    payments: setUpPayments(app, config, clock),
  };
  contexts.set(app, ctx);
  const semaphore = semaphoreSettings(config);
  if (semaphore) {
    // Reads back whether each SMS arrived (sms_outbox.status); stops with the server.
    const poller = startDeliveryStatusPoller(options.db, semaphore, app.log);
    app.addHook('onClose', async () => poller.stop());
  }
  installSessionHook(app, ctx.db, {
    idleMinutes: config.SESSION_IDLE_MINUTES,
    absoluteDays: config.SESSION_ABSOLUTE_DAYS,
  });

  installStaffHook(app, ctx.db, config.OPERATOR_TOKEN, {
    idleMinutes: config.STAFF_SESSION_IDLE_MINUTES,
    absoluteDays: 1,
  });

  setLenderLimits(config.lenderLimits);
  authRoutes(app, ctx);
  operatorLoanRoutes(app, ctx);
  booksRoutes(app, ctx);
  writeOffRoutes(app, ctx);
  backOfficeRoutes(app, ctx);
  payoutRoutes(app, ctx);
  creditTransferRoutes(app, ctx);
  reminderRoutes(app, ctx);
  reconciliationRoutes(app, ctx);
  supportRoutes(app, ctx);
  homeRoutes(app, ctx);
  promotionRoutes(app, ctx);
  complaintsRoutes(app, ctx);
  bankBindingRoutes(app, ctx);
  applicationRoutes(app, ctx);
  officialSiteRoutes(app, ctx);
  legacyRepaymentRoutes(app, ctx);
  repaymentRoutes(app, ctx);
  loanDetailsRoutes(app, ctx);
  amountExplainedRoutes(app, ctx);
  loanConfirmRoutes(app, ctx);
  loanTermsRoutes(app, ctx);
  agreementRoutes(app, ctx);
  disclosureRoutes(app, ctx);
  recordsRoutes(app, ctx);
  messageRoutes(app, ctx);
  jointLoginRoutes(app, ctx);
  contactConsentRoutes(app, ctx);
  privacyRoutes(app, ctx);
  installTestPageGuard(app, ctx);
  if (!config.isProduction) devRoutes(app, ctx);

  if (options.serveWeb !== false) await registerWebApp(app, config.WEB_DIST);
  return app;
}
