// @ts-check
/**
 * `npm start` and the operations commands (`npm run cob`, `staff`, `trial-balance`, `reconcile`):
 * runs the server, or one command, from its bundle in dist/server (scripts/bundle-server.mjs).
 *
 *   node scripts/launch.mjs                    the server (npm start)
 *   node scripts/launch.mjs cob --date …       an operations command, with its own arguments
 *   node scripts/launch.mjs --prepare          what `npm install` runs (package.json postinstall)
 *
 * Loading the server's ~200 TypeScript modules through tsx took about 1.6 s of every start; the
 * same code bundled by esbuild loads in about 0.6 s. Outside production the bundles are remade
 * when a file they are made from is newer (about 0.6 s), and `npm start` rebuilds the pages when
 * stale (scripts/web-build.ts), so an edited checkout never runs stale code. With
 * NODE_ENV=production, or when the development dependencies are not installed (`npm ci
 * --omit=dev`), nothing is checked or built: it runs what `npm run build` made, loading only
 * Node's own modules, the plain scripts beside this one and the bundle.
 *
 * `--prepare` makes the pages, the bundles and the migrated database snapshot, so the first
 * `npm start` only starts. A failure while preparing is reported and leaves the install alone:
 * `npm start` makes what is missing. An install without development dependencies (`npm ci
 * --omit=dev`, production) prepares nothing.
 */
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { bundlePath, bundleServer, COMMANDS, serverBundleIsStale } from './bundle-server.mjs';

const [first] = process.argv.slice(2);
const command = first && COMMANDS.includes(first) ? first : 'start';
if (command !== 'start') process.argv.splice(2, 1); // the command reads only its own arguments
const preparing = command === 'start' && process.argv.includes('--prepare');
/** Whether the development dependencies (the build tools) are installed. */
function buildToolsInstalled() {
  try {
    import.meta.resolve('esbuild');
    return true;
  } catch {
    return false;
  }
}

/** Production, or an install without the build tools: run what `npm run build` made, check nothing. */
const asBuilt = process.env.NODE_ENV === 'production' || !buildToolsInstalled();

/** Remakes what is stale in a development checkout: the server's bundles, and the pages for the server. */
async function ensureBuilt() {
  if (serverBundleIsStale()) await bundleServer();
  if (command === 'start' && !process.env.WEB_DIST) {
    const { ensureWebBuilt } = await import(pathToFileURL(resolve(bundlePath('web-build'))).href);
    ensureWebBuilt();
  }
}

async function run() {
  const bundle = resolve(bundlePath(command));
  if (!existsSync(bundle)) throw new Error(`${bundle} is missing: run npm run build`);
  // Stack traces name the TypeScript sources (Node reads the bundle's map as it loads the bundle).
  process.setSourceMapsEnabled(true);
  await import(pathToFileURL(bundle).href);
}

if (preparing && asBuilt) {
  console.log('Production install: nothing to prepare (npm run build made dist beforehand).');
} else {
  try {
    if (!asBuilt) await ensureBuilt();
    await run();
  } catch (err) {
    if (!preparing) throw err;
    console.warn(
      `Could not prepare the first start (npm start will try again): ${err instanceof Error ? err.message : String(err)}`,
    );
  }
}
