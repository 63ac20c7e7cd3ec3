/**
 * The server's entry point, bundled as dist/server/start.mjs (scripts/bundle-server.mjs): production
 * runs `node dist/server/start.mjs`, `npm start` runs it through scripts/launch.mjs, which first
 * rebuilds stale pages and bundles outside production. It builds nothing itself: it serves the pages
 * of dist/web (WEB_DIST). With `--prepare` (run by `npm install`) it only makes the prepared database
 * folders a first start copies (scripts/pglite-snapshot.ts).
 */
import { resolve } from 'node:path';
import { manilaToday } from '../src/shared/format/date';
import { loadConfig } from '../src/server/config';
import { startServer } from '../src/server/main';
import { ensureSeededSnapshot, ensureSnapshot, prepareDataDir } from './pglite-snapshot';

/** The day whose demo data a new embedded database should hold; none for PostgreSQL, production or SEED_DEMO=off. */
function demoDay() {
  try {
    const config = loadConfig();
    return config.DATABASE_URL || !config.seedDemo ? undefined : manilaToday();
  } catch {
    return undefined; // startServer reports what is wrong with the settings
  }
}

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
