import type { CallDef } from '../../../shared/api/define-call';
import { buildCallRequest, type Payload } from '../../../shared/api/call-request';
import { getLocale } from '../i18n';
import { commonParts } from './common-params';

export type { Payload };

/** spec 000 §7: the borrower's common parameters on the query string, its session and language in headers. */
export function buildRequest(call: CallDef, payload: Payload): { url: string; init: RequestInit } {
  const common = commonParts();
  return buildCallRequest(call, payload, {
    query: common.query,
    // The server writes its labels (form items, detail rows) in the reader's language.
    headers: { 'Accept-Language': getLocale(), ...common.headers },
  });
}
