import { PGlite } from '@electric-sql/pglite';
import { afterAll, describe, expect, it } from 'vitest';
import { API_BASE } from '../src/shared/constants';
import { openDatabase } from '../src/server/db/client';
import { benchApp } from './bench-api-app';
import { recordedQueries } from './bench-api-queries';
import { ROUTES } from './bench-api-routes';

/**
 * Each route of `npm run bench:api` sends no more statements per call than the bench recorded
 * (scripts/bench-api-queries.json): a read folded into one query that comes apart again, or a
 * cached table read once per request again, fails here before it shows as a slower bench.
 * Counted on an embedded database of the test's own (the same statements PostgreSQL gets).
 */
let queries = 0;
const client = await PGlite.create();
// This test's own client: every statement it is sent, outside transactions and inside.
const query = client.query.bind(client);
client.query = ((...args: Parameters<typeof query>) => {
  queries++;
  return query(...args);
}) as typeof client.query;
const transaction = client.transaction.bind(client);
client.transaction = ((fn: Parameters<typeof transaction>[0]) =>
  transaction((tx) => {
    const txQuery = tx.query.bind(tx);
    tx.query = ((...args: Parameters<typeof txQuery>) => {
      queries++;
      return txQuery(...args);
    }) as typeof tx.query;
    return fn(tx);
  })) as typeof client.transaction;
const database = openDatabase({ pglite: client });
const bench = await benchApp(database, 1, () => queries);
afterAll(async () => {
  await bench.app.close();
  await database.close();
});

describe('the statements each bench route sends', () => {
  const recorded = recordedQueries();

  it('every route the bench loads has a recorded count', () => {
    expect(Object.keys(recorded).sort()).toEqual(ROUTES.map((r) => r.name).sort());
  });

  it.each(ROUTES.map((r) => [r.name, r] as const))('%s sends at most what the bench recorded', async (name, route) => {
    const payload = new URLSearchParams(
      Object.entries(route.payload?.(bench.demo) ?? {}).map(([k, v]) => [k, String(v)]),
    ).toString();
    const url = `${API_BASE}${route.call.path}`;
    const headers = {
      'x-requested-with': 'XMLHttpRequest',
      ...(route.session ? { authorization: `Session ${bench.tokens[0]}` } : {}),
    };
    const call = () =>
      route.call.method === 'GET'
        ? bench.app.inject({ method: 'GET', url: payload ? `${url}?${payload}` : url, headers })
        : bench.app.inject({
            method: 'POST',
            url,
            headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded' },
            payload,
          });
    // The first call may fill what is kept in memory; the count is for a call after it.
    expect((await call()).statusCode).toBe(200);
    const before = queries;
    const res = await call();
    expect(res.statusCode).toBe(200);
    expect(Number(res.json().code)).toBe(0);
    expect(queries - before).toBeLessThanOrEqual(recorded[name] ?? 0);
  });
});
