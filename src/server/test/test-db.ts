import { readFileSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { inject } from 'vitest';
import { manilaToday } from '../../shared/format/date';
import { type Database, openDatabase } from '../db/client';
import { seedDemo } from '../db/seed/demo';

let counter = 0;

/** A test database; on PostgreSQL also its address, for a second pool (the scale-out test). */
export type TestDatabase = Database & { url?: string };

export interface TestDatabaseOptions {
  /** With the demo data (seeded once for the whole run by the global setup); default an empty database. */
  demo?: boolean;
}

/**
 * A fresh, migrated database for one test file (PGlite, or PostgreSQL when DATABASE_URL is set):
 * empty, or with the demo data. The demo's dates count from the day it was seeded, so a run that
 * goes past midnight in Manila seeds each later file's copy itself, for its own day.
 */
export async function createTestDatabase({ demo = false }: TestDatabaseOptions = {}): Promise<TestDatabase> {
  const demoCopy = demo && inject('demoDay') === manilaToday();
  const database = await freshDatabase(demoCopy);
  if (demo && !demoCopy) await seedDemo(database.db);
  return database;
}

async function freshDatabase(demo: boolean): Promise<TestDatabase> {
  const adminUrl = inject('pgAdminUrl');
  if (adminUrl) {
    const template = inject(demo ? 'pgDemoTemplate' : 'pgTemplate');
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
  const snapshot = readFileSync(inject(demo ? 'pgliteDemoSnapshot' : 'pgliteSnapshot'));
  const client = await PGlite.create({ loadDataDir: new Blob([snapshot]) });
  return openDatabase({ pglite: client });
}
