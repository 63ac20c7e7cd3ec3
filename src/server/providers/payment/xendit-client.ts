/**
 * The HTTP client of every Xendit call (payment requests v2 and v3, payouts, transactions): the
 * pay or payout reference as its `Idempotency-key`, so a retry, or a second tap on the same pending
 * request, gets what Xendit already made instead of a second one.
 */

export const XENDIT_BASE_URL = 'https://api.xendit.co';

/** A refusal Xendit answered: its HTTP status and its `error_code` (or a network fault, status 0). */
export class XenditError extends Error {
  constructor(
    readonly status: number,
    readonly errorCode: string,
    message: string,
    /** Milliseconds Xendit asked us to wait before asking again (its `Rate-Limit-Reset`), when it said. */
    readonly retryAfterMs: number | null = null,
  ) {
    super(`Xendit ${status} ${errorCode}: ${message}`);
    this.name = 'XenditError';
  }

  /** Worth asking again with the same idempotency key: rate limited, Xendit's fault, or no answer. */
  get retryable(): boolean {
    return this.status === 0 || this.status === 429 || this.status >= 500;
  }
}

export interface XenditClientOptions {
  secretKey: string;
  baseUrl?: string | undefined;
  /** How long one attempt may take before it counts as a timeout. */
  timeoutMs?: number;
  /** Attempts in all, the first included. */
  attempts?: number;
  /** Wait before the second attempt; doubled before each later one. */
  backoffMs?: number;
  fetch?: typeof fetch;
  sleep?: (ms: number) => Promise<void>;
  /** Sent with every request: Xendit's v3 APIs need their `api-version`. */
  headers?: Record<string, string>;
}

/** The longest wait a `Rate-Limit-Reset` is honoured for (a longer reset is waited this long, then asked again). */
export const MAX_RATE_LIMIT_WAIT_MS = 60_000;

/**
 * Xendit's `Rate-Limit-Reset` header: the seconds until the rate-limit window resets. Null when
 * absent or not a number; capped at MAX_RATE_LIMIT_WAIT_MS.
 */
export function rateLimitResetMs(value: string | null): number | null {
  if (value === null || value.trim() === '') return null;
  const seconds = Number(value);
  if (!Number.isFinite(seconds) || seconds < 0) return null;
  return Math.min(Math.ceil(seconds * 1000), MAX_RATE_LIMIT_WAIT_MS);
}

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * POSTs a JSON body to Xendit, authenticated with the secret key (HTTP Basic, the key as the user
 * and no password), and answers the parsed reply. 429, 5xx and timeouts are retried with
 * backoff under the same idempotency key (a 429 waits at least its `Rate-Limit-Reset`); any other
 * refusal is thrown at once.
 */
export function xenditClient(options: XenditClientOptions) {
  const baseUrl = (options.baseUrl ?? XENDIT_BASE_URL).replace(/\/+$/, '');
  const timeoutMs = options.timeoutMs ?? 10_000;
  const attempts = Math.max(1, options.attempts ?? 3);
  const backoffMs = options.backoffMs ?? 500;
  const doFetch = options.fetch ?? fetch;
  const sleep = options.sleep ?? wait;
  const authorization = `Basic ${Buffer.from(`${options.secretKey}:`).toString('base64')}`;

  const extra = options.headers ?? {};

  async function once(path: string, idempotencyKey: string | null, body: unknown): Promise<unknown> {
    let response: Response;
    try {
      response = await doFetch(`${baseUrl}${path}`, {
        method: idempotencyKey === null ? 'GET' : 'POST',
        headers:
          idempotencyKey === null
            ? { ...extra, authorization }
            : { ...extra, authorization, 'content-type': 'application/json', 'idempotency-key': idempotencyKey },
        ...(idempotencyKey === null ? {} : { body: JSON.stringify(body) }),
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      const timedOut = error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
      throw new XenditError(
        0,
        timedOut ? 'TIMEOUT' : 'NETWORK_ERROR',
        error instanceof Error ? error.message : String(error),
      );
    }
    const text = await response.text();
    let parsed: unknown = null;
    try {
      parsed = text ? JSON.parse(text) : null;
    } catch {
      parsed = null;
    }
    if (!response.ok) {
      const reply = (parsed ?? {}) as { error_code?: unknown; message?: unknown };
      const code = typeof reply.error_code === 'string' ? reply.error_code : 'UNKNOWN_ERROR';
      const message = typeof reply.message === 'string' ? reply.message : text.slice(0, 200);
      const retryAfterMs = response.status === 429 ? rateLimitResetMs(response.headers.get('rate-limit-reset')) : null;
      throw new XenditError(response.status, code, message, retryAfterMs);
    }
    if (parsed === null) throw new XenditError(response.status, 'INVALID_RESPONSE', 'the reply is not JSON');
    return parsed;
  }

  async function withRetries(call: () => Promise<unknown>): Promise<unknown> {
    for (let attempt = 1; ; attempt += 1) {
      try {
        return await call();
      } catch (error) {
        if (!(error instanceof XenditError) || !error.retryable || attempt >= attempts) throw error;
        // Rate limited with a stated reset: wait that long (never less than our own backoff).
        const backoff = backoffMs * 2 ** (attempt - 1);
        await sleep(Math.max(backoff, error.retryAfterMs ?? 0));
      }
    }
  }

  return {
    post: (path: string, idempotencyKey: string, body: unknown) => withRetries(() => once(path, idempotencyKey, body)),
    get: (path: string) => withRetries(() => once(path, null, null)),
  };
}
