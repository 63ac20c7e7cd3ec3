import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config';
import { type Db, migrationsFolder, rowsOf } from '../db/client';

/** How long a readiness probe waits for the database before calling it gone (probes time out too). */
const DB_TIMEOUT_MS = 2_000;

export interface Readiness {
  /** Turns the instance not-ready for good: the first step of a shutdown, before it drains. */
  beginShutdown(): void;
  /** Why the instance is not ready, or null when it is (what /readyz answers, in words for logs and tests). */
  check(): Promise<string | null>;
}

const readinessOfApp = new WeakMap<FastifyInstance, Readiness>();
/** The readiness of a built app, for the start's shutdown and for tests. */
export const readinessOf = (app: FastifyInstance): Readiness | undefined => readinessOfApp.get(app);

let newestMigration: number | undefined;
/** The newest migration this build carries (drizzle's journal), read once. */
function newestMigrationMillis(): number {
  if (newestMigration === undefined) {
    const journal = JSON.parse(readFileSync(join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as {
      entries: { when: number }[];
    };
    newestMigration = Math.max(...journal.entries.map((entry) => entry.when));
  }
  return newestMigration;
}

function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

/**
 * Drizzle records each applied migration with its journal time and applies those newer than the
 * newest recorded, so the database is current when its newest record is at least this build's
 * newest migration (an instance of an older build beside a newer database stays ready).
 */
async function migrationsBehind(db: Db): Promise<boolean> {
  const rows = rowsOf<{ newest: string | number | null }>(
    await db.execute(sql`select max(created_at) as newest from drizzle.__drizzle_migrations`),
  );
  return Number(rows[0]?.newest ?? 0) < newestMigrationMillis();
}

const LEVELS = ['trace', 'debug', 'info', 'warn', 'error', 'fatal', 'silent'] as const;
type Level = (typeof LEVELS)[number];

/** A route's log level: warn, or the server's own when that is quieter (a route may not be louder than the server). */
export function quietLevel(serverLevel: Level): Level {
  return LEVELS.indexOf(serverLevel) > LEVELS.indexOf('warn') ? serverLevel : 'warn';
}

/**
 * Liveness and readiness for a load balancer or an orchestrator. Neither is rate-limited (no
 * limiter is on their path), neither is logged at info (probes every few seconds would bury the
 * requests that matter; a failing readiness is logged once at warn when it turns), and neither
 * answers more than a status word: the reason stays in the log, away from whoever can reach the
 * port.
 */
export function installHealth(app: FastifyInstance, config: Config, db: Db): Readiness {
  let shuttingDown = false;
  let lastProblem: string | null = null;
  const readiness: Readiness = {
    beginShutdown() {
      shuttingDown = true;
    },
    async check() {
      if (shuttingDown) return 'shutting down';
      try {
        if (await withTimeout(migrationsBehind(db), DB_TIMEOUT_MS)) return 'migrations not all applied';
      } catch (err) {
        return `database not answering: ${err instanceof Error ? err.message : String(err)}`;
      }
      return null;
    },
  };
  readinessOfApp.set(app, readiness);
  const quiet = { logLevel: quietLevel(config.LOG_LEVEL) };

  // Liveness: the process answers. Never the database: an orchestrator restarting every instance
  // because the database is down would only add a cold start to the outage.
  app.get('/healthz', quiet, async (_req, reply) => reply.header('cache-control', 'no-store').send({ status: 'ok' }));

  app.get('/readyz', quiet, async (req, reply) => {
    const problem = await readiness.check();
    if (problem !== lastProblem) {
      if (problem) req.log.warn({ problem }, 'not ready');
      else req.log.warn('ready again');
      lastProblem = problem;
    }
    reply.header('cache-control', 'no-store');
    return problem ? reply.code(503).send({ status: 'not ready' }) : reply.send({ status: 'ready' });
  });
  return readiness;
}
