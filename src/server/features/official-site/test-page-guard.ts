import type { FastifyInstance } from 'fastify';
import { Code } from '../../../shared/codes';
import { pages } from '../../../shared/pages';
import type { AppContext } from '../../app-context';

function decoded(path: string): string {
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}

/**
 * spec 001 §2.3: the developer test page is for development only. In production its address
 * answers 404 before the SPA fallback could serve the app shell for it.
 */
export function installTestPageGuard(app: FastifyInstance, { config }: AppContext): void {
  if (!config.isProduction) return;
  app.addHook('onRequest', async (req, reply) => {
    const path = decoded(req.url.split('?')[0] ?? '')
      .replace(/\/+$/, '')
      .toLowerCase();
    if (path === pages.testPreview.toLowerCase()) {
      return reply.code(404).send({ code: Code.NOT_FOUND, data: null, message: 'Page not found' });
    }
  });
}
