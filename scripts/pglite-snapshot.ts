/**
 * Cold start (issue 12): a new embedded database folder starts as a copy of a migrated one.
 *
 * Creating a PGlite database and migrating it takes 2.5–5 s on a small machine; loading a
 * `dumpDataDir` tarball of one took 3 s more (a second PGlite start, to unpack it). `npm start`
 * (scripts/start.ts) calls `prepareDataDir` before the server opens the folder: when the folder is
 * new, it copies in the migrated folder of the current migrations (made on first need and kept in
 * node_modules/.cache/hiram), about 40 MB of files, and the server then finds a migrated
 * database. Demo data is still seeded by the server, for today's dates. Any failure here leaves
 * the folder alone: the server then creates it as before.
 */
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { migrationsFolder, openDatabase } from '../src/server/db/client';

const CACHE_DIR = 'node_modules/.cache/hiram';

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

/** A migrated PGlite folder, made beside its place and moved in when complete. */
async function makeSnapshot(dir: string): Promise<void> {
  const partial = `${dir}.${process.pid}.partial`;
  mkdirSync(CACHE_DIR, { recursive: true });
  const database = openDatabase({ dataDir: partial });
  try {
    await database.migrate();
  } catch (err) {
    await database.close();
    rmSync(partial, { recursive: true, force: true });
    throw err;
  }
  await database.close();
  try {
    renameSync(partial, dir);
  } catch (err) {
    // Another start made it at the same time: theirs is as good.
    rmSync(partial, { recursive: true, force: true });
    if (!existsSync(join(dir, 'PG_VERSION'))) throw err;
  }
}

/** Fills a new PGlite folder with a copy of the migrated snapshot; says what it did. */
export async function prepareDataDir(pgliteDir: string): Promise<'existing' | 'from-snapshot' | 'skipped'> {
  if (existsSync(join(pgliteDir, 'PG_VERSION'))) return 'existing';
  if (existsSync(pgliteDir) && readdirSync(pgliteDir).length > 0) return 'skipped';
  // Copied beside the folder and moved in place when complete: a failure leaves no half a database.
  const loading = `${pgliteDir}.loading-${process.pid}`;
  try {
    const snapshot = join(CACHE_DIR, `pglite-${snapshotKey()}`);
    if (!existsSync(join(snapshot, 'PG_VERSION'))) await makeSnapshot(snapshot);
    cpSync(snapshot, loading, { recursive: true });
    rmSync(pgliteDir, { recursive: true, force: true });
    renameSync(loading, pgliteDir);
    return 'from-snapshot';
  } catch (err) {
    rmSync(loading, { recursive: true, force: true });
    console.warn(`Starting without the database snapshot (${err instanceof Error ? err.message : String(err)})`);
    return 'skipped';
  }
}
