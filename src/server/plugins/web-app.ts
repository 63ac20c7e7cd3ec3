import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Code } from '../../shared/codes';
import { API_BASE } from '../../shared/constants';
import { replyLocale } from '../i18n/reply-locale';
import { type PageReader, sendHtml, warmStaticPages, webPages } from './web-pages';

/**
 * Who asks for a page. A borrower's page is rendered with their data when the address
 * carries their session (as the native app opens pages, architecture.md: Sessions) and the reader reads English.
 */
function pageReader(req: FastifyRequest): PageReader {
  const query = req.query as Record<string, unknown>;
  const english = query.lang === undefined && replyLocale(req.headers['accept-language']) === 'en';
  const token =
    typeof query.sessionId === 'string' && query.sessionId && query.sessionId.length <= 200
      ? query.sessionId
      : undefined;
  return { english, token };
}

const WARM_UP_DELAY_MS = 2_000;

/**
 * Serves the built web app with an SPA fallback: every page path answers its HTML (web-pages.ts),
 * any other path index.html. Assets go out precompressed (the build writes .br and .gz files).
 */
export async function registerWebApp(app: FastifyInstance, webDist: string): Promise<void> {
  const root = resolve(webDist);
  if (!existsSync(resolve(root, 'index.html'))) {
    app.log.warn({ root }, 'web app not built: pages are not served (run npm run build)');
    return;
  }
  await app.register(fastifyStatic, {
    root,
    wildcard: false,
    index: false,
    preCompressed: true,
    setHeaders(res, path) {
      // Hashed assets never change; the HTML must always be revalidated.
      if (path.includes('/assets/')) res.header('Cache-Control', 'public, max-age=31536000, immutable');
      else res.header('Cache-Control', 'no-cache');
    },
  });
  const pageHtml = webPages(app, root);
  // Static pages are rendered ahead of their first visit, a moment after the start so that the
  // first requests do not share the CPU with them (cold start).
  let warm: NodeJS.Timeout | undefined;
  app.addHook('onListen', async () => {
    warm = setTimeout(() => {
      void warmStaticPages(pageHtml, root).catch((err: unknown) => app.log.warn({ err }, 'static page warm-up failed'));
    }, WARM_UP_DELAY_MS);
    warm.unref();
  });
  app.addHook('onClose', async () => clearTimeout(warm));
  // The back office is an app of its own (dist/web/admin), for every address under /admin.
  const backOffice = existsSync(resolve(root, 'admin', 'index.html'));
  const sendBackOffice = async (_req: unknown, reply: FastifyReply) =>
    backOffice
      ? reply.header('Cache-Control', 'no-cache').sendFile('admin/index.html')
      : reply.code(404).send('The back office is not built');
  app.get('/admin', sendBackOffice);
  app.get('/admin/*', sendBackOffice);
  app.get('/*', async (req, reply) => {
    const path = req.url.split('?')[0] ?? '/';
    if (path.startsWith(API_BASE) || /\.[a-z0-9]+$/i.test(path)) {
      return reply.code(404).send({ code: Code.NOT_FOUND, data: null, message: 'Not found' });
    }
    const html = await pageHtml(path, req.url.slice(path.length), pageReader(req));
    if (html) return sendHtml(req, reply, html);
    return reply.header('Cache-Control', 'no-cache').sendFile('index.html');
  });
}
