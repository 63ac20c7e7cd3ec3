import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../db/client';

declare module 'vitest' {
  export interface ProvidedContext {
    /** PGlite mode: a migrated data-dir snapshot each test file loads. */
    pgliteSnapshot: string;
    /** PostgreSQL mode (DATABASE_URL set): admin URL and the migrated template database. */
    pgAdminUrl: string;
    pgTemplate: string;
  }
}

/**
 * STYLE "a fresh database per test file": migrate once here; each file then loads the
 * PGlite snapshot, or (with DATABASE_URL) gets its own database copied from a template.
 */
export default async function setup(project: TestProject) {
  const adminUrl = process.env.DATABASE_URL;
  if (adminUrl) {
    const template = `hiram_tpl_${process.pid}_${Date.now()}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`create database ${template}`);
    const url = new URL(adminUrl);
    url.pathname = `/${template}`;
    const database = openDatabase({ databaseUrl: url.toString(), poolSize: 1 });
    await database.migrate();
    await database.close();
    project.provide('pgAdminUrl', adminUrl);
    project.provide('pgTemplate', template);
    project.provide('pgliteSnapshot', '');
    return async () => {
      // Drop the template and any test database a crashed file left behind.
      const { rows } = await admin.query<{ datname: string }>(
        `select datname from pg_database where datname like 'hiram_t%_${process.pid}_%'`,
      );
      for (const { datname } of rows) await admin.query(`drop database if exists ${datname} with (force)`);
      await admin.end();
    };
  }
  const client = new PGlite();
  const database = openDatabase({ pglite: client });
  await database.migrate();
  const dump = await client.dumpDataDir('none');
  await client.close();
  mkdirSync('.test-data', { recursive: true });
  const path = `.test-data/pglite-migrated-${process.pid}.tar`;
  writeFileSync(path, Buffer.from(await dump.arrayBuffer()));
  project.provide('pgliteSnapshot', path);
  project.provide('pgAdminUrl', '');
  project.provide('pgTemplate', '');
  return () => rmSync(path, { force: true });
}
