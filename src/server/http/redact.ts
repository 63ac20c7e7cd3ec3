/** Query parameters whose values never reach a log (architecture.md: Sessions). */
const SECRET_PARAMS = /^(sessionid|token|smscode|code|verifycode|capcode|password|cardno|accountno)$/i;

/** The URL with secret query values replaced, for request logs. */
export function redactUrl(url: string): string {
  const q = url.indexOf('?');
  if (q < 0) return url;
  const params = new URLSearchParams(url.slice(q + 1));
  for (const key of [...params.keys()]) if (SECRET_PARAMS.test(key)) params.set(key, '[redacted]');
  return `${url.slice(0, q)}?${params.toString()}`;
}
