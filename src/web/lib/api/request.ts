import { getLocale } from '../i18n';
import type { CallDef } from '../../../shared/api/define-call';
import { API_BASE } from '../../../shared/constants';
import { commonParts } from './common-params';

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

/**
 * spec 000 §7, architecture.md: The wire contract: base /owner; common parameters on the query string; GET payloads as
 * query parameters; POST payloads form-encoded (multipart for uploads); X-Requested-With on all.
 */
export function buildRequest(call: CallDef, payload: Payload): { url: string; init: RequestInit } {
  const common = commonParts();
  const query = new URLSearchParams();
  for (const [key, value] of common.query) query.append(key, value);

  const headers: Record<string, string> = {
    Accept: 'application/json',
    'X-Requested-With': 'XMLHttpRequest',
    // The server writes its labels (form items, detail rows) in the reader's language.
    'Accept-Language': getLocale(),
    ...common.headers,
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
