import { setTimeout as sleep } from 'node:timers/promises';
import { and, count, eq, gt, max, sql } from 'drizzle-orm';
import { Code } from '../../../../shared/codes';
import type { Db } from '../../../db/client';
import { auditLog } from '../../../db/schema';
import { AppError } from '../../../http/app-error';
import { addressKey, waitText } from '../../../abuse/rate-limiter';

export const SIGN_IN_WINDOW_MINUTES = 15;
/** Failed sign-ins one address may make in the window, whatever the e-mails: then it waits. */
export const ADDRESS_FAILURE_LIMIT = 10;
/** Failed sign-ins of one account before each further try is slowed (never refused). */
export const ACCOUNT_FREE_FAILURES = 3;
export const MAX_ACCOUNT_DELAY_MS = 5_000;
/** argon2 hashes at once (64 MiB each, on the libuv pool that file reads share). */
export const ARGON2_CONCURRENCY = 2;
/** Sign-ins that may wait for a hash; one more is told to come back. */
export const ARGON2_QUEUE_MAX = 6;
/**
 * Sign-ins from an address with no recent failures that may wait besides: they go ahead of the
 * rest, so a flood of failing guesses cannot turn the real staff away.
 */
export const ARGON2_PRIORITY_QUEUE_MAX = 24;

/** Whose hash goes first: an address with no recent failures, or the rest. */
export type Lane = 'priority' | 'normal';

export const FAILED = 'staffAuth.loginFailed';
export const SIGNED_IN = 'staffAuth.login';

/** The wait before checking the password of an account with this many recent failures. */
export function accountDelayMs(failures: number): number {
  if (failures < ACCOUNT_FREE_FAILURES) return 0;
  return Math.min(250 * 2 ** (failures - ACCOUNT_FREE_FAILURES), MAX_ACCOUNT_DELAY_MS);
}

/** Hashes running now, and the work waiting per lane (first in, first out within a lane). */
let hashing = 0;
const waiting: Record<Lane, (() => void)[]> = { priority: [], normal: [] };

function startNext(): void {
  while (hashing < ARGON2_CONCURRENCY) {
    const next = waiting.priority.shift() ?? waiting.normal.shift();
    if (!next) return;
    hashing++;
    next();
  }
}

/**
 * Runs one argon2 hash or verification in the small queue (ARGON2_CONCURRENCY at once): the
 * priority lane is always served first. A sign-in finding its lane full is refused at once (429)
 * instead of waiting behind a flood while pictures and pages stall; the normal lane counts
 * everything waiting, the priority lane only itself.
 */
export function argon2Work<T>(
  work: () => Promise<T>,
  { refuseWhenBusy, lane = 'normal' }: { refuseWhenBusy: boolean; lane?: Lane },
): Promise<T> {
  const queued = lane === 'priority' ? waiting.priority.length : waiting.priority.length + waiting.normal.length;
  const limit = lane === 'priority' ? ARGON2_PRIORITY_QUEUE_MAX : ARGON2_QUEUE_MAX;
  if (refuseWhenBusy && hashing >= ARGON2_CONCURRENCY && queued >= limit) {
    throw new AppError(Code.RATE_LIMITED, 'Many people are signing in right now. Please try again in a moment.', {
      retryAfterSeconds: 2,
    });
  }
  return new Promise<T>((resolve, reject) => {
    waiting[lane].push(() => {
      // Started inside a promise, so a work that throws at once still frees its place.
      Promise.resolve()
        .then(work)
        .then(resolve, reject)
        .finally(() => {
          hashing--;
          startNext();
        });
    });
    startNext();
  });
}

/** Sign-ins running now per address, so a parallel burst counts before its failures are written. */
const inFlight = new Map<string, number>();

const windowStart = sql`now() - make_interval(mins => ${SIGN_IN_WINDOW_MINUTES})`;

async function addressFailures(db: Db, address: string) {
  const [row] = await db
    .select({ n: count(), oldest: sql<number>`extract(epoch from now() - min(${auditLog.at}))::float8` })
    .from(auditLog)
    .where(
      and(eq(auditLog.action, FAILED), gt(auditLog.at, windowStart), sql`${auditLog.after}->>'address' = ${address}`),
    );
  return { n: row?.n ?? 0, oldestAgeSeconds: row?.oldest ?? 0 };
}

/** Failures of the account in the window since its last successful sign-in. */
export async function accountFailures(db: Db, email: string): Promise<number> {
  const lastSuccess = db
    .select({ at: max(auditLog.at) })
    .from(auditLog)
    .where(and(eq(auditLog.action, SIGNED_IN), eq(auditLog.actor, email)));
  const [row] = await db
    .select({ n: count() })
    .from(auditLog)
    .where(
      and(
        eq(auditLog.action, FAILED),
        eq(auditLog.entityId, email),
        gt(auditLog.at, windowStart),
        sql`${auditLog.at} > coalesce((${lastSuccess}), '-infinity'::timestamptz)`,
      ),
    );
  return row?.n ?? 0;
}

/**
 * Throttles in front of a staff password check. An address with many recent failures waits
 * (429), whichever e-mails it tried; an account with recent failures is only slowed, so nobody can
 * keep its owner out by failing on purpose: the right password from a clean address signs in.
 * Failures are the audit log's failed sign-ins (with their address), so every instance sees them.
 * `wait` is how the slowing waits (a timer; tests note it instead).
 */
export async function guardSignIn<T>(
  db: Db,
  email: string,
  ip: string,
  check: (lane: Lane) => Promise<T>,
  wait: (ms: number) => Promise<void> = sleep,
): Promise<T> {
  const address = addressKey(ip);
  const running = inFlight.get(address) ?? 0;
  inFlight.set(address, running + 1);
  try {
    const fromAddress = await addressFailures(db, address);
    if (fromAddress.n + running >= ADDRESS_FAILURE_LIMIT) {
      const wait = Math.max(1, Math.ceil(SIGN_IN_WINDOW_MINUTES * 60 - fromAddress.oldestAgeSeconds));
      throw new AppError(
        Code.RATE_LIMITED,
        `Too many failed sign-ins from your network. Try again in ${waitText(wait)}.`,
        {
          retryAfterSeconds: wait,
        },
      );
    }
    const delay = accountDelayMs(await accountFailures(db, email));
    if (delay > 0) await wait(delay);
    // An address with no recent failures and no other sign-in under way (the real staff, in a
    // flood of guesses) is hashed first.
    return await check(fromAddress.n === 0 && running === 0 ? 'priority' : 'normal');
  } finally {
    const left = (inFlight.get(address) ?? 1) - 1;
    if (left > 0) inFlight.set(address, left);
    else inFlight.delete(address);
  }
}

/** What a failed sign-in keeps in the audit log besides the e-mail: the address it came from. */
export const failureDetail = (ip: string) => ({ address: addressKey(ip) });
