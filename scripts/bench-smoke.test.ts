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

const onPostgres = (name: string, fn: () => Promise<void>) =>
  it.concurrent(name, async () => {
    if (!hasPostgres) {
      if (STRICT) throw new Error(`no PostgreSQL at ${PG_URL} for ${name}`);
      return;
    }
    await fn();
  });

describe('every benchmark at its smallest setting', { timeout: 300_000 }, () => {
  it.concurrent('bench:bundle', async () => {
    expect(await bench('bench-bundle.ts', [])).toContain('first-load JS');
  });

  it.concurrent('bench:cold-start (one fresh start and one on its folder)', async () => {
    const out = await bench('bench-cold-start.ts', ['--runs', '1', '--no-build-run', '--no-prepare']);
    expect(out).toMatch(/run 1: fresh data [\d.]+ s, existing data [\d.]+ s/);
  });

  onPostgres('bench:api (closed loop, one second per route, counting statements)', async () => {
    const out = await bench('bench-api.ts', ['--connections', '2', '--duration', '1', '--warmup', '0', '--no-doc'], {
      DATABASE_URL: PG_URL,
    });
    expect(out).toMatch(/loan-details .* queries\/call/);
  });

  onPostgres('bench:api (open loop)', async () => {
    const out = await bench(
      'bench-api.ts',
      [
        '--rate',
        '20',
        '--duration',
        '0.5',
        '--warmup',
        '0',
        '--no-doc',
        '--only',
        'one row by primary key,loan-details',
      ],
      { DATABASE_URL: PG_URL },
    );
    expect(out).toMatch(/\| loan-details \| 20 \|/);
  });

  onPostgres('bench:cob', async () => {
    const out = await bench('bench-cob.ts', ['--loans', '200'], { DATABASE_URL: PG_URL });
    expect(out).toMatch(/"loans":200/);
  });

  onPostgres('bench:faults (without its restart)', async () => {
    const out = await bench('bench-faults.ts', ['--seconds', '2', '--workers', '2', '--no-restart'], {
      DATABASE_URL: PG_URL,
    });
    expect(out.length).toBeGreaterThan(0);
  });

  it.concurrent('bench:lighthouse (one page)', async () => {
    if (!hasChromium) {
      if (STRICT) throw new Error(`no Chromium at ${CHROMIUM}`);
      return;
    }
    const out = await bench('bench-lighthouse.ts', ['--only', 'aboutUs']);
    expect(out).toContain('aboutUs');
  });
});
