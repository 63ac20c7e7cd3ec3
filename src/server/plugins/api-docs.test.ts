import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { testConfig } from '../test/test-app';
import { createTestDatabase } from '../test/test-db';

const database = await createTestDatabase();
afterAll(() => database.close());

async function docsStatus(env: Record<string, string>): Promise<number> {
  const app = await buildApp(testConfig(env), { db: database.db, serveWeb: false });
  try {
    await app.ready();
    const page = await app.inject({ method: 'GET', url: '/owner/docs' });
    const json = await app.inject({ method: 'GET', url: '/owner/docs/json' });
    expect(page.statusCode === 404).toBe(json.statusCode === 404);
    return json.statusCode;
  } finally {
    await app.close();
  }
}

describe('the OpenAPI docs', () => {
  it('are served outside production', async () => {
    expect(await docsStatus({})).toBe(200);
  });

  it('are absent in production unless API_DOCS=on', async () => {
    expect(await docsStatus({ NODE_ENV: 'production' })).toBe(404);
    expect(await docsStatus({ NODE_ENV: 'production', API_DOCS: 'on' })).toBe(200);
    expect(await docsStatus({ API_DOCS: 'off' })).toBe(404);
  });
});
