import { createHash, timingSafeEqual } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { collectDefaultMetrics } from 'prom-client';
import type { Clock } from '../clock';
import type { Config } from '../config';
import { type Db, rowsOf } from '../db/client';
import { quietLevel, readinessOf } from './health';
import {
  callbacksRefused,
  cobDoneToday,
  cobLastDuration,
  httpDuration,
  httpErrors,
  payoutQueueAge,
  payoutsWaiting,
  ready,
  reconciliationFindingsOpen,
  registry,
  scrapeFailures,
} from './metrics';

export const METRICS_PATH = '/metrics';
/** The operations routes: probes and scrapes every few seconds, left out of the request metrics. */
const OPS_ROUTES = new Set([METRICS_PATH, '/healthz', '/readyz']);
/** A provider's callback route (payments or payouts, any provider). */
const CALLBACK_ROUTE = /\/(payments|payouts)\/([a-z]+)\/callback$/;
/** Payout states that still wait for a person or the provider. */
const WAITING = ['requested', 'approved', 'accepted'] as const;

let defaultsCollected = false;

const digest = (text: string) => createHash('sha256').update(text).digest();
/** Compared as digests, so the comparison takes the same time whatever the length guessed. */
const sameToken = (given: string, expected: string) => timingSafeEqual(digest(given), digest(expected));

/** The envelope code of a reply, read from its start without parsing the body. */
function envelopeCode(payload: unknown): string {
  if (typeof payload !== 'string') return '';
  const match = /^\{"code":("?)(-?\w{1,8})\1[,}]/.exec(payload);
  return match?.[2] ?? '';
}

/**
 * Sets the gauges read from the database: every instance reports the same values, so alerts take
 * `max` over instances. A failed read leaves the last values and counts the failure; readiness
 * reports the database itself.
 */
async function readDatabaseGauges(db: Db, clock: Clock): Promise<void> {
  const waiting = rowsOf<{ status: string; n: string | number; oldest: string | number | null }>(
    await db.execute(sql`
      select status, count(*) as n, extract(epoch from now() - min(requested_at)) as oldest
      from payouts where status in ('requested', 'approved', 'accepted') group by status`),
  );
  for (const status of WAITING) {
    const row = waiting.find((r) => r.status === status);
    payoutsWaiting.set({ status }, Number(row?.n ?? 0));
    payoutQueueAge.set({ status }, Math.max(0, Number(row?.oldest ?? 0)));
  }
  const today = rowsOf<{ status: string }>(
    await db.execute(sql`select status from cob_runs where business_date = ${clock.today()}::date`),
  );
  cobDoneToday.set(today[0]?.status === 'done' ? 1 : 0);
  const last = rowsOf<{ seconds: string | number }>(
    await db.execute(sql`
      select extract(epoch from finished_at - started_at) as seconds from cob_runs
      where status = 'done' and finished_at is not null order by business_date desc limit 1`),
  );
  if (last[0]) cobLastDuration.set(Number(last[0].seconds));
  const findings = rowsOf<{ kind: string; n: string | number }>(
    await db.execute(sql`select kind, count(*) as n from reconciliation_findings where status = 'open' group by kind`),
  );
  reconciliationFindingsOpen.reset();
  reconciliationFindingsOpen.set(
    { kind: 'all' },
    findings.reduce((sum, f) => sum + Number(f.n), 0),
  );
  for (const f of findings) reconciliationFindingsOpen.set({ kind: f.kind }, Number(f.n));
}

/**
 * Request metrics on every route but the operations ones, and the scrape at /metrics. In
 * production the scrape is served only with METRICS_TOKEN set, and then only to
 * `Authorization: Bearer <METRICS_TOKEN>`: the public port must not tell anyone the lender's
 * volumes. Outside production it is open unless a token is set.
 */
export function installMetrics(app: FastifyInstance, config: Config, db: Db, clock: Clock): void {
  if (!defaultsCollected) {
    // Process CPU, memory, event-loop delay and handles: once per process, whatever apps it builds.
    collectDefaultMetrics({ register: registry, prefix: 'hiram_' });
    defaultsCollected = true;
  }
  const codes = new WeakMap<FastifyRequest, string>();
  // Callback-style hooks: they run on every request, and an async hook costs a promise each.
  app.addHook('onSend', (req, reply, payload, done) => {
    if (reply.statusCode >= 400) codes.set(req, envelopeCode(payload));
    done(null, payload);
  });
  app.addHook('onResponse', (req, reply, done) => {
    const route = req.routeOptions.url ?? 'unmatched';
    if (!OPS_ROUTES.has(route)) {
      httpDuration.observe({ method: req.method, route }, reply.elapsedTime / 1000);
      if (reply.statusCode >= 400) {
        const status = String(reply.statusCode);
        httpErrors.inc({ status, code: codes.get(req) ?? '' });
        const callback = CALLBACK_ROUTE.exec(route);
        if (callback) callbacksRefused.inc({ callback: `${callback[1]}/${callback[2]}`, status });
      }
    }
    done();
  });

  const token = config.METRICS_TOKEN;
  if (config.isProduction && !token) return;
  app.get(METRICS_PATH, { logLevel: quietLevel(config.LOG_LEVEL) }, async (req, reply) => {
    if (token) {
      const given = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1] ?? '';
      if (!sameToken(given, token)) {
        return reply.code(401).header('www-authenticate', 'Bearer').send({ status: 'unauthorized' });
      }
    }
    // Readiness as a metric too, so one scrape job alerts on it (the probe answers the load balancer).
    ready.set((await readinessOf(app)?.check()) ? 0 : 1);
    try {
      await readDatabaseGauges(db, clock);
    } catch (err) {
      scrapeFailures.inc();
      req.log.warn({ err }, 'metrics: database gauges not read');
    }
    return reply
      .header('content-type', registry.contentType)
      .header('cache-control', 'no-store')
      .send(await registry.metrics());
  });
}
