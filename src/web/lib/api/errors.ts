import { Code } from '../../../shared/codes';

/**
 * Failure codes and the query error type, kept apart from the client so the app shell can
 * configure React Query without loading the client and its toasts (antd-mobile Toast and its
 * animation library are the largest part of the client's chunk).
 */

/** Codes of our own, for failures where no server answered in the envelope. */
export const ClientCode = {
  /** The network failed or the call timed out. */
  NETWORK: 'NETWORK',
  /** A server answered, but not with the reply envelope (e.g. a proxy's HTML error page). */
  BAD_REPLY: 'BAD_REPLY',
  /** The caller cancelled the call (a page left before the reply). */
  ABORTED: 'ABORTED',
} as const;

/** What every call resolves with: the envelope, plus whether it counts as a success. */
export interface CallResult<T> {
  success: boolean;
  code: number | string;
  message: string;
  data: T | null;
}

/** A failed call, thrown inside React Query so a query lands in its error state. */
export class ApiError extends Error {
  readonly result: CallResult<unknown>;

  constructor(result: CallResult<unknown>) {
    super(result.message);
    this.name = 'ApiError';
    this.result = result;
  }

  get code(): number | string {
    return this.result.code;
  }
}

/** Only a network failure is worth one more try; a server that said no will say no again. */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  return failureCount < 1 && error instanceof ApiError && error.code === ClientCode.NETWORK;
}

/**
 * Whether asking again could answer differently: the network, a reply that was not ours, a
 * server error, a dependency briefly unavailable or a rate limit. A refusal (bad input, not found,
 * not allowed, a conflict of state) says the same again, so no "Try again" is offered for it.
 */
export function retryCanHelp(error: unknown): boolean {
  // Read by shape, not by class: a page and its query may hold copies of this module (tests, chunks).
  const result = (error as { result?: { code?: unknown } } | null)?.result;
  if (!result || (typeof result.code !== 'number' && typeof result.code !== 'string')) return true;
  const code = result.code;
  if (code === ClientCode.NETWORK || code === ClientCode.BAD_REPLY) return true;
  const n = Number(code);
  return n === Code.RATE_LIMITED || n >= Code.SERVER_ERROR;
}
