import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { migrationsFolder, openDatabase } from '../src/server/db/client';
import { DEMO_PHONE, seedDemo } from '../src/server/db/seed/demo';
import { ensureSeededSnapshot, ensureSnapshot, migratedDump, prepareDataDir } from './pglite-snapshot';

const root = mkdtempSync(join(tmpdir(), 'hiram-snapshot-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('Cold start: a new PGlite folder starts from a migrated snapshot', () => {
  it('fills a new folder with a migrated database the server opens as is; leaves an existing one alone', async () => {
    const dir = join(root, 'data', 'pglite');
    expect(await prepareDataDir(dir)).toBe('from-snapshot');
    const database = openDatabase({ dataDir: dir });
    try {
      await database.migrate(); // nothing left to do, and no error
      const result = await database.db.execute(sql`select count(*)::int as n from borrowers`);
      const { rows } = result as unknown as { rows: { n: number }[] };
      expect(rows[0]?.n).toBe(0);
    } finally {
      await database.close();
    }
    expect(await prepareDataDir(dir)).toBe('existing');
  }, 60_000);

  it("starts a folder of the day the demo data was seeded for from the seeded copy, another day's from the migrated one", async () => {
    const cacheDir = join(root, 'cache');
    await ensureSeededSnapshot('2026-03-02', { cacheDir });
    const borrowersIn = async (dir: string) => {
      const database = openDatabase({ dataDir: dir });
      try {
        await database.migrate();
        const result = await database.db.execute(
          sql`select count(*)::int as n from borrowers where phone = ${DEMO_PHONE}`,
        );
        const demoThere = (result as unknown as { rows: { n: number }[] }).rows[0]?.n;
        // The server's own seed finds the demo data present (seeded) or adds it (migrated copy).
        return { demoThere, seededNow: await seedDemo(database.db, '2026-03-03') };
      } finally {
        await database.close();
      }
    };
    const sameDay = join(root, 'same-day', 'pglite');
    expect(await prepareDataDir(sameDay, '2026-03-02', { cacheDir })).toBe('from-seeded');
    expect(await borrowersIn(sameDay)).toEqual({ demoThere: 1, seededNow: false });
    const nextDay = join(root, 'next-day', 'pglite');
    expect(await prepareDataDir(nextDay, '2026-03-03', { cacheDir })).toBe('from-snapshot');
    expect(await borrowersIn(nextDay)).toEqual({ demoThere: 0, seededNow: true });
  }, 120_000);

  it('gives the migrated folder as a tarball an in-memory database loads, migrated, without touching the folder', async () => {
    const folder = await ensureSnapshot();
    const files = () => readdirSync(folder, { recursive: true }).sort();
    const before = files();
    const journal = JSON.parse(readFileSync(join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as {
      entries: unknown[];
    };
    const database = openDatabase({ pglite: await PGlite.create({ loadDataDir: await migratedDump() }) });
    try {
      const applied = (await database.db.execute(
        sql`select count(*)::int as n from drizzle.__drizzle_migrations`,
      )) as unknown as {
        rows: { n: number }[];
      };
      expect(applied.rows[0]?.n).toBe(journal.entries.length);
      await database.migrate(); // nothing left to do, and no error
      await seedDemo(database.db, '2026-03-02');
    } finally {
      await database.close();
    }
    expect(files()).toEqual(before);
  }, 60_000);

  it('leaves a folder with something else in it to the server', async () => {
    const dir = join(root, 'other', 'pglite');
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, 'note.txt'), 'not a database');
    expect(await prepareDataDir(dir)).toBe('skipped');
  });
});
