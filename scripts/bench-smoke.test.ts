import { execFile } from 'node:child_process';
import { cpSync, existsSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { build } from 'esbuild';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { migrationsFolder, openDatabase } from '../src/server/db/client';
import { seedDemo } from '../src/server/db/seed/demo';
import { bundleOptions } from './bundle-server.mjs';
import { adminQuery } from './bench-support';

/**
 * Every benchmark runs to its end at its smallest setting (docs/performance.md has each one's full
 * command), so a bench broken by a change fails here, not in the hands of the next reader. They
 * run side by side and write nothing to the docs (BENCH_NO_DOC). The ones on PostgreSQL use
 * BENCH_DATABASE_URL, DATABASE_URL or the server at 127.0.0.1:5432 (as CI has); Lighthouse uses the
 * system Chromium (its headless shell when installed). Without either, those are skipped here, and
 * in CI (CI=true) they fail.
 *
 * What makes it cheap, without changing what a bench runs: the bench scripts are bundled once by
 * esbuild (as the server is for `npm start`) and run with plain Node, not through tsx, whose
 * loader costs seconds of CPU per process on this many modules (Lighthouse's most of all); and the
 * benches on PostgreSQL start from a copy of a database migrated here once (with the demo data for
 * those that seed it), so their own migration and demo seeding find nothing to do.
 */
const run = promisify(execFile);
const PG_URL =
  process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const SHELL = '/usr/bin/chromium-headless-shell';
const CHROMIUM = process.env.CHROMIUM_PATH ?? (existsSync(SHELL) ? SHELL : '/usr/bin/chromium');
const STRICT = process.env.CI === 'true';

async function reachable(url: string): Promise<boolean> {
  if (!url.startsWith('postgres')) return false;
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2_000 });
  try {
    await client.connect();
    await client.end();
    return true;
  } catch {
    return false;
  }
}
const hasPostgres = await reachable(PG_URL);
const hasChromium = existsSync(CHROMIUM);

/** The bench scripts (and the server bench:api starts), bundled side by side with shared chunks. */
const BENCHES = [
  'bench-bundle',
  'bench-cold-start',
  'bench-api',
  'bench-api-server',
  'bench-api-cpu',
  'bench-cob',
  'bench-faults',
  'bench-lighthouse',
  'bench-desks',
];
const OUT_DIR = `.test-data/bench-smoke-${process.pid}`;
const bundled = (async () => {
  await build({
    ...bundleOptions(OUT_DIR),
    entryPoints: Object.fromEntries(BENCHES.map((name) => [name, `scripts/${name}.ts`])),
    splitting: true,
    sourcemap: false,
  });
  // src/server/db/client.ts finds its migrations beside the module that holds it.
  cpSync(migrationsFolder, join(OUT_DIR, 'migrations'), { recursive: true });
})();

/** A database beside PG_URL's, made here once for the benches to copy (BENCH_TEMPLATE_DATABASE). */
const databaseUrl = (name: string) => {
  const url = new URL(PG_URL);
  url.pathname = `/${name}`;
  return url.toString();
};
const templateNames: string[] = [];
async function template(name: string, from: string | null, fill: (url: string) => Promise<void>): Promise<string> {
  templateNames.push(name);
  await adminQuery(PG_URL, `create database ${name}${from ? ` template ${from}` : ''}`);
  await fill(databaseUrl(name));
  return name;
}
const suffix = `${process.pid}_${Date.now()}`;
/** Migrated (bench:cob and bench:desks seed their own data), then a copy with the demo data too. */
const migrated = hasPostgres
  ? template(`hiram_bench_tpl_${suffix}`, null, async (url) => {
      const database = openDatabase({ databaseUrl: url, poolSize: 1 });
      await database.migrate().finally(() => database.close());
    })
  : null;
const withDemo = migrated?.then((from) =>
  template(`hiram_bench_tpd_${suffix}`, from, async (url) => {
    const database = openDatabase({ databaseUrl: url, poolSize: 1 });
    await seedDemo(database.db).finally(() => database.close());
  }),
);

// Awaited by the benches that copy them (after the bundle); a failure there is theirs to report.
migrated?.catch(() => {});
withDemo?.catch(() => {});

async function bench(
  script: string,
  args: string[],
  env: Record<string, string> = {},
  templateDb?: Promise<string>,
): Promise<string> {
  await bundled;
  const copyOf = templateDb ? { BENCH_TEMPLATE_DATABASE: await templateDb } : {};
  const { stdout } = await run(process.execPath, [join(OUT_DIR, `${script}.mjs`), ...args], {
    env: { ...process.env, BENCH_NO_DOC: '1', LOG_LEVEL: 'warn', ...copyOf, ...env },
    timeout: 290_000,
    maxBuffer: 16 * 1024 * 1024,
  });
  return stdout;
}

/**
 * Every bench starts when this file loads (each test then waits for its own), at a setting small
 * enough that it proves the bench runs to its end and prints its result, not a figure. A bench
 * whose prerequisite is missing is not started.
 */
