import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';
import { BOOT_MODULE } from '../../shared/boot-module';

/** The one inline script a page may run: the boot module of the pages that paint from their HTML. */
const BOOT_MODULE_SOURCE = `'sha256-${createHash('sha256').update(BOOT_MODULE).digest('base64')}'`;

/**
 * CSP, HSTS, nosniff, frame-ancestors and `Referrer-Policy: no-referrer` (architecture.md: Sessions),
 * on every response.
 *
 * Helmet itself, built once. (@fastify/helmet built a new Helmet, parsing every CSP directive
 * again, for each request, in two hooks: about 5% of the server's time under load.)
 */
export async function registerSecurity(app: FastifyInstance): Promise<void> {
  const headers = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        // No inline <script> runs but the boot module, allowed by its hash (shared/boot-module.ts).
        scriptSrc: ["'self'", BOOT_MODULE_SOURCE],
        // antd-mobile and React set style attributes.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        frameSrc: ["'self'"],
        frameAncestors: ["'self'"],
        formAction: ["'self'"],
        baseUri: ["'self'"],
        objectSrc: ["'none'"],
      },
    },
    strictTransportSecurity: { maxAge: 31_536_000, includeSubDomains: true },
    referrerPolicy: { policy: 'no-referrer' },
    crossOriginEmbedderPolicy: false,
  });
  // Helmet 8 throws rather than passing an error on; its callback only says it is done.
  app.addHook('onRequest', (req, reply, done) => headers(req.raw, reply.raw, () => done()));
}
