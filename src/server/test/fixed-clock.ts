import type { RateClock } from '../abuse/rate-limiter';

/**
 * The rate limits' clock in tests: one fixed instant, 7 min 30 s into a quarter hour and half a
 * day from the day window's edge (00:00 UTC). Every limiter window (15 minutes, an hour, a day) is
 * aligned to the epoch, so on the real clock a test counting up to a limit could run across an
 * edge, start again from one and not be refused. On this clock it never does, however slow the
 * run. A test that needs a window to have ended moves the counters' `window_start` back.
 */
export const FIXED_RATE_INSTANT = new Date('2026-01-15T12:07:30Z');

export const fixedRateClock: RateClock = () => FIXED_RATE_INSTANT;
