import { pages } from '../../../shared/pages';

/**
 * Where to go after signing in: the `redirect` query parameter when it is a path of this site
 * (an absolute or protocol-relative address could send the borrower elsewhere), else home.
 */
export function safeRedirect(raw: string | null | undefined, origin: string = window.location.origin): string {
  if (!raw?.startsWith('/') || raw.startsWith('//') || raw.startsWith('/\\')) return pages.home;
  try {
    const url = new URL(raw, origin);
    if (url.origin !== origin || url.pathname === pages.login) return pages.home;
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return pages.home;
  }
}
