import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { newestMtime } from './newest-mtime.mjs';

/** The back office's build (vite.config.ts builds the borrower pages). */
const ADMIN_CONFIG = 'vite.admin.config.ts';

/** The build's own plugins (scripts/vite-*.ts, web-pages.ts, …): a change to them changes the build too. */
function buildPluginsMtime(): number {
  let newest = 0;
  for (const name of readdirSync('scripts')) {
    if (!/^(vite-|web-|ast-|bundle-sizes)/.test(name) || name.includes('.test.')) continue;
    newest = Math.max(newest, statSync(join('scripts', name)).mtimeMs);
  }
  return newest;
}

/** The installed libraries' lock (absent in a copy without one). */
function lockMtime(): number {
  return existsSync('package-lock.json') ? statSync('package-lock.json').mtimeMs : 0;
}

/**
 * Builds the web app into dist/web when it is missing or older than its sources: the pages, the
 * build's configuration and plugins, and package-lock.json (an upgraded library changes the
 * bundle as much as an edited page). `npm install` makes it (as `npm run build` does: both builds); `npm start`, the bundle-budget test
 * and the browser tests' setup call this and so build only what changed since.
 */
export function ensureWebBuilt(dist = 'dist/web'): void {
  const builtIndex = join(dist, 'index.html');
  const stale =
    !existsSync(builtIndex) ||
    Math.max(
      newestMtime('src/web'),
      newestMtime('src/admin'),
      newestMtime('src/shared'),
      statSync('vite.config.ts').mtimeMs,
      statSync(ADMIN_CONFIG).mtimeMs,
      lockMtime(),
      buildPluginsMtime(),
    ) > statSync(builtIndex).mtimeMs;
  if (!stale) return;
  console.log('Building the web app…');
  // Always a production build: an inherited NODE_ENV (test under Vitest, development in a shell)
  // would make Vite bundle React's development build, several times larger and slower.
  // The borrower pages first: their build empties dist/web, the back office's then fills dist/web/admin.
  for (const config of ['vite.config.ts', ADMIN_CONFIG])
    execFileSync(
      process.execPath,
      ['node_modules/vite/bin/vite.js', 'build', '--config', config, '--logLevel', 'warn'],
      {
        stdio: 'inherit',
        env: { ...process.env, NODE_ENV: 'production' },
      },
    );
}
