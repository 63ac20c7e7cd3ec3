import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { testConfig } from '../test/test-app';
import { createTestDatabase } from '../test/test-db';

const lines: string[] = [];
const database = await createTestDatabase();
const app = await buildApp(testConfig({ LOG_LEVEL: 'trace' }), {
  db: database.db,
  serveWeb: false,
  logStream: { write: (line) => lines.push(line) },
});
const SECRET_TEXT = 'My loan officer called my mother 9 times';
const SECRET_PHONE = '09171234567';
// A route that fails in the database with request values as parameters, as a bad input would.
app.get('/owner/test/failing-query', async () => {
  await database.db.execute(sql`select ${SECRET_TEXT}::int + ${SECRET_PHONE}::int`);
  return {};
});
await app.ready();
afterAll(async () => {
  await app.close();
  await database.close();
});

describe('the log of a failed query', () => {
  it('keeps the SQL and the error code but none of the values it was given', async () => {
    const res = await app.inject({ method: 'GET', url: '/owner/test/failing-query' });
    expect(res.statusCode).toBe(500);
    expect(res.body).not.toContain(SECRET_TEXT);
    const logged = lines.join('\n');
    expect(logged).toContain('unhandled fault');
    expect(logged).toMatch(/Failed query: select \$1::int \+ \$2::int/);
    expect(logged).toContain('22P02');
    expect(logged).not.toContain(SECRET_TEXT);
    expect(logged).not.toContain(SECRET_PHONE);
  });
});
