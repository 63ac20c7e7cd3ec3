import { type RawEnvelope, readEnvelope } from '../../../shared/api/call-request';
import type { CallDef, CallInput, CallReply } from '../../../shared/api/define-call';
import { Code } from '../../../shared/codes';
import { HTTP_TIMEOUT_MS } from '../../../shared/constants';
import { isSuccess } from '../../../shared/envelope';
import { t } from '../i18n';
import { onSessionExpired } from '../session';
import { showLoading, showToast } from '../toast';
import { type CallResult, ClientCode } from './errors';
import { buildRequest, type Payload } from './request';

export interface CallOptions {
  /** spec 000 §7: a loading toast with this text until the reply arrives. */
  loading?: string;
  /** No toast on failure: for pages the spec says ignore failures silently (spec 001 §8). */
  silent?: boolean;
  /** Cancels the call, e.g. the signal React Query hands a query. */
  signal?: AbortSignal;
}

let transport: typeof fetch = (input, init) => fetch(input, init);

/**
 * Where calls go: `fetch` in the browser. When the server renders a static page it answers the
 * page's public reads in-process instead (app/server-render.tsx).
 */
export function setTransport(next: typeof fetch): void {
  transport = next;
}

function isSessionExpired(code: number | string): boolean {
  return Number(code) === Code.SESSION_EXPIRED;
}

/**
 * The shared helper of spec 000 §7–8 and spec 001 §7. It always resolves, never rejects:
 * - success when `isSuccess(code, call.success)` (integer 0, or "00" for the calls marked so);
 * - any other code: the server message in a toast, and the result still passed to the caller;
 *   the envelope is read whatever the HTTP status (our server answers errors with 4xx/5xx);
 * - the session-expired code also goes to `onSessionExpired` (the client never navigates);
 * - a network failure or the 60 s timeout: code NETWORK and a toast saying the network failed.
 *   Deliberate departure from spec 000 §8, where a network failure "neither succeeds nor fails
 *   and the loading toast may stay": a borrower on a slow network would be left under a spinner
 *   that never ends, so the loading toast always ends and the caller always hears back.
 */
export async function callApi<C extends CallDef>(
  call: C,
  payload: CallInput<C>,
  options: CallOptions = {},
): Promise<CallResult<CallReply<C>>> {
  const { url, init } = buildRequest(call, (payload ?? {}) as Payload);
  const hideLoading = options.loading ? showLoading(options.loading) : undefined;
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), HTTP_TIMEOUT_MS);
  const cancel = () => controller.abort();
  options.signal?.addEventListener('abort', cancel, { once: true });

  let envelope: RawEnvelope | undefined;
  let failure: keyof typeof ClientCode | undefined;
  try {
    if (options.signal?.aborted) throw new DOMException('Aborted', 'AbortError');
    const response = await transport(url, { ...init, signal: controller.signal });
    envelope = await readEnvelope(response);
    if (!envelope) failure = 'BAD_REPLY';
  } catch {
    failure = options.signal?.aborted ? 'ABORTED' : 'NETWORK';
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener('abort', cancel);
    hideLoading?.();
  }

  if (failure || !envelope) {
    const code = ClientCode[failure ?? 'BAD_REPLY'];
    const message = code === ClientCode.NETWORK ? t('api.networkFailed') : t('api.badReply');
    if (code !== ClientCode.ABORTED && !options.silent) showToast(message);
    return { success: false, code, message, data: null };
  }

  const success = isSuccess(envelope.code, call.success);
  const result: CallResult<CallReply<C>> = {
    success,
    code: envelope.code,
    message: envelope.message || (success ? '' : t('api.failed')),
    data: envelope.data as CallReply<C> | null,
  };
  if (!success) {
    if (!options.silent) showToast(result.message);
    if (isSessionExpired(envelope.code)) onSessionExpired();
  }
  return result;
}
