import { readFileSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { inject } from 'vitest';
import { type Database, openDatabase } from '../db/client';

let counter = 0;

/** A test database; on PostgreSQL also its address, for a second pool (the scale-out test). */
export type TestDatabase = Database & { url?: string };

/** A fresh, migrated, empty database for one test file (PGlite, or PostgreSQL when DATABASE_URL is set). */
export async function createTestDatabase(): Promise<TestDatabase> {
  const adminUrl = inject('pgAdminUrl');
  if (adminUrl) {
    const template = inject('pgTemplate');
    const name = `hiram_t${counter++}_${template.split('_').slice(2).join('_')}_${Math.random().toString(36).slice(2, 8)}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`create database ${name} template ${template}`);
    await admin.end();
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    const database = openDatabase({ databaseUrl: url.toString(), poolSize: 5 });
    return {
      ...database,
      url: url.toString(),
      async close() {
        await database.close();
        const dropper = new pg.Client({ connectionString: adminUrl });
        await dropper.connect();
        await dropper.query(`drop database if exists ${name} with (force)`);
        await dropper.end();
      },
    };
  }
  const snapshot = readFileSync(inject('pgliteSnapshot'));
  const client = await PGlite.create({ loadDataDir: new Blob([snapshot]) });
  return openDatabase({ pglite: client });
}
