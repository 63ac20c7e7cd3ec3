// @ts-check
/**
 * The server's bundles in dist/server, made by esbuild with npm packages left external (so the
 * packages production installs are the package.json `dependencies`, nothing else):
 *
 *   start.mjs                                 the server (scripts/start.ts): `node dist/server/start.mjs`
 *   cob.mjs, staff.mjs, trial-balance.mjs,    the operations commands (scripts/<name>.ts):
 *   reconcile.mjs                             `npm run cob` and the rest, or `node dist/server/cob.mjs`
 *   web-build.mjs                             the check a development `npm start` makes that dist/web
 *                                             is not older than its sources (scripts/web-build.ts)
 *   migrations/                               read by src/server/db/client.ts beside its module
 *
 * Each bundle holds all the code it runs (no shared chunks): scripts/pglite-snapshot.ts keys the
 * demo database it prepares by the file that seeded it.
 *
 *   node scripts/bundle-server.mjs            (part of `npm run build`)
 *
 * scripts/launch.mjs calls it when a source is newer than the bundles. Plain JavaScript so that it
 * runs before any TypeScript loader; esbuild, a development dependency, is loaded only to bundle.
 */
import { cpSync, existsSync, renameSync, rmSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { newestMtime } from './newest-mtime.mjs';

export const OUT_DIR = 'dist/server';

/** The bundles' names (dist/server/<name>.mjs) and their entry points. */
export const ENTRY_POINTS = {
  start: 'scripts/start.ts',
  cob: 'scripts/cob.ts',
  staff: 'scripts/staff.ts',
  'trial-balance': 'scripts/trial-balance.ts',
  reconcile: 'scripts/reconcile.ts',
  'providers-check': 'scripts/providers-check.ts',
  'web-build': 'scripts/web-build.ts',
};

/** The operations commands: `node scripts/launch.mjs <name>` (npm run <name>). */
export const COMMANDS = ['cob', 'staff', 'trial-balance', 'reconcile', 'providers-check'];

/** What the bundles are made from; any of them newer than the oldest bundle remakes them all. */
const SOURCES = [
  'src/server',
  'src/shared',
  'scripts/pglite-snapshot.ts',
  'scripts/newest-mtime.mjs',
  'scripts/bundle-server.mjs',
  'package-lock.json',
  ...Object.values(ENTRY_POINTS),
];

/** The file of one bundle. */
export const bundlePath = (/** @type {string} */ name) => join(OUT_DIR, `${name}.mjs`);

/** Whether a bundle is missing or older than a source (sources absent from this copy are not counted). */
export function serverBundleIsStale() {
  let built = Number.POSITIVE_INFINITY;
  for (const name of Object.keys(ENTRY_POINTS)) {
    const file = bundlePath(name);
    if (!existsSync(file)) return true;
    built = Math.min(built, statSync(file).mtimeMs);
  }
  return SOURCES.some((source) => existsSync(source) && newestMtime(source) > built);
}

/**
 * esbuild's options for the bundles written to `outdir`.
 * @param {string} outdir
 */
export function bundleOptions(outdir) {
  return /** @type {const} */ ({
    entryPoints: ENTRY_POINTS,
    outdir,
    outExtension: { '.js': '.mjs' },
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    sourcemap: 'linked',
    logLevel: 'warning',
  });
}

/** Bundles the server beside its place and moves it in when complete. */
export async function bundleServer() {
  const { build } = await import('esbuild');
  const partial = `${OUT_DIR}.${process.pid}.partial`;
  rmSync(partial, { recursive: true, force: true });
  await build(bundleOptions(partial));
  // src/server/db/client.ts finds its migrations beside the module that holds it.
  cpSync('src/server/db/migrations', join(partial, 'migrations'), { recursive: true });
  rmSync(OUT_DIR, { recursive: true, force: true });
  renameSync(partial, OUT_DIR);
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const started = performance.now();
  await bundleServer();
  console.log(`Bundled the server into ${OUT_DIR} in ${Math.round(performance.now() - started)} ms.`);
}
