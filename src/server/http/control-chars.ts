import type { FastifyRequest } from 'fastify';
import { badRequest } from './app-error';

/** C0 and C1 control characters and DEL; PostgreSQL refuses NUL in text, and none belongs in a field. */
const ANY_CONTROL = /\p{Cc}/u;
/** The same, except tab, line feed and carriage return, which a multi-line text may hold. */
const CONTROL_BUT_LINES = /(?![\t\n\r])\p{Cc}/u;

/** The dotted path of the first string under `value` that matches, or null. */
function firstMatch(value: unknown, pattern: RegExp, path: string, depth = 0): string | null {
  if (typeof value === 'string') return pattern.test(value) ? path : null;
  if (depth > 8 || value === null || typeof value !== 'object') return null;
  // Multipart bodies carry file streams, not text: their fields are read by the upload code.
  if (Buffer.isBuffer(value)) return null;
  for (const [key, item] of Object.entries(value)) {
    const found =
      firstMatch(item, pattern, path ? `${path}.${key}` : key, depth + 1) ?? (pattern.test(key) ? key : null);
    if (found !== null) return found;
  }
  return null;
}

/**
 * Refuses a request whose path, query or body holds a control character, naming the field: a
 * body text may hold tabs and line breaks (complaint details, replies), a path or query value
 * may not. Runs before validation, so no route reaches the database with one.
 */
export async function refuseControlCharacters(req: FastifyRequest): Promise<void> {
  const field =
    firstMatch(req.params, ANY_CONTROL, '') ??
    firstMatch(req.query, ANY_CONTROL, '') ??
    firstMatch(req.body, CONTROL_BUT_LINES, '');
  if (field !== null) {
    throw badRequest(`${field || 'request'}: must not contain control characters`, field || undefined);
  }
}
