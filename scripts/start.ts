/**
 * `npm start` (through scripts/launch.mjs): builds the web app when needed, then starts the server
 * (architecture.md: Parts). With `--prepare` (run by `npm install`) it only makes what a first start needs: the
 * pages and the prepared database folders (scripts/pglite-snapshot.ts).
 */
import { resolve } from 'node:path';
import { manilaToday } from '../src/shared/format/date';
import { loadConfig } from '../src/server/config';
import { startServer } from '../src/server/main';
import { ensureSeededSnapshot, ensureSnapshot, prepareDataDir } from './pglite-snapshot';
import { ensureWebBuilt } from './web-build';

/** The day whose demo data a new embedded database should hold; none for PostgreSQL, production or SEED_DEMO=off. */
function demoDay() {
  try {
    const config = loadConfig();
    return config.DATABASE_URL || !config.seedDemo ? undefined : manilaToday();
  } catch {
    return undefined; // startServer reports what is wrong with the settings
  }
}

if (!process.env.WEB_DIST) ensureWebBuilt();
const day = demoDay();
if (process.argv.includes('--prepare')) {
  if (day) await ensureSeededSnapshot(day);
  else if (!process.env.DATABASE_URL) await ensureSnapshot();
  console.log('Ready: npm start serves the pages.');
} else {
  // A new embedded database starts as a copy of a prepared one (cold start); the server
  // opens the same folder (src/server/main.ts: DATA_DIR/pglite).
  if (!process.env.DATABASE_URL) await prepareDataDir(resolve(process.env.DATA_DIR || './data', 'pglite'), day);
  await startServer();
}