const started = (ready: boolean, start: () => Promise<string>): Promise<string> | null => {
  if (!ready) return null;
  const output = start();
  output.catch(() => {}); // awaited by its test; a failure there is the test's, not an unhandled rejection
  return output;
};
const onPg = { DATABASE_URL: PG_URL };
/** An empty DATABASE_URL is no database address (src/server/config.ts): the server opens PGlite. */
const onPglite = { DATABASE_URL: '' };
const runs = {
  bundle: started(true, () => bench('bench-bundle', [])),
  // `npm start` as a new machine runs it: on the embedded PGlite, whatever DATABASE_URL the tests
  // were given (with it, the server would migrate and seed that database itself).
  coldStart: started(true, () =>
    bench('bench-cold-start', ['--runs', '1', '--no-build-run', '--no-prepare', '--no-reopen'], onPglite),
  ),
  // Both loops on one server: the closed one counting statements, then the open one at 20 req/s.
  api: started(hasPostgres, () =>
    bench(
      'bench-api',
      [
        '--connections',
        '2',
        '--duration',
        '0.1',
        '--rounds',
        '1',
        '--warmup',
        '0',
        '--no-doc',
        '--rate',
        '20',
        '--closed',
      ],
      onPg,
      withDemo,
    ),
  ),
  apiCpu: started(hasPostgres, () =>
    bench('bench-api-cpu', ['--calls', '20', '--rounds', '1', '--warmup', '0'], onPg, withDemo),
  ),
  cob: started(hasPostgres, () => bench('bench-cob', ['--loans', '20'], onPg, migrated ?? undefined)),
  faults: started(hasPostgres, () =>
    bench(
      'bench-faults',
      ['--seconds', '0.2', '--workers', '2', '--no-restart', '--pay-requests', '100'],
      onPg,
      withDemo,
    ),
  ),
  lighthouse: started(hasChromium, () =>
    bench('bench-lighthouse', ['--only', 'aboutUs', '--no-warmup'], { CHROMIUM_PATH: CHROMIUM, ...onPglite }),
  ),
  desks: started(hasPostgres, () =>
    bench('bench-desks', ['--borrowers', '100', '--applications', '10', '--runs', '1'], onPg, migrated ?? undefined),
  ),
};

afterAll(async () => {
  await Promise.allSettled(Object.values(runs));
  await bundled.catch(() => {});
  await Promise.allSettled([migrated, withDemo]);
  for (const name of templateNames) await adminQuery(PG_URL, `drop database if exists ${name} with (force)`);
  rmSync(OUT_DIR, { recursive: true, force: true });
});

/** The output of a bench that needs `what`; without it, skipped here and failed in CI. */
async function outputOf(run: Promise<string> | null, what: string): Promise<string | null> {
  if (run) return run;
  if (STRICT) throw new Error(`no ${what}`);
  return null;
}

describe('every benchmark at its smallest setting', { timeout: 300_000 }, () => {
  it('bench:bundle', async () => {
    expect(await runs.bundle).toContain('first-load JS');
  });

  it('bench:cold-start (one fresh start)', async () => {
    expect(await runs.coldStart).toMatch(/run 1: fresh data [\d.]+ s/);
  });

  it('bench:api (closed loop counting statements, then open loop)', async () => {
    const out = await outputOf(runs.api, `PostgreSQL at ${PG_URL}`);
    if (out === null) return;
    expect(out).toMatch(/loan-details .* \d+ queries\/call/);
    expect(out).toMatch(/\| loan-details \| 20 \|/);
  });

  it('bench:api-cpu (one round of 20 calls a route)', async () => {
    const out = await outputOf(runs.apiCpu, `PostgreSQL at ${PG_URL}`);
    if (out === null) return;
    expect(out).toMatch(/median {2}loan-details +[\d.]+ × /);
  });

  it('bench:cob', async () => {
    const out = await outputOf(runs.cob, `PostgreSQL at ${PG_URL}`);
    if (out === null) return;
    expect(out).toMatch(/"loans":20\b/);
  });

  it('bench:faults (without its restart)', async () => {
    const out = await outputOf(runs.faults, `PostgreSQL at ${PG_URL}`);
    if (out === null) return;
    // Its summary line: every payment reference sent was posted exactly once.
    expect(out).toMatch(/"lost":0,"doubled":0/);
  });

  it('bench:desks (100 borrowers, one run)', async () => {
    const out = await outputOf(runs.desks, `PostgreSQL at ${PG_URL}`);
    if (out === null) return;
    expect(out).toMatch(/\| credit queue, only those with a duplicate signal \| [\d.]+ \| [\d.]+ \|/);
  });

  it('bench:lighthouse (one page)', async () => {
    const out = await outputOf(runs.lighthouse, `Chromium at ${CHROMIUM}`);
    if (out === null) return;
    expect(out).toContain('aboutUs');
  });
});
