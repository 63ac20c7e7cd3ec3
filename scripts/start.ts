/** `npm start`: builds the web app when needed, then starts the server (DESIGN §2). */
import { resolve } from 'node:path';
import { startServer } from '../src/server/main';
import { prepareDataDir } from './pglite-snapshot';
import { ensureWebBuilt } from './web-build';

if (!process.env.WEB_DIST) ensureWebBuilt();
// A new embedded database starts as a copy of a migrated one (issue 12: cold start); the server
// opens the same folder (src/server/main.ts: DATA_DIR/pglite).
if (!process.env.DATABASE_URL) await prepareDataDir(resolve(process.env.DATA_DIR || './data', 'pglite'));
await startServer();
