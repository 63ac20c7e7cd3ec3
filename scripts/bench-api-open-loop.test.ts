import { createServer } from 'node:http';
import { afterAll, describe, expect, it } from 'vitest';
import { openLoop, percentile } from './bench-api-open-loop';

// A server that answers after 30 ms, except the 5 requests after the 10th, which wait 300 ms in turn:
// a stall the open loop must show in the requests due during it.
let served = 0;
let stalledUntil = 0;
const server = createServer((req, res) => {
  served++;
  const stalled = served > 10 && served <= 15;
  if (stalled && stalledUntil === 0) stalledUntil = Date.now() + 300;
  const wait = stalled ? Math.max(0, stalledUntil - Date.now()) : 30;
  setTimeout(() => res.end(req.url === '/fail' ? undefined : 'ok'), wait);
  if (req.url === '/fail') res.statusCode = 500;
});
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
const address = server.address();
const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('the open loop of bench:api', () => {
  it('percentile is the nearest rank', () => {
    const sorted = Array.from({ length: 100 }, (_, i) => i + 1);
    expect(percentile(sorted, 0.5)).toBe(50);
    expect(percentile(sorted, 0.99)).toBe(99);
    expect(percentile([7], 0.99)).toBe(7);
    expect(percentile([], 0.5)).toBeNaN();
  });

  it('sends on its schedule and counts latency from when each request was due', async () => {
    const started = performance.now();
    const r = await openLoop(base, () => ({ method: 'GET', path: '/', headers: {} }), 50, 1);
    const took = performance.now() - started;
    expect(r.sent).toBe(50);
    expect(r.ok).toBe(50);
    expect(r.errors).toBe(0);
    // The stall: the requests that waited for it are late by up to its length.
    expect(r.latencies.at(-1)).toBeGreaterThanOrEqual(150);
    expect(r.latencies[0]).toBeGreaterThanOrEqual(25);
    // 50 requests at 50 a second take about a second, not 50 × 30 ms one after another.
    expect(took).toBeLessThan(1_000 + 1_000);
  });

  it('counts a refusal as an error, not a latency', async () => {
    const r = await openLoop(base, () => ({ method: 'GET', path: '/fail', headers: {} }), 20, 0.5);
    expect(r.sent).toBe(10);
    expect(r.ok).toBe(0);
    expect(r.errors).toBe(10);
  });
});
