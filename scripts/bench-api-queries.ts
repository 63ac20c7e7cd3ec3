/**
 * The statements one call of each bench route sends to the database, as the last full
 * `npm run bench:api` counted them (scripts/bench-api.ts writes the file); the test
 * scripts/bench-api-queries.test.ts fails when a route sends more than recorded.
 */
import { readFileSync } from 'node:fs';

export const QUERIES_FILE = 'scripts/bench-api-queries.json';

export function recordedQueries(): Record<string, number> {
  return JSON.parse(readFileSync(QUERIES_FILE, 'utf8')) as Record<string, number>;
}
