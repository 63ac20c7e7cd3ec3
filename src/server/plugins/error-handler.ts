import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { Code, httpStatusFor } from '../../shared/codes';
import { API_BASE } from '../../shared/constants';
import { AppError } from '../http/app-error';
import { safeError } from '../http/safe-error';
import { errorMessage } from '../i18n/error-messages';

/** The opening words of the validation library's generic messages, as opposed to our own. */
const LIBRARY_MESSAGE = /^(Invalid|Too (small|big)|Unrecognized|Expected)\b/;

/** What a borrower reads when a page sent something the contract refuses in the library's words. */
export const UNREADABLE_INPUT =
  'Something on this page is missing or not filled in correctly. Please check it and try again.';

/** Connection-level failures of the database: the client may retry (code UNAVAILABLE). */
const RETRYABLE = new Set(['ECONNREFUSED', 'ECONNRESET', '57P01', '57P03', '08006', '08001', '08003', 'ETIMEDOUT']);

function isRetryable(err: unknown): boolean {
  let e: unknown = err;
  for (let depth = 0; e && depth < 4; depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && RETRYABLE.has(code)) return true;
    const message = (e as { message?: unknown }).message;
    if (
      typeof message === 'string' &&
      /Connection terminated|connect ECONNREFUSED|connection error and is not queryable|database system is (starting up|shutting down)/.test(
        message,
      )
    )
      return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

/** One central error handler turning every failure into the envelope (architecture.md: The wire contract). */
export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError, req, reply) => {
    // The message in the reader's language (Accept-Language) where we have it.
    const say = (code: number | string, data: unknown, message: string) => ({
      code,
      data,
      message: errorMessage(code, message, req.headers['accept-language']),
    });
    if (err instanceof AppError) {
      return reply.code(httpStatusFor(err.code)).send(say(err.code, err.data, err.message));
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const issue = err.validation[0];
      const field = issue?.instancePath.replace(/^\//, '').replace(/\//g, '.');
      const text = issue?.message ?? 'Invalid input';
      // Our own messages are written for the reader and go as they are (the field is in data).
      // The library's generic ones ("sid: Invalid input: expected string, received undefined")
      // mean a page sent bad data; they reach the page's developer in data.detail and the log,
      // never the borrower's screen, which gets a sentence instead. Staff desks keep the field's
      // name in the message: the back office's forms show it beside what they sent.
      if (LIBRARY_MESSAGE.test(text) && req.url.startsWith('/owner/admin/')) {
        return reply
          .code(400)
          .send(say(Code.BAD_REQUEST, field ? { field } : null, field ? `${field}: ${text}` : text));
      }
      if (LIBRARY_MESSAGE.test(text)) {
        const detail = field ? `${field}: ${text}` : text;
        req.log.info({ detail }, 'a request failed its contract');
        return reply.code(400).send(say(Code.BAD_REQUEST, { field: field || null, detail }, UNREADABLE_INPUT));
      }
      return reply.code(400).send(say(Code.BAD_REQUEST, field ? { field } : null, text));
    }
    if (isResponseSerializationError(err)) {
      req.log.error({ fault: safeError(err), issues: err.cause.issues }, 'reply did not match its contract');
    } else if (isRetryable(err)) {
      req.log.warn({ fault: safeError(err) }, 'database unavailable');
      return reply
        .code(503)
        .header('Retry-After', '2')
        .send(say(Code.UNAVAILABLE, null, 'The service is busy. Please try again in a moment.'));
    } else if (typeof err.statusCode === 'number' && err.statusCode >= 400 && err.statusCode < 500) {
      // Fastify's own refusals: bad content type, body too large, malformed encoding.
      return reply.code(err.statusCode).send(say(Code.BAD_REQUEST, null, err.message || 'Invalid request'));
    } else {
      req.log.error({ fault: safeError(err) }, 'unhandled fault');
    }
    return reply.code(500).send(say(Code.SERVER_ERROR, null, 'Something went wrong on our side. Please try again.'));
  });

  app.setNotFoundHandler((req, reply) => {
    if (req.url.startsWith(API_BASE) || req.method !== 'GET') {
      return reply.code(404).send({ code: Code.NOT_FOUND, data: null, message: 'No such call' });
    }
    return reply.code(404).send({ code: Code.NOT_FOUND, data: null, message: 'Page not found' });
  });
}
