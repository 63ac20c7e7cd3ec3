/** What a log line may say about a failure: never the values a failed query was given. */
export interface SafeError {
  type: string;
  message: string;
  code?: string;
  query?: string;
  paramCount?: number;
  routine?: string;
  constraint?: string;
  table?: string;
  column?: string;
  stack?: string;
  cause?: SafeError;
}

const text = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);

/** Replaces every parameter value (as the database would print it) in a message. */
function withoutValues(message: string, params: readonly string[]): string {
  let out = message;
  for (const value of params) if (value.length > 1) out = out.split(value).join('[param]');
  return out;
}

/**
 * Logged under its own key, not `err`: the logger's error serializer would fold the causes back
 * into one message and drop their codes.
 *
 * A failed query carries its parameters (complaint texts, phones, borrower ids) in its message,
 * in `params`, and in the database's own message and `detail` ("Key (phone)=(0917…) exists").
 * The log keeps the SQL with its placeholders, the error code and where it failed; no value.
 */
export function safeError(err: unknown, params: readonly string[] = [], depth = 0): SafeError {
  const e = (err ?? {}) as Record<string, unknown>;
  const ownParams = Array.isArray(e.params) ? e.params.map((p) => String(p)) : [];
  const all = [...params, ...ownParams];
  const query = text(e.query);
  const raw = text(e.message) ?? String(err);
  // Drizzle's wrapper prints the parameters after the SQL; the database's own message may quote one.
  const message =
    query !== undefined && raw.startsWith('Failed query:') ? `Failed query: ${query}` : withoutValues(raw, all);
  const out: SafeError = { type: err instanceof Error ? err.constructor.name : typeof err, message };
  if (query !== undefined) {
    out.query = query;
    out.paramCount = ownParams.length;
  }
  for (const key of ['code', 'routine', 'constraint', 'table', 'column'] as const) {
    const value = text(e[key]);
    if (value !== undefined) out[key] = value;
  }
  const stack = text(e.stack);
  if (stack !== undefined) {
    // The stack opens with the message again; only its frames are kept after the safe message.
    const frames = stack.indexOf('\n    at ');
    out.stack = `${out.type}: ${message}${frames >= 0 ? stack.slice(frames) : ''}`;
  }
  if (e.cause !== undefined && depth < 4) out.cause = safeError(e.cause, all, depth + 1);
  return out;
}
