/**
 * What the benchmark scripts share: a server of our own on a free port, signing in a demo
 * borrower through the real login path, a scratch database, and writing a section of
 * docs/performance.md.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { type Database, openDatabase, rowsOf } from '../src/server/db/client';

export const PERFORMANCE_DOC = 'docs/performance.md';

/** A port nothing listens on right now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls `url` until it answers 200; resolves with the time it first did (performance.now()). */
export async function waitFor200(url: string, timeoutMs = 120_000, everyMs = 10): Promise<number> {
  const until = performance.now() + timeoutMs;
  while (performance.now() < until) {
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(5_000) });
      await res.arrayBuffer();
      if (res.status === 200) return performance.now();
    } catch {
      // not listening yet
    }
    await sleep(everyMs);
  }
  throw new Error(`${url} did not answer 200 within ${timeoutMs} ms`);
}

export interface RunningServer {
  url: string;
  process: ChildProcess;
  dataDir: string;
  /** The last lines the server wrote (stdout and stderr), for a start that never answered. */
  outputTail(): string;
  /** Stops the server (and the processes it started) and removes its data folder. */
  stop(): Promise<void>;
}

/**
 * Starts `command` (default `npm start`) as its own process group on a free port with a fresh
 * PGlite data folder: migrations and demo data on first start, as a developer gets them.
 */
export async function startServer(
  options: { command?: string[]; env?: Record<string, string>; dataDir?: string; quiet?: boolean } = {},
): Promise<RunningServer> {
  const port = await freePort();
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'hiram-bench-data-'));
  const [cmd, ...args] = options.command ?? ['npm', 'start', '--silent'];
  // The server's output goes to a file beside the data folder, read back when a start never answers.
  const logPath = `${dataDir.replace(/\/$/, '')}.log`;
  const logFd = options.quiet === false ? null : openSync(logPath, 'w');
  const child = spawn(cmd ?? 'npm', args, {
    detached: true,
    stdio: logFd === null ? 'inherit' : ['ignore', logFd, logFd],
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      COB_SCHEDULE: 'off',
      ...options.env,
    },
  });
  if (logFd !== null) closeSync(logFd);
  return {
    url: `http://127.0.0.1:${port}`,
    process: child,
    dataDir,
    outputTail() {
      try {
        return readFileSync(logPath, 'utf8').split('\n').slice(-30).join('\n');
      } catch {
        return '';
      }
    },
    async stop() {
      // The whole group we started: npm, its shell and the server. npm exits on the signal at once
      // while the server still drains, so this waits for the group to be gone, not for npm: a
      // server left behind would still hold its port, its data folder and a core when the next
      // start is timed.
      const pid = child.pid;
      if (pid) {
        signalGroup(pid, 'SIGTERM');
        const until = performance.now() + 10_000;
        while (groupAlive(pid) && performance.now() < until) await sleep(50);
        if (groupAlive(pid)) signalGroup(pid, 'SIGKILL');
        while (groupAlive(pid)) await sleep(50);
      }
      if (!options.dataDir) rmSync(dataDir, { recursive: true, force: true });
      rmSync(logPath, { force: true });
    },
  };
}

function signalGroup(pid: number, signal: NodeJS.Signals): void {
  try {
    process.kill(-pid, signal);
  } catch {
    // already gone
  }
}

