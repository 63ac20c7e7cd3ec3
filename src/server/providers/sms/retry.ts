export interface RetryOptions {
  /** Tries in all, the first included (default 3). */
  attempts?: number;
  /** The first wait; each later one doubles (default 400 ms). */
  baseMs?: number;
  /** No wait is longer: a borrower is waiting for the code (default 4 s). */
  maxWaitMs?: number;
  /** Replaced in tests, so they do not wait. */
  sleep?: (ms: number) => Promise<void>;
  random?: () => number;
}

type Outcome = { ok: true } | { ok: false; retry: boolean; retryAfterMs?: number };

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** The wait before try `attempt + 1`: exponential with full jitter, or the gateway's Retry-After. */
export function backoffMs(attempt: number, retryAfterMs: number | undefined, options: RetryOptions = {}): number {
  const base = options.baseMs ?? 400;
  const random = options.random ?? Math.random;
  if (retryAfterMs !== undefined) return retryAfterMs;
  return Math.round(base * 2 ** (attempt - 1) * (0.5 + random() / 2));
}

/**
 * Calls `call` until it succeeds, refuses for good, or the tries run out. A Retry-After longer
 * than the longest wait ends the tries at once: the borrower would have given up by then.
 */
export async function retrying<R extends Outcome>(
  call: () => Promise<R>,
  options: RetryOptions = {},
): Promise<{ reply: R; attempts: number }> {
  const attempts = options.attempts ?? 3;
  const maxWait = options.maxWaitMs ?? 4000;
  const sleep = options.sleep ?? wait;
  for (let attempt = 1; ; attempt++) {
    const reply = await call();
    if (reply.ok || !reply.retry || attempt >= attempts) return { reply, attempts: attempt };
    const delay = backoffMs(attempt, reply.retryAfterMs, options);
    if (delay > maxWait) return { reply, attempts: attempt };
    await sleep(delay);
  }
}
