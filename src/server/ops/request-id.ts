import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';

/**
 * An incoming X-Request-Id is kept only when it looks like an id (a load balancer's or a caller's
 * trace id): anything longer or with other characters could smuggle text into every log line.
 */
const SANE_ID = /^[A-Za-z0-9._:-]{8,64}$/;

export const REQUEST_ID_HEADER = 'x-request-id';

/** Fastify's `genReqId`: the caller's id when sane, a fresh UUID otherwise. */
export function requestIdOf(req: IncomingMessage): string {
  const given = req.headers[REQUEST_ID_HEADER];
  return typeof given === 'string' && SANE_ID.test(given) ? given : randomUUID();
}

/** The id of the request being served, for log lines written through the app's logger inside it. */
const current = new AsyncLocalStorage<string>();

/** The apps' own loggers, which the services are handed at build. */
const rootLoggers = new WeakSet<object>();

/**
 * Pino's `mixin`: services log through the app's logger (handed to them at build), not the
 * request's, so without this their lines in a request would carry no id. A request's own child
 * logger already has it in its bindings, so only the app's logger gets it here (the key is not
 * doubled, and no line pays for reading its logger's bindings).
 */
export function requestIdMixin(_merge: object, _level: number, logger: object) {
  if (!rootLoggers.has(logger)) return {};
  const id = current.getStore();
  return id === undefined ? {} : { reqId: id };
}

/** Echoes the id in the reply and runs the rest of the request inside its log context. */
export function installRequestId(app: FastifyInstance): void {
  rootLoggers.add(app.log);
  app.addHook('onRequest', (req, reply, done) => {
    reply.header('X-Request-Id', req.id);
    current.run(req.id, done);
  });
}
