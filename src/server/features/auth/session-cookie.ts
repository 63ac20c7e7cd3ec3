import type { FastifyRequest } from 'fastify';

/**
 * The web login's session in a browser: an HttpOnly cookie, so a borrower stays signed in across
 * tabs and restarts while page scripts never see the token. The native app keeps sending its
 * `sessionId` (header or query), which wins over the cookie.
 */
export const SESSION_COOKIE = 'hiram_session';
const COOKIE_PATH = '/owner';
const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '::1', '[::1]']);

/** The cookie's value, or null. */
export function sessionCookieFrom(cookieHeader: unknown): string | null {
  if (typeof cookieHeader !== 'string') return null;
  for (const part of cookieHeader.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0 || part.slice(0, eq).trim() !== SESSION_COOKIE) continue;
    const value = part.slice(eq + 1).trim();
    return /^[A-Za-z0-9_-]{1,200}$/.test(value) ? value : null;
  }
  return null;
}

/**
 * Secure whenever the page was served over https (directly or behind a proxy the server trusts),
 * and in production on any host but this machine; plain http stays usable on localhost and in tests.
 */
export function cookieIsSecure(req: FastifyRequest, production: boolean): boolean {
  if (req.protocol === 'https') return true;
  return production && !LOCAL_HOSTS.has(req.hostname.replace(/:\d+$/, ''));
}

function attributes(secure: boolean): string {
  return `Path=${COOKIE_PATH}; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`;
}

/** Lives as long as the session's absolute limit; the idle limit is checked by the server. */
export function sessionCookie(token: string, absoluteDays: number, secure: boolean): string {
  return `${SESSION_COOKIE}=${token}; Max-Age=${absoluteDays * 86_400}; ${attributes(secure)}`;
}

export function clearedSessionCookie(secure: boolean): string {
  return `${SESSION_COOKIE}=; Max-Age=0; ${attributes(secure)}`;
}
