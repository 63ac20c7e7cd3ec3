import { resolve } from 'node:path';
import { appContextOf, buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { type Database, openDatabase } from './db/client';
import { DataDirLockedError } from './db/data-dir-lock';
import { seedDemo } from './db/seed/demo';
import { ensureFirstAdmin } from './features/back-office/staff/staff-service';
import { startCobScheduler } from './money';
import { startReminderScheduler } from './features/reminders/reminder-scheduler';
import { startRetentionScheduler } from './features/privacy/retention-scheduler';
import { dailyReconciliation } from './features/reconciliation/daily';
import { apiDocsOn } from './plugins/api-docs';
import { readinessOf } from './ops/health';

/** Starts one server: opens the database, migrates, seeds demo data on first start, listens. */
export async function startServer(): Promise<void> {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
  let database: Database;
  try {
    database = openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: resolve(config.DATA_DIR, 'pglite') });
  } catch (err) {
    if (err instanceof DataDirLockedError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
  await database.migrate();
  const app = await buildApp(config, { db: database.db });
  if (config.seedDemo && (await seedDemo(database.db))) app.log.info('demo data seeded');
  const admin = await ensureFirstAdmin(database.db, config.ADMIN_EMAIL, config.ADMIN_PASSWORD);
  if (admin) app.log.info({ email: admin.email }, 'first admin created from ADMIN_EMAIL');
  // The sandbox's listing lives in this process's memory and starts empty: a day before the start
  // would show every posting as unpaid, so it is reconciled from the desk only.
  const ctx = appContextOf(app);
  const payments = ctx?.payments;
  const reconcile =
    payments && !payments.sandboxLedger ? dailyReconciliation(database.db, payments.provider, app.log) : undefined;
  const cob = config.COB_SCHEDULE === 'on' ? startCobScheduler(database.db, app.log, undefined, reconcile) : null;
  const reminders = config.COB_SCHEDULE === 'on' && ctx ? startReminderScheduler(database.db, ctx.sms, app.log) : null;
  const retention =
    config.COB_SCHEDULE === 'on' && ctx
      ? startRetentionScheduler(
          database.db,
          ctx.storage,
          { loanYears: config.PRIVACY_LOAN_RECORDS_YEARS },
          app.log,
          ctx.clock,
        )
      : null;

  const grace = config.READINESS_GRACE_SECONDS ?? (config.isProduction ? 5 : 0);
  const close = async (signal: string) => {
    app.log.info({ signal, graceSeconds: grace }, 'shutting down');
    // Not ready first, so the load balancer stops sending; then drain: Fastify answers what is in
    // flight and refuses new connections.
    readinessOf(app)?.beginShutdown();
    cob?.stop();
    reminders?.stop();
    retention?.stop();
    if (grace > 0) await new Promise((done) => setTimeout(done, grace * 1000));
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void close('SIGINT'));
  process.once('SIGTERM', () => void close('SIGTERM'));

  await app.listen({ port: config.PORT, host: config.HOST });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.PORT;
  const base = config.PUBLIC_URL ?? `http://localhost:${port}`;
  const db =
    database.kind === 'pglite' ? `embedded PGlite in ${resolve(config.DATA_DIR)}` : 'PostgreSQL (DATABASE_URL)';
  console.log(
    [
      '',
      `Hiram is running on ${db}`,
      `  Official site        ${base}/`,
      `  Developer test page  ${base}/testPreview`,
      `  Web login            ${base}/login   (demo borrower 09170000001; codes at ${base}/owner/dev/sms-outbox?phone=09170000001)`,
      `  Back office          ${base}/admin   (first admin: ADMIN_EMAIL and ADMIN_PASSWORD, or npm run staff -- create)`,
      apiDocsOn(config)
        ? `  API docs             ${base}/owner/docs`
        : '  API docs             off (API_DOCS=on serves them)',
      '',
    ].join('\n'),
  );
}
