import { sql } from 'drizzle-orm';
import { Code } from '../../shared/codes';
import { type Db, rowsOf } from '../db/client';
import { AppError } from '../http/app-error';

/**
 * architecture.md: Providers; What runs where: fixed-window rate limits whose counters live in PostgreSQL, so every instance
 * behind the load balancer counts the same hits. Windows are aligned to the epoch (an hour window
 * starts on the hour UTC, a day window at 08:00 Manila).
 */
export interface RateRule {
  /** What is counted, e.g. `otp:phone:09171234567`; the window length keeps hour and day apart. */
  key: string;
  limit: number;
  windowSeconds: number;
  /** What the refused person reads; `{wait}` becomes "12 minutes", "1 hour"… */
  message: string;
}

/**
 * Where the limiter reads the time. Left out, it reads the database's clock, so every instance
 * behind the load balancer agrees on the window; tests pass a fixed one so that counting up to a
 * limit never runs across a window edge (where a fixed window starts again from one).
 */
export type RateClock = () => Date;

/** The limiter's "now" as SQL: the clock's instant, or the database's `now()`. */
function nowSql(clock: RateClock | undefined) {
  return clock ? sql`${clock().toISOString()}::timestamptz` : sql`now()`;
}

export interface HitResult {
  allowed: boolean;
  /** Hits counted in the current window, this one included (0 when refused). */
  hits: number;
  /** Seconds until the current window ends. */
  retryAfterSeconds: number;
}

/** One in this many hits also deletes counters whose window has ended (no job runner needed). */
const PRUNE_ONE_IN = 200;

/**
 * Counts one hit of `key` in the current window of `windowSeconds`, in one upsert statement:
 * a hit over the limit is refused and not counted, so a refused caller spends nothing.
 */
export async function hit(
  db: Db,
  key: string,
  limit: number,
  windowSeconds: number,
  clock?: RateClock,
): Promise<HitResult> {
  const now = nowSql(clock);
  const result = await db.execute(sql`
    with counted as (
      insert into rate_limit_counters (key, window_seconds, window_start, hits)
      values (${key}, ${windowSeconds}::int,
              to_timestamp((floor(extract(epoch from ${now}) / ${windowSeconds}::int) * ${windowSeconds}::int)::float8), 1)
      on conflict (key, window_seconds) do update
        set hits = case when rate_limit_counters.window_start = excluded.window_start
                        then rate_limit_counters.hits + 1 else 1 end,
            window_start = excluded.window_start
        where rate_limit_counters.window_start <> excluded.window_start
           or rate_limit_counters.hits < ${limit}::int
      returning hits
    )
    select (select hits from counted) as hits,
           ceil(${windowSeconds}::int - mod(extract(epoch from ${now})::numeric, ${windowSeconds}::int))::int as retry_after`);
  const [row] = rowsOf<{ hits: number | null; retry_after: number }>(result);
  if (Math.random() * PRUNE_ONE_IN < 1) await pruneRateCounters(db, { clock });
  const hits = row?.hits ?? 0;
  return { allowed: hits > 0, hits, retryAfterSeconds: Math.max(1, Number(row?.retry_after ?? windowSeconds)) };
}

/**
 * Counts one hit against every rule, all or nothing: when any rule refuses, no counter moves and
 * the caller gets RATE_LIMITED with that rule's message and the wait in `data.retryAfterSeconds`.
 */
export async function enforce(db: Db, rules: readonly RateRule[], clock?: RateClock): Promise<void> {
  if (rules.length === 0) return;
  await db.transaction(async (tx) => {
    for (const rule of rules) {
      const result = await hit(tx as unknown as Db, rule.key, rule.limit, rule.windowSeconds, clock);
      if (!result.allowed) {
        throw new AppError(Code.RATE_LIMITED, rule.message.replace('{wait}', waitText(result.retryAfterSeconds)), {
          retryAfterSeconds: result.retryAfterSeconds,
        });
      }
    }
  });
}

/** The limiter bound to a database, for features that keep it in their context. */
export function rateLimiter(db: Db, clock?: RateClock) {
  return {
    hit: (key: string, limit: number, windowSeconds: number) => hit(db, key, limit, windowSeconds, clock),
    enforce: (rules: readonly RateRule[]) => enforce(db, rules, clock),
  };
}

/** Deletes counters whose window has ended; they would be reset by their next hit anyway. */
export async function pruneRateCounters(
  db: Db,
  { batch = 1000, clock }: { batch?: number; clock?: RateClock } = {},
): Promise<void> {
  await db.execute(sql`
    delete from rate_limit_counters
    where (key, window_seconds) in (
      select key, window_seconds from rate_limit_counters
      where window_start + make_interval(secs => window_seconds) < ${nowSql(clock)}
      limit ${batch}::int)`);
}

/** "40 seconds", "12 minutes", "1 hour", "3 hours". */
export function waitText(seconds: number): string {
  if (seconds < 60) return seconds === 1 ? '1 second' : `${seconds} seconds`;
  const minutes = Math.ceil(seconds / 60);
  if (minutes < 60) return minutes === 1 ? '1 minute' : `${minutes} minutes`;
  const hours = Math.ceil(minutes / 60);
  return hours === 1 ? '1 hour' : `${hours} hours`;
}

/**
 * The part of an address that one client controls: an IPv4 address, or the /64 prefix of an IPv6
 * address (one subscriber line gets a whole /64, so counting single IPv6 addresses counts nothing).
 */
export function addressKey(ip: string): string {
  const v4 = /^(?:::ffff:)?(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(ip);
  if (v4?.[1]) return v4[1];
  if (!ip.includes(':')) return ip;
  const [head = '', tail] = ip.toLowerCase().split('%')[0]!.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups =
    tail === undefined ? left : [...left, ...Array(Math.max(0, 8 - left.length - right.length)).fill('0'), ...right];
  return `${groups
    .slice(0, 4)
    .map((g) => g.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}

/**
 * Outside production, requests from the machine itself (loopback) are not capped: every local
 * test, script and developer shares that address and the demo phones. Production caps everyone
 * (there a loopback address could be forged through X-Forwarded-For).
 */
export function capsExempt(ip: string, isProduction: boolean): boolean {
  return !isProduction && isLoopback(ip);
}

export function isLoopback(ip: string): boolean {
  return ip === '::1' || /^(::ffff:)?127\./.test(ip);
}
