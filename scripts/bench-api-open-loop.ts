/**
 * The open-loop load of `npm run bench:api -- --rate R` (scripts/bench-api.ts): requests leave on a
 * fixed schedule, R a second whatever the server is doing, and each one's latency is counted from
 * when it was due, not from when it left. A closed loop (autocannon's connections) waits for each
 * reply before the next request and so hides a stall behind the requests it never sent; here a
 * stall shows as the latency of every request due during it.
 */
import { Agent, request } from 'node:http';

export interface OpenLoopRequest {
  path: string;
  method: 'GET' | 'POST';
  body?: string | undefined;
  headers: Record<string, string>;
}

export interface OpenLoopResult {
  /** Requests due in the run. */
  sent: number;
  /** Answered 200 within the run and its grace period. */
  ok: number;
  errors: number;
  /** Latencies in ms from when each answered request was due, ascending. */
  latencies: number[];
}

/** The value below which `q` (0–1) of the ascending `sorted` lie (nearest rank). */
export function percentile(sorted: readonly number[], q: number): number {
  if (sorted.length === 0) return Number.NaN;
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1));
  return sorted[rank] as number;
}

/**
 * Sends `rate` requests a second for `seconds` to `baseUrl`, each `make(i)` (so sessions can rotate),
 * on a schedule fixed at the start; waits for the last replies at most `graceMs`.
 */
export async function openLoop(
  baseUrl: string,
  make: (i: number) => OpenLoopRequest,
  rate: number,
  seconds: number,
  graceMs = 10_000,
): Promise<OpenLoopResult> {
  const url = new URL(baseUrl);
  const agent = new Agent({ keepAlive: true, maxSockets: 64 });
  const total = Math.round(rate * seconds);
  const latencies: number[] = [];
  let errors = 0;
  let done = 0;
  const start = performance.now() + 5;
  const pending: Promise<void>[] = [];
  const send = (i: number, due: number) =>
    new Promise<void>((resolve) => {
      const r = make(i);
      const req = request(
        {
          agent,
          host: url.hostname,
          port: url.port,
          method: r.method,
          path: r.path,
          headers: r.body ? { ...r.headers, 'content-length': Buffer.byteLength(r.body) } : r.headers,
        },
        (res) => {
          res.resume();
          res.once('end', () => {
            if (res.statusCode === 200) latencies.push(performance.now() - due);
            else errors++;
            done++;
            resolve();
          });
        },
      );
      req.once('error', () => {
        errors++;
        done++;
        resolve();
      });
      if (r.body) req.write(r.body);
      req.end();
    });
  let next = 0;
  await new Promise<void>((resolve) => {
    const tick = () => {
      const now = performance.now();
      // Every request whose time has come leaves now, late or not; its latency still counts from its due time.
      while (next < total && start + (next * 1000) / rate <= now) {
        pending.push(send(next, start + (next * 1000) / rate));
        next++;
      }
      if (next >= total) return resolve();
      const wait = start + (next * 1000) / rate - performance.now();
      setTimeout(tick, Math.max(0, Math.floor(wait)));
    };
    tick();
  });
  // The grace timer is cleared once all have answered: left running, it kept the process alive
  // for its full length after the last run.
  let grace: NodeJS.Timeout | undefined;
  await Promise.race([Promise.all(pending), new Promise((r) => (grace = setTimeout(r, graceMs)))]);
  clearTimeout(grace);
  agent.destroy();
  return {
    sent: total,
    ok: latencies.length,
    errors: errors + (total - done),
    latencies: latencies.sort((a, b) => a - b),
  };
}
