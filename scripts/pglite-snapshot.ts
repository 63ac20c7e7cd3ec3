/**
 * Cold start (issue 12): a new embedded database folder starts from a snapshot of a migrated one.
 *
 * Creating a PGlite database and migrating it takes 2.5–5 s on a small machine; loading a snapshot
 * of one takes about 1 s. `npm start` (scripts/start.ts) calls `prepareDataDir` before the server
 * opens the folder: when the folder is new, it fills it from the snapshot of the current
 * migrations (made on first need and kept in node_modules/.cache/hiram), and the server then finds a
 * migrated database. Demo data is still seeded by the server, for today's dates. Any failure here
 * leaves the folder alone: the server then creates it as before.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { migrationsFolder, openDatabase } from '../src/server/db/client';

const CACHE_DIR = 'node_modules/.cache/hiram';
/** Uncompressed (about 40 MB): loading it then takes half the time a gzip one does. */
const SNAPSHOT_COMPRESSION = 'none';

/** What the snapshot depends on: every migration file and the PGlite version. */
function snapshotKey(): string {
  const hash = createHash('sha256');
  const files = (dir: string): string[] =>
    readdirSync(dir)
      .sort()
      .flatMap((name) => (statSync(join(dir, name)).isDirectory() ? files(join(dir, name)) : [join(dir, name)]));
  for (const file of files(migrationsFolder)) hash.update(file.slice(migrationsFolder.length)).update(readFileSync(file));
  const pglite = JSON.parse(readFileSync(resolve('node_modules/@electric-sql/pglite/package.json'), 'utf8')) as { version: string };
  return hash.update(pglite.version).digest('hex').slice(0, 16);
}

async function makeSnapshot(file: string): Promise<void> {
  const client = await PGlite.create();
  try {
    await openDatabase({ pglite: client }).migrate();
    const dump = await client.dumpDataDir(SNAPSHOT_COMPRESSION);
    mkdirSync(CACHE_DIR, { recursive: true });
    const partial = `${file}.${process.pid}.partial`;
    writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
    renameSync(partial, file);
  } finally {
    await client.close();
  }
}

/** Fills a new PGlite folder from the migrated snapshot; says what it did. */
export async function prepareDataDir(pgliteDir: string): Promise<'existing' | 'from-snapshot' | 'skipped'> {
  if (existsSync(join(pgliteDir, 'PG_VERSION'))) return 'existing';
  if (existsSync(pgliteDir) && readdirSync(pgliteDir).length > 0) return 'skipped';
  // Loaded beside the folder and moved in place when complete: a failure leaves no half a database.
  const loading = `${pgliteDir}.loading-${process.pid}`;
  try {
    const file = join(CACHE_DIR, `pglite-${snapshotKey()}.tar`);
    if (!existsSync(file)) await makeSnapshot(file);
    mkdirSync(loading, { recursive: true });
    const client = await PGlite.create({ dataDir: loading, loadDataDir: new Blob([readFileSync(file)]) });
    await client.close();
    rmSync(pgliteDir, { recursive: true, force: true });
    renameSync(loading, pgliteDir);
    return 'from-snapshot';
  } catch (err) {
    rmSync(loading, { recursive: true, force: true });
    console.warn(`Starting without the database snapshot (${err instanceof Error ? err.message : String(err)})`);
    return 'skipped';
  }
}
