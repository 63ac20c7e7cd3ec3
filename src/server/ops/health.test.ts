import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { buildTestApp, testConfig } from '../test/test-app';
import { createTestDatabase } from '../test/test-db';
import { readinessOf } from './health';

const lines: string[] = [];
const database = await createTestDatabase();
// Logged at info, as production logs: the probes must not appear, other requests must.
const app = await buildApp(testConfig({ LOG_LEVEL: 'info' }), {
  db: database.db,
  serveWeb: false,
  logStream: { write: (line) => lines.push(line) },
});
await app.ready();
afterAll(async () => {
  await app.close();
  await database.close();
});

describe('liveness and readiness', () => {
  it('answers a status word and nothing else, and is not logged at info', async () => {
    const live = await app.inject({ method: 'GET', url: '/healthz' });
    expect(live.statusCode).toBe(200);
    expect(live.json()).toEqual({ status: 'ok' });
    const ready = await app.inject({ method: 'GET', url: '/readyz' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ready' });
    expect(ready.headers['cache-control']).toBe('no-store');
    expect(lines.join('')).not.toMatch(/healthz|readyz/);
    // The search reads something: an ordinary request is logged at info.
    await app.inject({ method: 'GET', url: '/owner/no-such-call' });
    expect(lines.join('')).toContain('/owner/no-such-call');
  });

  it('is not rate-limited: probes every second for a minute all answer', async () => {
    const replies = await Promise.all(Array.from({ length: 60 }, () => app.inject({ method: 'GET', url: '/readyz' })));
    expect(replies.map((r) => r.statusCode)).toEqual(Array(60).fill(200));
  });

  it('is not ready while the database lacks this build’s newest migration', async () => {
    const newest = sql`(select max(created_at) from drizzle.__drizzle_migrations)`;
    await database.db.execute(
      sql`update drizzle.__drizzle_migrations set created_at = created_at - 1 where created_at = ${newest}`,
    );
    try {
      const behind = await app.inject({ method: 'GET', url: '/readyz' });
      expect(behind.statusCode).toBe(503);
      expect(behind.json()).toEqual({ status: 'not ready' });
      expect(await readinessOf(app)?.check()).toBe('migrations not all applied');
      // Liveness does not care.
      expect((await app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    } finally {
      await database.db.execute(
        sql`update drizzle.__drizzle_migrations set created_at = created_at + 1 where created_at = ${newest}`,
      );
    }
    expect((await app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
    // The turn is logged once at warn, with its reason (the answer carries none).
    expect(lines.filter((l) => l.includes('not ready'))).toHaveLength(1);
    expect(lines.join('')).toContain('migrations not all applied');
  });

  it('is not ready when the database is gone, while liveness still answers without it', async () => {
    const gone = await createTestDatabase();
    const lone = await buildApp(testConfig(), { db: gone.db, serveWeb: false });
    await lone.ready();
    try {
      expect((await lone.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
      await gone.close();
      expect((await lone.inject({ method: 'GET', url: '/healthz' })).json()).toEqual({ status: 'ok' });
      const down = await lone.inject({ method: 'GET', url: '/readyz' });
      expect(down.statusCode).toBe(503);
      expect(down.json()).toEqual({ status: 'not ready' });
    } finally {
      await lone.close();
    }
  });
});

describe('shutdown', () => {
  it('turns not-ready first, answers the requests still coming while it drains, then closes', async () => {
    const t = await buildTestApp({ seed: false });
    const readiness = readinessOf(t.app);
    readiness?.beginShutdown();
    const ready = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toEqual({ status: 'not ready' });
    // Not-ready is only a signal to the load balancer: the instance is alive and still serves
    // what reaches it until it drains.
    expect((await t.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    const served = await t.app.inject({ method: 'GET', url: '/owner/no-such-call' });
    expect(served.statusCode).toBe(404);
    expect(await readiness?.check()).toBe('shutting down');
  });
});
