import { describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { testConfig } from '../test/test-app';
import { createTestDatabase } from '../test/test-db';
import { afterAll } from 'vitest';

const lines: string[] = [];
const database = await createTestDatabase();
const app = await buildApp(testConfig({ LOG_LEVEL: 'info' }), {
  db: database.db,
  serveWeb: false,
  logStream: { write: (line) => lines.push(line) },
});
// A line written through the app's logger (as services are handed it) inside a request.
app.get('/test/app-logger', async () => {
  app.log.info('written by a service');
  return { ok: true };
});
await app.ready();
afterAll(async () => {
  await app.close();
  await database.close();
});

const logged = () => lines.map((line) => JSON.parse(line) as { reqId?: string; msg?: string });

describe('the request id', () => {
  it('is made for each request, echoed as X-Request-Id, and carried into every line it logs', async () => {
    const res = await app.inject({ method: 'GET', url: '/test/app-logger' });
    const id = res.headers['x-request-id'];
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    const mine = logged().filter((l) => l.reqId === id);
    expect(mine.map((l) => l.msg)).toEqual(['incoming request', 'written by a service', 'request completed']);
    // Each line has the id once (JSON.parse would hide a doubled key).
    for (const line of lines.filter((l) => l.includes(String(id)))) expect(line.split('"reqId"')).toHaveLength(2);
    const other = await app.inject({ method: 'GET', url: '/test/app-logger' });
    expect(other.headers['x-request-id']).not.toBe(id);
  });

  it("keeps a caller's sane id (a load balancer's trace) and replaces anything else", async () => {
    const sane = 'lb-7f3a9c21.trace:0001';
    const kept = await app.inject({ method: 'GET', url: '/healthz', headers: { 'x-request-id': sane } });
    expect(kept.headers['x-request-id']).toBe(sane);
    for (const bad of ['short', 'a'.repeat(65), 'has spaces in it', 'new\\nline-injected', '{"json":1}']) {
      const res = await app.inject({ method: 'GET', url: '/healthz', headers: { 'x-request-id': bad } });
      expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    }
  });

  it('is on error replies too', async () => {
    const res = await app.inject({ method: 'POST', url: '/owner/v3/auth/login', payload: 'not a form' });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });
});
