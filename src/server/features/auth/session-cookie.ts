import type { FastifyRequest } from 'fastify';

/**
 * The web login's session in a browser: an HttpOnly cookie, so a borrower stays signed in across
 * tabs and restarts while page scripts never see the token. The native app keeps sending its
 * `sessionId` (header or query), which wins over the cookie.
 *
 * Over https (production) it is `__Host-hiram_session`: the browser then insists on Secure, Path=/
 * and no Domain, so no sibling subdomain can set or overwrite it. Over plain http (a developer's
 * machine, the tests) the prefix is not allowed, so the plain name stays, scoped to /owner.
 * SameSite=Lax, not Strict: a borrower opening a link to their loan from an SMS or another site
 * arrives signed in; a cross-site POST never carries it, and the cross-site guard
 * (`plugins/cross-site.ts`) refuses such a POST anyway, cookie or not (login CSRF needs none).
 */
export const SESSION_COOKIE = 'hiram_session';
export const HOST_SESSION_COOKIE = `__Host-${SESSION_COOKIE}`;
const PLAIN_PATH = '/owner';
const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '::1', '[::1]']);

/** The cookie's value, or null; the __Host- cookie wins over a plain one of the same name. */
export function sessionCookieFrom(cookieHeader: unknown): string | null {
  if (typeof cookieHeader !== 'string') return null;
  let plain: string | null = null;
  for (const part of cookieHeader.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    const name = part.slice(0, eq).trim();
    if (name !== SESSION_COOKIE && name !== HOST_SESSION_COOKIE) continue;
    const raw = part.slice(eq + 1).trim();
    const value = /^[A-Za-z0-9_-]{1,200}$/.test(raw) ? raw : null;
    if (name === HOST_SESSION_COOKIE) return value;
    plain ??= value;
  }
  return plain;
}

/**
 * Secure whenever the page was served over https (directly or behind a proxy the server trusts),
 * and in production on any host but this machine; plain http stays usable on localhost and in tests.
 */
export function cookieIsSecure(req: FastifyRequest, production: boolean): boolean {
  if (req.protocol === 'https') return true;
  return production && !LOCAL_HOSTS.has(req.hostname.replace(/:\d+$/, ''));
}

const HOST_ATTRIBUTES = 'Path=/; HttpOnly; SameSite=Lax; Secure';
const plainAttributes = (secure: boolean) => `Path=${PLAIN_PATH}; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`;

/** Lives as long as the session's absolute limit; the idle limit is checked by the server. */
export function sessionCookie(token: string, absoluteDays: number, secure: boolean): string {
  const maxAge = `Max-Age=${absoluteDays * 86_400}`;
  return secure
    ? `${HOST_SESSION_COOKIE}=${token}; ${maxAge}; ${HOST_ATTRIBUTES}`
    : `${SESSION_COOKIE}=${token}; ${maxAge}; ${plainAttributes(false)}`;
}

/** Over https both names are cleared: the plain cookie may be one an older version set. */
export function clearedSessionCookie(secure: boolean): string[] {
  const plain = `${SESSION_COOKIE}=; Max-Age=0; ${plainAttributes(secure)}`;
  return secure ? [`${HOST_SESSION_COOKIE}=; Max-Age=0; ${HOST_ATTRIBUTES}`, plain] : [plain];
}
