/**
 * Addresses the server hands out for the page to open (`playeduL`, `payUrl`, product
 * links) must lead somewhere we chose. The server checks them before sending; the web app checks
 * again before navigating, with the same function.
 */

/** Hosts allowed by default: the app stores. Deployments add theirs (ALLOWED_REDIRECT_HOSTS). */
export const DEFAULT_REDIRECT_HOSTS: readonly string[] = ['play.google.com', 'apps.apple.com'];

/**
 * True for a same-site path ("/repay?orderId=1") or an https address on an allowed host; a
 * host entry "*.example.com" allows its subdomains. Everything else — `javascript:`, `data:`,
 * plain http, protocol-relative "//evil", backslash tricks, user-info, unknown hosts — is refused.
 */
export function isAllowedRedirect(address: string, allowedHosts: readonly string[] = DEFAULT_REDIRECT_HOSTS): boolean {
  const text = address.trim();
  if (text === '' || text.includes('\\') || [...text].some((c) => c.charCodeAt(0) < 0x20)) return false;
  if (text.startsWith('/')) return !text.startsWith('//');
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return false;
  }
  if (url.protocol !== 'https:' || url.username !== '' || url.password !== '') return false;
  const host = url.hostname.toLowerCase();
  return allowedHosts.some((entry) => {
    const allowed = entry.trim().toLowerCase();
    if (allowed.startsWith('*.')) return host.endsWith(allowed.slice(1)) && host.length > allowed.length - 1;
    return host === allowed;
  });
}
