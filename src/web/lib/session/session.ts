import { SESSION_PARAMS, type SessionParam } from '../../../shared/constants';

/** architecture.md: Sessions: the session parameters the native app (or the web login) gave this tab. */
export type Session = Readonly<Partial<Record<SessionParam, string>>>;
export type SessionValues = Partial<Record<SessionParam, string | number | null | undefined>>;

export const SESSION_STORAGE_KEY = 'hiram.session';

const EMPTY: Session = Object.freeze({});
let current: Session | undefined;
const listeners = new Set<() => void>();

function isSessionParam(name: string): name is SessionParam {
  return (SESSION_PARAMS as readonly string[]).includes(name);
}

function clean(values: SessionValues): Session {
  const out: Partial<Record<SessionParam, string>> = {};
  for (const name of SESSION_PARAMS) {
    const value = values[name];
    if (value !== undefined && value !== null && String(value) !== '') out[name] = String(value);
  }
  return Object.freeze(out);
}

function readStorage(): Session {
  try {
    const raw = window.sessionStorage.getItem(SESSION_STORAGE_KEY);
    if (!raw) return EMPTY;
    const parsed: unknown = JSON.parse(raw);
    return parsed && typeof parsed === 'object' ? clean(parsed as SessionValues) : EMPTY;
  } catch {
    return EMPTY;
  }
}

function writeStorage(session: Session): void {
  try {
    if (Object.keys(session).length === 0) window.sessionStorage.removeItem(SESSION_STORAGE_KEY);
    else window.sessionStorage.setItem(SESSION_STORAGE_KEY, JSON.stringify(session));
  } catch {
    // Storage can be off (private mode, a locked-down webview): the session still lives in memory.
  }
}

function replace(next: Session): void {
  current = next;
  writeStorage(next);
  for (const listener of listeners) listener();
}

/**
 * The current session. The same object is returned until the session changes, so callers can
 * cache what they derive from it.
 */
export function getSession(): Session {
  current ??= readStorage();
  return current;
}

/** Merges values into the session (used after the web login with `{ sessionId, userId }`). */
export function setSession(values: SessionValues): void {
  replace(clean({ ...getSession(), ...values }));
}

export function clearSession(): void {
  replace(EMPTY);
}

/** Called after every change of the session; returns the unsubscribe function. */
export function subscribeSession(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const WEB_SIGN_IN_KEY = 'hiram.web-signed-in';

/** localStorage, which can be off (private mode): then the cookie alone signs the borrower in. */
function mark(on: boolean): boolean {
  try {
    const store = window.localStorage;
    if (on) store.setItem(WEB_SIGN_IN_KEY, '1');
    else store.removeItem(WEB_SIGN_IN_KEY);
    return on;
  } catch {
    return false;
  }
}

/**
 * The web login keeps its token in an HttpOnly cookie the page cannot read; this mark (no secret,
 * shared by every tab) only says that this browser signed in, for the menu and the switch question.
 */
export function isWebSignedIn(): boolean {
  try {
    return window.localStorage.getItem(WEB_SIGN_IN_KEY) === '1';
  } catch {
    return false;
  }
}

/** After the web login: the cookie carries the token, the tab keeps only the user id. */
export function markWebSignedIn(userId: string): void {
  mark(true);
  replace(clean({ userId }));
}

/** Sign-out or an ended session: forgets this tab's session and the browser's sign-in mark. */
export function endSession(): void {
  mark(false);
  pending = null;
  replace(EMPTY);
}

let pending: Session | null = null;

/** A session an address brought while this tab was signed in as someone, waiting for the borrower's answer. */
export function getPendingSwitch(): Session | null {
  return pending;
}

/** The borrower's answer to the switch question: take the address's session, or keep the current one. */
export function answerSwitch(accept: boolean): void {
  const next = pending;
  pending = null;
  if (accept && next) replace(next);
  else for (const listener of listeners) listener();
}

export interface InitOptions {
  /**
   * The native app owns the address (its sessionId is the app's signed-in borrower): switch
   * without asking. In a browser a link could carry someone else's session, so the borrower is asked.
   */
  trustAddressSession?: boolean;
}

/**
 * On entry: takes the session parameters out of the query string into sessionStorage, and
 * removes them from the address bar (other parameters such as productId and orderId, and the
 * hash, stay). A query carrying a sessionId starts a new session; other session parameters alone
 * are merged into the one kept. A sessionId that differs from the tab's current session (its own,
 * or the browser's web sign-in) waits for the borrower's answer (`getPendingSwitch`).
 */
export function initSessionFromUrl(options: InitOptions = {}): Session {
  const url = new URL(window.location.href);
  const found: SessionValues = {};
  let any = false;
  for (const name of [...url.searchParams.keys()]) {
    if (!isSessionParam(name)) continue;
    found[name] = url.searchParams.get(name);
    url.searchParams.delete(name);
    any = true;
  }
  if (!any) return getSession();

  const current = getSession().sessionId;
  if (!found.sessionId || found.sessionId === current) setSession(found);
  else if (options.trustAddressSession || (!current && !isWebSignedIn())) replace(clean(found));
  else pending = clean(found);

  const query = url.searchParams.toString();
  window.history.replaceState(window.history.state, '', `${url.pathname}${query ? `?${query}` : ''}${url.hash}`);
  return getSession();
}
