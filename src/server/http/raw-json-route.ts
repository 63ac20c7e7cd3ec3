import type { FastifyInstance } from 'fastify';

/**
 * A provider's callback route: it needs the raw body for its signature, so JSON is not parsed for
 * it. The handler's answer is the envelope's data.
 */
export function rawJsonRoute(
  app: FastifyInstance,
  path: string,
  handle: (headers: Record<string, string | string[] | undefined>, rawBody: string) => Promise<unknown>,
): void {
  app.register(async (scope) => {
    scope.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, body, done) => done(null, body));
    scope.post(path, async (req) => {
      const rawBody = typeof req.body === 'string' ? req.body : '';
      const data = await handle(req.headers, rawBody);
      return { code: 0, data, message: 'success' };
    });
  });
}
