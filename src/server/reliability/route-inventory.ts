import type { FastifyInstance } from 'fastify';
import type { CallDef } from '../../shared/api/define-call';
import { API_BASE } from '../../shared/constants';
import { buildApp } from '../app';
import type { Database } from '../db/client';
import { callsOf } from '../http/register-call';
import { testConfig } from '../test/test-app';

export interface RouteInventory {
  app: FastifyInstance;
  /** Calls of the shared contract: fuzzed and checked from their schemas. */
  calls: readonly CallDef[];
  /** Routes registered some other way ("GET /owner/docs/json"), each needing a reason in a table. */
  others: string[];
}

/** Builds the app while noting every route it registers, so a route added later cannot be missed. */
export async function inventory(database: Database, env: Record<string, string> = {}): Promise<RouteInventory> {
  const seen: string[] = [];
  const app = await buildApp(testConfig(env), {
    db: database.db,
    serveWeb: false,
    onRoute: ({ method, url }) => {
      for (const m of [method].flat()) if (m !== 'HEAD') seen.push(`${m} ${url}`);
    },
  });
  await app.ready();
  const calls = callsOf(app);
  const viaCalls = new Set(calls.map((c) => `${c.method} ${API_BASE}${c.path}`));
  return { app, calls, others: [...new Set(seen)].filter((r) => !viaCalls.has(r)).sort() };
}
