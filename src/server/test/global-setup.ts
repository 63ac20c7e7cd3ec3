import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { migratedDump } from '../../../scripts/pglite-snapshot';
import { manilaToday } from '../../shared/format/date';
import { openDatabase } from '../db/client';
import { seedDemo } from '../db/seed/demo';

declare module 'vitest' {
  export interface ProvidedContext {
    /** PGlite mode: a migrated data-dir snapshot each test file loads. */
    pgliteSnapshot: string;
    /** PGlite mode: the same with the demo data seeded for `demoDay`. */
    pgliteDemoSnapshot: string;
    /** PostgreSQL mode (DATABASE_URL set): admin URL, the migrated template database and its demo-seeded copy. */
    pgAdminUrl: string;
    pgTemplate: string;
    pgDemoTemplate: string;
    /** The Manila day the demo snapshots were seeded for (the demo's dates count from it). */
    demoDay: string;
  }
}

/**
 * A fresh database per test file, made cheaply: migrate once here, and seed the demo data once
 * into a copy; each file then loads the PGlite snapshot it needs, or (with DATABASE_URL) gets its
 * own database copied from a template.
 */
export default async function setup(project: TestProject) {
  const demoDay = manilaToday();
  project.provide('demoDay', demoDay);
  // `api-pglite` runs its files on PGlite whatever DATABASE_URL says (vitest.config.ts).
  const adminUrl = project.name === 'api-pglite' ? undefined : process.env.DATABASE_URL;
  if (adminUrl) {
    const suffix = `${process.pid}_${Date.now()}`;
    const template = `hiram_tpl_${suffix}`;
    const demoTemplate = `hiram_tpd_${suffix}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    const urlOf = (name: string) => {
      const url = new URL(adminUrl);
      url.pathname = `/${name}`;
      return url.toString();
    };
    await admin.query(`create database ${template}`);
    const migrated = openDatabase({ databaseUrl: urlOf(template), poolSize: 1 });
    await migrated.migrate();
    await migrated.close();
    await admin.query(`create database ${demoTemplate} template ${template}`);
    const seeded = openDatabase({ databaseUrl: urlOf(demoTemplate), poolSize: 1 });
    await seedDemo(seeded.db, demoDay);
    await seeded.close();
    project.provide('pgAdminUrl', adminUrl);
    project.provide('pgTemplate', template);
    project.provide('pgDemoTemplate', demoTemplate);
    project.provide('pgliteSnapshot', '');
    project.provide('pgliteDemoSnapshot', '');
    return async () => {
      // Drop the templates and any test database a crashed file left behind.
      const { rows } = await admin.query<{ datname: string }>(
        `select datname from pg_database where datname like 'hiram_t%_${process.pid}_%'`,
      );
      for (const { datname } of rows) await admin.query(`drop database if exists ${datname} with (force)`);
      await admin.end();
    };
  }
  // The migrated snapshot `npm install` made (scripts/pglite-snapshot.ts), made now when missing.
  const migrated = await migratedDump();
  mkdirSync('.test-data', { recursive: true });
  const path = `.test-data/pglite-migrated-${process.pid}.tar`;
  writeFileSync(path, Buffer.from(await migrated.arrayBuffer()));
  const client = await PGlite.create({ loadDataDir: migrated });
  const database = openDatabase({ pglite: client });
  await seedDemo(database.db, demoDay);
  const demoPath = `.test-data/pglite-demo-${process.pid}.tar`;
  writeFileSync(demoPath, Buffer.from(await (await client.dumpDataDir('none')).arrayBuffer()));
  await client.close();
  project.provide('pgliteSnapshot', path);
  project.provide('pgliteDemoSnapshot', demoPath);
  project.provide('pgAdminUrl', '');
  project.provide('pgTemplate', '');
  project.provide('pgDemoTemplate', '');
  return () => {
    rmSync(path, { force: true });
    rmSync(demoPath, { force: true });
  };
}
