/**
 * One call to Semaphore (https://semaphore.co/docs), the Philippine SMS gateway: POST
 * `/messages` (a text) or `/otp` (a code message; `{otp}` in the text is replaced by `code`, on
 * the priority route the messages endpoint's 120-a-minute limit does not slow), form-encoded
 * fields `apikey`, `number`, `message`, `sendername` and for `/otp` `code`. A success is an array
 * with one object per recipient (`message_id`, `recipient`, `status` such as Queued, Pending,
 * Sent, Failed or Refunded; `/otp` adds `code`). A refusal is a field-keyed object of messages
 * (`{"number": ["The number format is invalid."]}`) or a list of messages; anything but that
 * array of messages counts as a refusal, whatever the HTTP status. A 429 carries `Retry-After`
 * in seconds.
 */
export interface SemaphoreOptions {
  apiKey: string;
  senderName: string;
  baseUrl: string;
  /** Per attempt; a login waits for the send, so it is short. */
  timeoutMs?: number;
}

export type SemaphoreReply =
  | { ok: true; messageId: string; status: string; code: string | null }
  | { ok: false; retry: boolean; error: string; retryAfterMs?: number };

/** The gateway's own words for a message it will not deliver. */
const UNDELIVERED = new Set(['failed', 'refunded']);

export async function callSemaphore(
  options: SemaphoreOptions,
  endpoint: 'messages' | 'otp',
  fields: { number: string; message: string; code?: string },
): Promise<SemaphoreReply> {
  const body = new URLSearchParams({
    apikey: options.apiKey,
    number: fields.number,
    message: fields.message,
    sendername: options.senderName,
  });
  if (fields.code !== undefined) body.set('code', fields.code);
  // What a refusal says is logged and stored: never let the code travel with it.
  const clean = (text: string) => (fields.code ? text.split(fields.code).join('••••••') : text).slice(0, 300);
  let res: Response;
  try {
    res = await fetch(`${options.baseUrl.replace(/\/$/, '')}/${endpoint}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      body,
      signal: AbortSignal.timeout(options.timeoutMs ?? 5000),
    });
  } catch (err) {
    const name = (err as Error).name;
    if (name === 'TimeoutError' || name === 'AbortError') return { ok: false, retry: true, error: 'timeout' };
    const code = (err as { cause?: { code?: string } }).cause?.code;
    return { ok: false, retry: true, error: `network: ${code ?? name}` };
  }
  const text = await res.text().catch(() => '');
  if (res.status === 429) {
    const seconds = Number(res.headers.get('retry-after'));
    return {
      ok: false,
      retry: true,
      error: `HTTP 429: ${clean(summary(text))}`,
      ...(Number.isFinite(seconds) && seconds >= 0 ? { retryAfterMs: seconds * 1000 } : {}),
    };
  }
  if (res.status >= 500) return { ok: false, retry: true, error: `HTTP ${res.status}` };
  if (!res.ok) return { ok: false, retry: false, error: `HTTP ${res.status}: ${clean(summary(text))}` };
  const first = firstMessage(text);
  if (!first) return { ok: false, retry: false, error: `refused: ${clean(summary(text))}` };
  if (UNDELIVERED.has(first.status.toLowerCase())) {
    return { ok: false, retry: false, error: `gateway status ${first.status} (message ${first.messageId})` };
  }
  return { ok: true, ...first };
}

function parse(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** The one message of a successful reply, or null when the reply is not one. */
function firstMessage(text: string): { messageId: string; status: string; code: string | null } | null {
  const json = parse(text);
  const first: unknown = Array.isArray(json) ? json[0] : undefined;
  if (typeof first !== 'object' || first === null) return null;
  const { message_id, status, code } = first as Record<string, unknown>;
  if ((typeof message_id !== 'number' && typeof message_id !== 'string') || typeof status !== 'string') return null;
  return { messageId: String(message_id), status, code: code === undefined || code === null ? null : String(code) };
}

/** A refusal in a line: its messages joined, whatever shape they came in. */
function summary(text: string): string {
  const json = parse(text);
  if (json === undefined) return text.trim() || 'no body';
  const messages: string[] = [];
  const walk = (value: unknown, key?: string) => {
    if (typeof value === 'string') messages.push(key ? `${key}: ${value}` : value);
    else if (Array.isArray(value)) for (const v of value) walk(v, key);
    else if (typeof value === 'object' && value !== null) for (const [k, v] of Object.entries(value)) walk(v, k);
  };
  walk(json);
  return messages.join('; ') || 'empty reply';
}
