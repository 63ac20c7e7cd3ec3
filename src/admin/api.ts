import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { buildCallRequest, readEnvelope } from '../shared/api/call-request';
import type { CallDef, CallInput, CallReply } from '../shared/api/define-call';
import { API_BASE } from '../shared/constants';
import { isSuccess } from '../shared/envelope';
import { staffMe } from '../shared/contracts/back-office';

const TOKEN_KEY = 'hiram.staff';

export const staffToken = {
  get: () => sessionStorage.getItem(TOKEN_KEY),
  set: (token: string) => sessionStorage.setItem(TOKEN_KEY, token),
  clear: () => sessionStorage.removeItem(TOKEN_KEY),
};

/** A refusal from the server: its envelope code and message (shown to the operator as is). */
export class CallError extends Error {
  constructor(
    readonly code: number | string,
    message: string,
  ) {
    super(message);
  }
}

type Fields = Record<string, string | number | boolean | undefined>;

/** A yes/no goes as "1" or "0", as the server's form fields read it. */
const wireFields = (input: Fields) =>
  Object.fromEntries(Object.entries(input).map(([key, value]) => [key, typeof value === 'boolean' ? +value : value]));

/**
 * Makes one call of the shared contract through the borrower pages' request builder
 * (shared/api/call-request.ts), with the staff token; resolves to the reply's data, or throws the
 * refusal. A refused session (40100) signs the operator out.
 */
export async function call<C extends CallDef>(def: C, input: CallInput<C> & Fields): Promise<CallReply<C>> {
  const token = staffToken.get();
  const { url, init } = buildCallRequest(def, wireFields(input), {
    query: [],
    headers: token ? { authorization: `Staff ${token}` } : {},
  });
  const res = await fetch(url, init);
  const body = await readEnvelope(res);
  if (!body) throw new CallError(res.status, `The server answered ${res.status}`);
  if (!isSuccess(body.code, def.success)) {
    if (body.code === 40100) {
      staffToken.clear();
      window.dispatchEvent(new Event('hiram-staff-signed-out'));
    }
    throw new CallError(body.code, body.message);
  }
  return body.data as CallReply<C>;
}

/** A GET call's query, keyed by the call's name and input: one key for a read and a prefetch of it. */
export function callQuery<C extends CallDef>(def: C, input: CallInput<C> & Fields) {
  return { queryKey: [def.name, input], queryFn: () => call(def, input) };
}

/**
 * Who is signed in: asked as the back office opens, beside the download of the signed-in shell
 * (back-office.tsx), and read by the shell; fresh for a minute, so the shell takes that answer
 * instead of asking again. A switch of staff member clears every query first.
 */
export const signedInStaffQuery = () => ({ ...callQuery(staffMe, {}), staleTime: 60_000 });

/** A GET call as a query (`callQuery`). */
export function useCall<C extends CallDef>(def: C, input: CallInput<C> & Fields, enabled = true) {
  return useQuery({ ...callQuery(def, input), enabled });
}

/** A POST call; on success every query is refreshed (lists change after an action). */
export function useAction<C extends CallDef>(def: C) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: CallInput<C> & Fields) => call(def, input),
    onSuccess: () => void client.invalidateQueries(),
  });
}

/** A staff picture (complaints) fetched with the token, as an address the page can show. */
export async function pictureUrl(url: string): Promise<string> {
  const res = await fetch(url.replace(`${API_BASE}/files/`, `${API_BASE}/admin/files/`), {
    headers: { authorization: `Staff ${staffToken.get() ?? ''}` },
  });
  if (!res.ok) throw new CallError(res.status, 'The picture could not be loaded');
  return URL.createObjectURL(await res.blob());
}

export { peso } from './desk-format';
