import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { promisify } from 'node:util';
import pg from 'pg';
import { describe, expect, it } from 'vitest';

/**
 * Every benchmark runs to its end at its smallest setting (docs/performance.md has each one's full
 * command), so a bench broken by a change fails here, not in the hands of the next reader. They
 * run side by side and write nothing to the docs (BENCH_NO_DOC). The ones on PostgreSQL use
 * BENCH_DATABASE_URL, DATABASE_URL or the server at 127.0.0.1:5432 (as CI has); Lighthouse uses the
 * system Chromium. Without either, those are skipped here, and in CI (CI=true) they fail.
 */
const run = promisify(execFile);
const PG_URL =
  process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
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

async function bench(script: string, args: string[], env: Record<string, string> = {}): Promise<string> {
  const { stdout } = await run(process.execPath, ['--import', 'tsx', `scripts/${script}`, ...args], {
    env: { ...process.env, BENCH_NO_DOC: '1', LOG_LEVEL: 'warn', ...env },
    timeout: 290_000,
    maxBuffer: 16 * 1024 * 1024,
  });
  return stdout;
}

/**
 * Every bench starts at once when this file loads (each test then waits for its own), at a setting
 * small enough that the whole file costs seconds: what it proves is that each runs to its end and
 * prints its result, not a figure. A bench whose prerequisite is missing is not started.
 */
const started = (ready: boolean, start: () => Promise<string>): Promise<string> | null => {
  if (!ready) return null;
  const output = start();
  output.catch(() => {}); // awaited by its test; a failure there is the test's, not an unhandled rejection
  return output;
};
const onPg = { DATABASE_URL: PG_URL };
const runs = {
  bundle: started(true, () => bench('bench-bundle.ts', [])),
  coldStart: started(true, () =>
    bench('bench-cold-start.ts', ['--runs', '1', '--no-build-run', '--no-prepare', '--no-reopen']),
  ),
  // Both loops on one server: the closed one counting statements, then the open one at 20 req/s.
  api: started(hasPostgres, () =>
    bench(
      'bench-api.ts',
      ['--connections', '2', '--duration', '0.25', '--warmup', '0', '--no-doc', '--rate', '20', '--closed'],
      onPg,
    ),
  ),
  cob: started(hasPostgres, () => bench('bench-cob.ts', ['--loans', '20'], onPg)),
  faults: started(hasPostgres, () =>
    bench('bench-faults.ts', ['--seconds', '0.5', '--workers', '2', '--no-restart', '--pay-requests', '1000'], onPg),
  ),
  lighthouse: started(hasChromium, () => bench('bench-lighthouse.ts', ['--only', 'aboutUs'])),
  desks: started(hasPostgres, () =>
    bench('bench-desks.ts', ['--borrowers', '300', '--applications', '30', '--runs', '1'], onPg),
  ),
};

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

  it('bench:desks (300 borrowers, one run)', async () => {
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
