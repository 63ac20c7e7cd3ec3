import { API_BASE } from '../constants';
import type { CallDef } from './define-call';

/**
 * The contract-driven request and reply of one call, shared by the borrower pages' client
 * (src/web/lib/api) and the back office's (src/admin/api.ts): each adds its own session (the
 * borrower's common parameters, the staff token) and its own way of telling failures.
 */
export type Payload = Readonly<Record<string, unknown>>;

/** A payload value on the wire: undefined and null are left out, lists are comma-joined (spec 000 §3). */
function wireValue(value: unknown): string | undefined {
  if (value === undefined || value === null) return undefined;
  if (Array.isArray(value)) return value.map(String).join(',');
  if (value instanceof Date) return value.toISOString();
  return String(value);
}

function appendAll(target: URLSearchParams | FormData, payload: Payload): void {
  for (const [key, value] of Object.entries(payload)) {
    if (target instanceof FormData && value instanceof Blob) {
      target.append(key, value);
      continue;
    }
    const wire = wireValue(value);
    if (wire !== undefined) target.append(key, wire);
  }
}

export interface RequestParts {
  /** Parameters every call of this client carries on its query string (a payload field wins). */
  query: Iterable<readonly [string, string]>;
  /** Headers every call of this client carries: its session, its language. */
  headers: Record<string, string>;
}

/**
 * architecture.md: The wire contract: base /owner; GET payloads as query parameters; POST payloads
 * form-encoded (multipart for uploads); X-Requested-With on all.
 */
export function buildCallRequest(
  call: CallDef,
  payload: Payload,
  parts: RequestParts,
): { url: string; init: RequestInit } {
  const query = new URLSearchParams();
  for (const [key, value] of parts.query) query.append(key, value);
  const headers: Record<string, string> = {
    Accept: 'application/json',
    'X-Requested-With': 'XMLHttpRequest',
    ...parts.headers,
  };
  let body: BodyInit | undefined;

  if (call.method === 'GET') {
    for (const key of Object.keys(payload)) query.delete(key);
    appendAll(query, payload);
  } else if (call.multipart) {
    const form = new FormData();
    appendAll(form, payload);
    body = form; // the browser writes the multipart boundary into Content-Type
  } else {
    const form = new URLSearchParams();
    appendAll(form, payload);
    body = form.toString();
    headers['Content-Type'] = 'application/x-www-form-urlencoded;charset=UTF-8';
  }

  const qs = query.toString();
  return {
    url: `${API_BASE}${call.path}${qs ? `?${qs}` : ''}`,
    init: { method: call.method, headers, body, credentials: 'same-origin' },
  };
}

/** A reply's envelope as it came: `{ code, data, message }`, whatever the HTTP status. */
export interface RawEnvelope {
  code: number | string;
  data: unknown;
  message: string;
}

function asEnvelope(json: unknown): RawEnvelope | undefined {
  if (!json || typeof json !== 'object') return undefined;
  const { code, data, message } = json as Record<string, unknown>;
  if (typeof code !== 'number' && typeof code !== 'string') return undefined;
  return { code, data: data ?? null, message: typeof message === 'string' ? message : '' };
}

/** The envelope of a reply, or undefined when it is none (a proxy's HTML error page). */
export async function readEnvelope(response: Response): Promise<RawEnvelope | undefined> {
  const text = await response.text();
  try {
    return asEnvelope(JSON.parse(text));
  } catch {
    return undefined;
  }
}
