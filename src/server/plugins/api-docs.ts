import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { API_BASE } from '../../shared/constants';
import type { Config } from '../config';

/** Whether /owner/docs is served: on outside production; in production only with API_DOCS=on. */
export function apiDocsOn(config: Pick<Config, 'API_DOCS' | 'isProduction'>): boolean {
  return config.API_DOCS === undefined ? !config.isProduction : config.API_DOCS === 'on';
}

/**
 * OpenAPI docs at /owner/docs, generated from the shared zod contracts. The document maps every
 * call an attacker could try, so production leaves it out unless it is asked for.
 */
export async function registerApiDocs(
  app: FastifyInstance,
  config: Pick<Config, 'API_DOCS' | 'isProduction'>,
): Promise<void> {
  if (!apiDocsOn(config)) return;
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Hiram API',
        version: '1.0.0',
        description: 'Borrower, promotion and operator calls under /owner',
      },
      components: {
        securitySchemes: { session: { type: 'apiKey', in: 'header', name: 'Authorization' } },
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: `${API_BASE}/docs`, staticCSP: true });
}