/** Whether any process of the group `pid` leads still runs. */
function groupAlive(pid: number): boolean {
  try {
    process.kill(-pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Signs a demo borrower in through the real login path (the development SMS outbox, architecture.md: Sessions). */
export async function demoLogin(baseUrl: string, phone: string): Promise<{ sessionId: string; userId: string }> {
  const post = (path: string, data: Record<string, string>) =>
    fetch(`${baseUrl}/owner${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(data).toString(),
    }).then((res) => res.json() as Promise<{ code: number; data: Record<string, string> }>);
  const sent = await post('/v3/auth/send-login-code', { phone });
  if (sent.code !== 0) throw new Error(`send-login-code answered ${JSON.stringify(sent)}`);
  const outbox = (await (await fetch(`${baseUrl}/owner/dev/sms-outbox?phone=${phone}`)).json()) as {
    data: { messages: { body: string }[] };
  };
  const smsCode = /\d{6}/.exec(outbox.data.messages[0]?.body ?? '')?.[0];
  if (!smsCode) throw new Error(`no code in the outbox for ${phone}`);
  const login = await post('/v3/auth/login', { phone, smsCode });
  if (login.code !== 0 || !login.data.sessionId) throw new Error(`login answered ${JSON.stringify(login)}`);
  return { sessionId: login.data.sessionId, userId: String(login.data.userId) };
}

/**
 * Replaces the part of docs/performance.md between `<!-- name:start -->` and `<!-- name:end -->`,
 * or adds the section at the end; the rest of the document is kept as it is.
 */
export function writeDocSection(name: string, heading: string, body: string, file = PERFORMANCE_DOC): void {
  // A smoke run (scripts/bench-smoke.test.ts) measures nothing worth keeping.
  if (process.env.BENCH_NO_DOC === '1') return;
  const start = `<!-- ${name}:start -->`;
  const end = `<!-- ${name}:end -->`;
  const doc = readFileSync(file, 'utf8');
  const block = `${start}\n${body.trim()}\n${end}`;
  const from = doc.indexOf(start);
  const to = doc.indexOf(end);
  const next =
    from >= 0 && to > from
      ? doc.slice(0, from) + block + doc.slice(to + end.length)
      : `${doc.trimEnd()}\n\n## ${heading}\n\n${block}\n`;
  writeFileSync(file, next);
}

/** A Markdown table. */
export function table(
  header: readonly string[],
  rows: readonly (readonly string[])[],
  align?: readonly ('l' | 'r')[],
): string {
  const line = (cells: readonly string[]) => `| ${cells.join(' | ')} |`;
  const rule = header.map((_, i) => ((align?.[i] ?? 'l') === 'r' ? '---:' : '---'));
  return [line(header), line(rule), ...rows.map(line)].join('\n');
}

/** The machine, for the record next to each figure. */
export async function machineNote(): Promise<string> {
  const os = await import('node:os');
  const load = os.loadavg()[0]?.toFixed(1) ?? '?';
  const cpu = os.cpus()[0]?.model.trim() ?? 'unknown CPU';
  return `${os.cpus().length} × ${cpu}, Node ${process.version}, load average ${load} at the start`;
}

/**
 * A scratch PostgreSQL database beside the one `adminUrl` names, created here and dropped by
 * `drop()` unless `keep`. With BENCH_TEMPLATE_DATABASE set (the smoke test's migrated copies), it
 * starts as a copy of that database: the bench's own migration then finds nothing to do and its
 * demo seeding finds the data there, so the code that runs is the same, only the wait is shorter.
 */
export async function scratchPostgres(
  adminUrl: string,
  options: { prefix: string; keep: boolean },
): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `${options.prefix}_${Date.now()}_${process.pid}`;
  const template = process.env.BENCH_TEMPLATE_DATABASE;
  await adminQuery(adminUrl, `create database ${name}${template ? ` template ${template}` : ''}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      if (options.keep) console.log(`kept the database: ${url.toString()}`);
      else await adminQuery(adminUrl, `drop database if exists ${name} with (force)`);
    },
  };
}

/** One statement on a connection of its own (none is held between: bench:faults restarts the server). */
export async function adminQuery(adminUrl: string, statement: string): Promise<void> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(statement);
  } finally {
    await admin.end();
  }
}

/**
 * The database a bench works on. With `adminUrl` (a PostgreSQL server), a scratch database of its
 * own (scratchPostgres); without, an in-memory PGlite. The caller migrates it.
 */
export async function scratchDatabase(
  adminUrl: string | undefined,
  options: { prefix: string; keep: boolean; poolSize?: number },
): Promise<{ database: Database; drop(): Promise<void> }> {
  if (!adminUrl) {
    const database = openDatabase({});
    return { database, drop: () => database.close() };
  }
  const scratch = await scratchPostgres(adminUrl, options);
  const database = openDatabase({ databaseUrl: scratch.url, poolSize: options.poolSize ?? 4 });
  return {
    database,
    async drop() {
      await database.close();
      await scratch.drop();
    },
  };
}

/** The process ids of the PostgreSQL backends connected to `database` (null on PGlite). */
export async function postgresBackends(database: Database): Promise<number[] | null> {
  if (database.kind !== 'postgres') return null;
  const rows = rowsOf<{ pid: number }>(
    await database.db.execute(sql`select pid from pg_stat_activity where datname = current_database()`),
  );
  return rows.map((r) => r.pid);
}

/**
 * Nanoseconds the process `pid` has spent on a CPU so far, from /proc/<pid>/schedstat (exact,
 * where /proc/<pid>/stat counts in 10 ms ticks). Throws when it cannot be read (gone, or not Linux).
 */
export function cpuNanosOf(pid: number): number {
  return Number(readFileSync(`/proc/${pid}/schedstat`, 'utf8').split(' ')[0]);
}

/**
 * Nanoseconds each backend of `pids` has spent on a CPU so far, from /proc/<pid>/schedstat (exact,
 * where /proc/<pid>/stat counts in 10 ms ticks); read without a statement, so reading costs the
 * server nothing. Linux, and a server on this machine; null when it cannot be read.
 */
export function backendsCpu(pids: readonly number[]): Map<number, number> | null {
  const spent = new Map<number, number>();
  for (const pid of pids) {
    try {
      spent.set(pid, cpuNanosOf(pid));
    } catch {
      return null;
    }
  }
  return spent;
}

/** What the backends spent between two readings, in nanoseconds. */
export function backendsCpuBetween(from: Map<number, number>, to: Map<number, number>): number {
  let total = 0;
  for (const [pid, now] of to) total += now - (from.get(pid) ?? now);
  return total;
}
