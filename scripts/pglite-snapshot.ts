/**
 * Cold start: a new embedded database folder starts as a copy of a prepared one.
 *
 * Creating a PGlite database and migrating it takes 2.5–5 s on a small machine, and seeding the
 * demo data another second; loading a `dumpDataDir` tarball took 3 s more (a second PGlite start,
 * to unpack it). So `npm start` (scripts/start.ts) calls `prepareDataDir` before the server opens
 * the folder: when the folder is new, it copies in a prepared folder (about 40 MB of files, kept
 * in node_modules/.cache/hiram) and the server finds a migrated database:
 *
 * - the migrated folder of the current migrations, made on first need;
 * - or, when the demo data is wanted, a copy of it with the demo data already seeded for today
 *   (the demo's dates count from the day it is seeded). `npm install` makes that one (`npm start
 *   -- --prepare`, scripts/start.ts); on a later day the server seeds the migrated copy itself.
 *
 * Any failure here leaves the folder alone: the server then creates it as before.
 */
import { createHash } from 'node:crypto';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import type { IsoDate } from '../src/server/domain/loan';
import { type Database, migrationsFolder, openDatabase } from '../src/server/db/client';
import { seedDemo } from '../src/server/db/seed/demo';

/** Where the prepared folders are kept, one per key. */
export const CACHE_DIR = 'node_modules/.cache/hiram';

/** Where the prepared folders are kept (tests give their own). */
export interface SnapshotOptions {
  cacheDir?: string;
}

/** What the migrated folder depends on: every migration file and the PGlite version (read once per process). */
let migratedKey: string | undefined;
function snapshotKey(): string {
  migratedKey ??= hashMigrations();
  return migratedKey;
}

function hashMigrations(): string {
  const hash = createHash('sha256');
  const files = (dir: string): string[] =>
    readdirSync(dir)
      .sort()
      .flatMap((name) => (statSync(join(dir, name)).isDirectory() ? files(join(dir, name)) : [join(dir, name)]));
  for (const file of files(migrationsFolder))
    hash.update(file.slice(migrationsFolder.length)).update(readFileSync(file));
  const pglite = JSON.parse(readFileSync(resolve('node_modules/@electric-sql/pglite/package.json'), 'utf8')) as {
    version: string;
  };
  return hash.update(pglite.version).digest('hex').slice(0, 16);
}

/**
 * What the seeded folder depends on besides its day: the code that seeded it. For `npm start` this
 * module is part of the server's bundle (scripts/launch.mjs), so the file holds every service the
 * seed runs through.
 */
function codeKey(): string {
  return createHash('sha256')
    .update(readFileSync(fileURLToPath(import.meta.url)))
    .digest('hex')
    .slice(0, 16);
}

/** Makes a PGlite folder at `dir` with `fill`, beside its place, and moves it in when complete. */
async function makeFolder(
  dir: string,
  from: string | null,
  fill: (database: Database) => Promise<unknown>,
): Promise<void> {
  const partial = `${dir}.${process.pid}.partial`;
  rmSync(partial, { recursive: true, force: true });
  if (from) cpSync(from, partial, { recursive: true });
  const database = openDatabase({ dataDir: partial });
  try {
    await fill(database);
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

/** The migrated folder of the current migrations, made when missing; returns its path. */
export async function ensureSnapshot({ cacheDir = CACHE_DIR }: SnapshotOptions = {}): Promise<string> {
  const snapshot = join(cacheDir, `pglite-${snapshotKey()}`);
  mkdirSync(cacheDir, { recursive: true });
  if (!existsSync(join(snapshot, 'PG_VERSION'))) await makeFolder(snapshot, null, (database) => database.migrate());
  return snapshot;
}

/**
 * The migrated database as a `dumpDataDir` tarball, which an in-memory PGlite loads with
 * `loadDataDir` (the tests' databases): read from a copy of the migrated folder, so the kept folder
 * is never opened. About 1 s where migrating afresh takes 5–6 s.
 */
export async function migratedDump(options: SnapshotOptions = {}): Promise<Blob> {
  const snapshot = await ensureSnapshot(options);
  const copy = mkdtempSync(join(tmpdir(), 'hiram-migrated-'));
  try {
    cpSync(snapshot, copy, { recursive: true });
    const client = await PGlite.create({ dataDir: copy });
    try {
      return await client.dumpDataDir('none');
    } finally {
      await client.close();
    }
  } finally {
    rmSync(copy, { recursive: true, force: true });
  }
}

const seededPath = (day: IsoDate, cacheDir: string) =>
  join(cacheDir, `pglite-${snapshotKey()}-demo-${day}-${codeKey()}`);

/** The migrated folder with the demo data seeded for `day`, made when missing; older ones are removed. */
export async function ensureSeededSnapshot(
  day: IsoDate,
  { cacheDir = CACHE_DIR }: SnapshotOptions = {},
): Promise<string> {
  const seeded = seededPath(day, cacheDir);
  if (existsSync(join(seeded, 'PG_VERSION'))) return seeded;
  const migrated = await ensureSnapshot({ cacheDir });
  for (const name of readdirSync(cacheDir)) {
    if (name.includes('-demo-')) rmSync(join(cacheDir, name), { recursive: true, force: true });
  }
  await makeFolder(seeded, migrated, (database) => seedDemo(database.db, day));
  return seeded;
}

/**
 * Fills a new PGlite folder with a copy of a prepared one: the seeded folder of `demoDay` when
 * given and made, else the migrated one. Says what it did.
 */
export async function prepareDataDir(
  pgliteDir: string,
  demoDay?: IsoDate,
  { cacheDir = CACHE_DIR }: SnapshotOptions = {},
): Promise<'existing' | 'from-seeded' | 'from-snapshot' | 'skipped'> {
  if (existsSync(join(pgliteDir, 'PG_VERSION'))) return 'existing';
  if (existsSync(pgliteDir) && readdirSync(pgliteDir).length > 0) return 'skipped';
  // Copied beside the folder and moved in place when complete: a failure leaves no half a database.
  const loading = `${pgliteDir}.loading-${process.pid}`;
  try {
    const seeded = demoDay ? seededPath(demoDay, cacheDir) : null;
    const useSeeded = seeded !== null && existsSync(join(seeded, 'PG_VERSION'));
    cpSync(useSeeded ? seeded : await ensureSnapshot({ cacheDir }), loading, { recursive: true });
    rmSync(pgliteDir, { recursive: true, force: true });
    renameSync(loading, pgliteDir);
    return useSeeded ? 'from-seeded' : 'from-snapshot';
  } catch (err) {
    rmSync(loading, { recursive: true, force: true });
    console.warn(`Starting without the database snapshot (${err instanceof Error ? err.message : String(err)})`);
    return 'skipped';
  }
}
