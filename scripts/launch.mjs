// @ts-check
/**
 * `npm start` (cold start): runs the server from one bundled file.
 *
 * Loading the server's ~200 TypeScript modules through tsx took about 1.6 s of every start; the
 * same code bundled by esbuild (npm packages left external) loads in about 0.6 s. The bundle,
 * dist/server/start.mjs (scripts/start.ts and all it imports, with the migrations beside it), is
 * remade here whenever a file it is made from is newer than it (about 0.6 s), so an edited
 * checkout never runs stale code.
 *
 * `npm install` runs this with `--prepare` (package.json postinstall): the pages, the bundle and
 * the migrated database snapshot are made then, so the first `npm start` only starts. A failure
 * while preparing is reported and leaves the install alone: `npm start` makes what is missing.
 */
import { cpSync, existsSync, renameSync, rmSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { newestMtime } from './newest-mtime.mjs';

const OUT_DIR = 'dist/server';
const BUNDLE = join(OUT_DIR, 'start.mjs');
/** What the bundle is made from; any of them newer than the bundle remakes it. */
const SOURCES = [
  'src/server',
  'src/shared',
  'scripts/start.ts',
  'scripts/pglite-snapshot.ts',
  'scripts/web-build.ts',
  'scripts/newest-mtime.mjs',
  'scripts/launch.mjs',
  'package-lock.json',
];

function bundleIsStale() {
  if (!existsSync(BUNDLE)) return true;
  const built = statSync(BUNDLE).mtimeMs;
  return SOURCES.some((source) => newestMtime(source) > built);
}

/** Bundles the server beside its place and moves it in when complete. */
async function bundleServer() {
  const { build } = await import('esbuild');
  const partial = `${OUT_DIR}.${process.pid}.partial`;
  rmSync(partial, { recursive: true, force: true });
  await build({
    entryPoints: ['scripts/start.ts'],
    outfile: join(partial, 'start.mjs'),
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    sourcemap: 'linked',
    logLevel: 'warning',
  });
  // src/server/db/client.ts finds its migrations beside the module that holds it.
  cpSync('src/server/db/migrations', join(partial, 'migrations'), { recursive: true });
  rmSync(OUT_DIR, { recursive: true, force: true });
  renameSync(partial, OUT_DIR);
}

const preparing = process.argv.includes('--prepare');
try {
  if (bundleIsStale()) await bundleServer();
  // Stack traces name the TypeScript sources (Node reads the bundle's map as it loads the bundle).
  process.setSourceMapsEnabled(true);
  await import(pathToFileURL(resolve(BUNDLE)).href);
} catch (err) {
  if (!preparing) throw err;
  console.warn(
    `Could not prepare the first start (npm start will try again): ${err instanceof Error ? err.message : String(err)}`,
  );
}
