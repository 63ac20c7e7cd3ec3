import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/server/db/client';
import { prepareDataDir } from './pglite-snapshot';

const root = mkdtempSync(join(tmpdir(), 'hiram-snapshot-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('issue 12 cold start: a new PGlite folder starts from a migrated snapshot', () => {
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

  it('leaves a folder with something else in it to the server', async () => {
    const dir = join(root, 'other', 'pglite');
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, 'note.txt'), 'not a database');
    expect(await prepareDataDir(dir)).toBe('skipped');
  });
});
