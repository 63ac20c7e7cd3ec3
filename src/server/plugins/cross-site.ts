import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Code } from '../../shared/codes';
import { AppError } from '../http/app-error';

/** Methods that change nothing: a cross-site GET (a link, an image) stays allowed. */
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Whether the origin names the host the request was sent to; a default port may be written or not. */
function sameHost(origin: URL, hostHeader: string | undefined): boolean {
  if (!hostHeader) return false;
  try {
    return new URL(`${origin.protocol}//${hostHeader}`).host === origin.host;
  } catch {
    return false;
  }
}

/**
 * Why a request must be refused as cross-site, or null when it may go on.
 *
 * A browser sends `Origin` on every POST (and `Sec-Fetch-Site` where it supports fetch metadata);
 * the native app and the payment provider's server-to-server callbacks send neither, so they pass.
 * "Ours" is the origin the request was addressed to (its Host) or PUBLIC_URL's, so a proxy that
 * rewrites the scheme or the port does not turn our own pages away. `Sec-Fetch-Site: same-origin`
 * is ours whatever `Origin` says; otherwise `Origin: null` (a sandboxed frame, a redirect across
 * sites, an older browser's form under no-referrer) is not, and `same-site` (another port or
 * subdomain) must still name our origin.
 */
export function crossSiteReason(req: FastifyRequest, publicOrigin: string | null): string | null {
  if (SAFE_METHODS.has(req.method)) return null;
  const site = req.headers['sec-fetch-site'];
  if (site === 'cross-site') return 'Sec-Fetch-Site: cross-site';
  // The browser itself vouches for a page of ours (a header no page can set). Needed because with
  // our `Referrer-Policy: no-referrer` a same-origin form post carries `Origin: null`.
  if (site === 'same-origin' || site === 'none') return null;
  const origin = req.headers.origin;
  if (origin === undefined) return null;
  if (typeof origin !== 'string' || origin === 'null') return 'Origin: null';
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return 'Origin: not an origin';
  }
  if (publicOrigin !== null && url.origin === publicOrigin) return null;
  if (sameHost(url, req.headers.host)) return null;
  return `Origin: ${url.origin}`;
}

/**
 * Refuses every state-changing request another site's page sends (login CSRF: a form that signs the
 * victim's browser into the attacker's account; a page that signs a borrower out; a staff call
 * ridden on a signed-in admin's browser). Runs on the request, before the body is read and before
 * any route, so a refused call changes nothing.
 */
export function installCrossSiteGuard(app: FastifyInstance, publicUrl: string | undefined): void {
  const publicOrigin = publicUrl ? new URL(publicUrl).origin : null;
  app.addHook('onRequest', async (req) => {
    const reason = crossSiteReason(req, publicOrigin);
    if (reason === null) return;
    req.log.warn({ reason, method: req.method, url: req.routeOptions.url ?? null }, 'cross-site request refused');
    throw new AppError(Code.CROSS_SITE_REFUSED, 'This request came from another site and was refused', { reason });
  });
}
