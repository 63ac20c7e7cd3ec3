/**
 * Query parameters whose values never reach a log (architecture.md: Sessions): secrets, and the
 * personal data a borrower is found by (a mobile number, a government ID number).
 */
const SECRET_PARAMS =
  /^(sessionid|token|smscode|code|verifycode|capcode|password|cardno|accountno|phone|mobile|refphone|walletno|idnumber|idno)$/i;

/**
 * A Philippine mobile anywhere in an address (a path segment, a parameter of another name):
 * 09XXXXXXXXX, 639XXXXXXXXX or +639XXXXXXXXX, also URL-encoded.
 */
const MOBILE = /(?:%2B|\+)?(?:63|0)9\d{9}(?!\d)/gi;

/** The URL with secret query values and mobile numbers replaced, for request logs. */
export function redactUrl(url: string): string {
  const q = url.indexOf('?');
  const path = url.slice(0, q < 0 ? url.length : q).replace(MOBILE, '[redacted]');
  if (q < 0) return path;
  const params = new URLSearchParams(url.slice(q + 1));
  for (const [key, value] of [...params.entries()]) {
    const masked = SECRET_PARAMS.test(key) ? '[redacted]' : value.replace(MOBILE, '[redacted]');
    if (masked !== value) params.set(key, masked);
  }
  return `${path}?${params.toString()}`;
}
