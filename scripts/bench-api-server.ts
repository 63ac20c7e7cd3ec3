/**
 * The server `npm run bench:api` loads (scripts/bench-api.ts): the bench app of
 * scripts/bench-api-app.ts on the PostgreSQL database in DATABASE_URL. Prints one line of JSON when
 * it listens: the port, the demo ids and one session token per connection.
 */
import pg from 'pg';
import { openDatabase } from '../src/server/db/client';
import { benchApp } from './bench-api-app';

const databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl) throw new Error('bench-api-server needs DATABASE_URL');
const sessions = Number(process.env.BENCH_SESSIONS ?? 50);

// Every statement any pooled client sends (pool.query lends a client, so this sees them all),
// read by the bench-only query count call. This process is the bench's own.
let queries = 0;
const clientQuery = pg.Client.prototype.query;
pg.Client.prototype.query = function countedQuery(this: pg.Client, ...args: unknown[]) {
  queries++;
  return (clientQuery as (...a: unknown[]) => unknown).apply(this, args);
} as typeof clientQuery;

const database = openDatabase({ databaseUrl });
const { app, demo, tokens } = await benchApp(database, sessions, () => queries);

await app.listen({ port: Number(process.env.PORT ?? 0), host: '127.0.0.1' });
const address = app.server.address();
const port = typeof address === 'object' && address ? address.port : 0;
console.log(JSON.stringify({ ready: true, port, demo, tokens }));

const close = async () => {
  await app.close();
  await database.close();
  process.exit(0);
};
process.once('SIGTERM', () => void close());
process.once('SIGINT', () => void close());
