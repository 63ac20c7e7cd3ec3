import { beforeEach } from 'vitest';

/**
 * The rate limits count in fixed windows aligned to the epoch (rate-limiter.ts): 15 minutes
 * (staff sign-in), an hour and a day, so every window edge falls on a quarter hour UTC. A test
 * that counts up to a limit and runs across an edge sees its counter start again from one and
 * is not refused (CI saw it: 10 registration attempts split over 03:59 and 04:00). Before each
 * server test, when a quarter hour is less than MARGIN_SECONDS away, wait until it has passed:
 * a test then has at least that long inside one window. At most one such wait per quarter hour.
 */
const EDGE_EVERY_SECONDS = 900;
const MARGIN_SECONDS = 20;

export function secondsToNextEdge(nowMs: number): number {
  const intoWindow = (nowMs / 1000) % EDGE_EVERY_SECONDS;
  return EDGE_EVERY_SECONDS - intoWindow;
}

beforeEach(async () => {
  const left = secondsToNextEdge(Date.now());
  if (left < MARGIN_SECONDS) await new Promise((resolve) => setTimeout(resolve, (left + 0.5) * 1000));
});
