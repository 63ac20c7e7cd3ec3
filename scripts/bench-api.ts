/**
 * API load: autocannon on loopback against the app on PostgreSQL.
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench:api
 *   … npm run bench:api -- --connections 50 --duration 10 --keep
 *   … npm run bench:api -- --only loan-details --cpu-prof /tmp/prof   (the server's CPU profile)
 *
 * Creates a scratch database next to the one named (dropped after unless --keep), starts
 * scripts/bench-api-server.ts on it (migrations, demo data, the bench-only calls, one borrower
 * session per connection), then loads each route of scripts/bench-api-routes.ts in turn and prints
 * req/s, p99 latency and each one's ratio to the one-row route of the same run. The figures go to
 * docs/performance.md. Goal: loan-details and problem-list at 0.5 or more of the one-row route,
 * p99 at most 20 ms at 50 connections.
 */
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import pg from 'pg';
import { API_BASE } from '../src/shared/constants';
import { type BenchDemo, type BenchRoute, REFERENCE, ROUTES } from './bench-api-routes';
import { machineNote, table, writeDocSection } from './bench-support';

const { values } = parseArgs({
  options: {
    connections: { type: 'string', default: '50' },
    duration: { type: 'string', default: '10' },
    warmup: { type: 'string', default: '3' },
    keep: { type: 'boolean', default: false },
    'no-doc': { type: 'boolean', default: false },
    only: { type: 'string' },
    'cpu-prof': { type: 'string' },
  },
});
const connections = Number(values.connections);
const duration = Number(values.duration);
const warmup = Number(values.warmup);

const adminUrl = process.env.DATABASE_URL;
if (!adminUrl?.startsWith('postgres')) {
  console.error(
    'bench:api runs against PostgreSQL: set DATABASE_URL=postgres://… (a scratch database is made beside it)',
  );
  process.exit(1);
}

interface Ready {
  port: number;
  demo: BenchDemo;
  tokens: string[];
}

async function scratchDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `hiram_bench_api_${Date.now()}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(adminUrl as string);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      if (values.keep) console.log(`kept the database: ${url.toString()}`);
      else await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}

function startBenchServer(databaseUrl: string) {
  const profile = values['cpu-prof'] ? ['--cpu-prof', `--cpu-prof-dir=${values['cpu-prof']}`] : [];
  const child = spawn(process.execPath, [...profile, '--import', 'tsx', 'scripts/bench-api-server.ts'], {
    env: { ...process.env, DATABASE_URL: databaseUrl, BENCH_SESSIONS: String(connections) },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const ready = new Promise<Ready>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`the bench server stopped (exit ${code})`)));
    createInterface({ input: child.stdout }).on('line', (line) => {
      if (line.startsWith('{"ready":true')) resolve(JSON.parse(line) as Ready);
    });
  });
  const stop = () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null) return resolve();
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
    });
  return { ready, stop };
}

/** The autocannon request for a route: its contract's method and path, the payload as the web sends it. */
function requestOf(
  route: BenchRoute,
  demo: BenchDemo,
): { path: string; method: 'GET' | 'POST'; body?: string; headers: Record<string, string> } {
  const payload = new URLSearchParams(Object.entries(route.payload?.(demo) ?? {}).map(([k, v]) => [k, String(v)]));
  const path = `${API_BASE}${route.call.path}`;
  if (route.call.method === 'GET') {
    const qs = payload.toString();
    return { method: 'GET', path: qs ? `${path}?${qs}` : path, headers: {} };
  }
  return {
    method: 'POST',
    path,
    body: payload.toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  };
}

interface Measured {
  name: string;
  rps: number;
  p99: number;
  p50: number;
  errors: number;
}

async function load(baseUrl: string, route: BenchRoute, ready: Ready, seconds: number): Promise<Measured> {
  const request = requestOf(route, ready.demo);
  let next = 0;
  const result = await autocannon({
    url: baseUrl + request.path,
    method: request.method,
    body: request.body,
    headers: { ...request.headers, 'x-requested-with': 'XMLHttpRequest' },
    connections,
    duration: seconds,
    // One session per connection, as from that many phones.
    setupClient: route.session
      ? (client) => {
          const token = ready.tokens[next++ % ready.tokens.length];
          client.setHeaders({
            ...request.headers,
            'x-requested-with': 'XMLHttpRequest',
            authorization: `Session ${token}`,
          });
        }
      : undefined,
  });
  const errors = result.errors + result.timeouts + result.non2xx;
  return { name: route.name, rps: result.requests.average, p99: result.latency.p99, p50: result.latency.p50, errors };
}

const database = await scratchDatabase();
const server = startBenchServer(database.url);
try {
  const ready = await server.ready;
  const baseUrl = `http://127.0.0.1:${ready.port}`;
  const note = await machineNote();
  console.log(`${connections} connections, ${duration} s per route after a ${warmup} s warm-up (${note})`);
  const measured: Measured[] = [];
  const only = values.only?.split(',');
  for (const route of ROUTES.filter((r) => !only || only.includes(r.name))) {
    if (warmup > 0) await load(baseUrl, route, ready, warmup);
    const m = await load(baseUrl, route, ready, duration);
    measured.push(m);
    console.log(
      `${m.name.padEnd(28)} ${Math.round(m.rps).toString().padStart(7)} req/s   p50 ${m.p50} ms   p99 ${m.p99} ms${m.errors ? `   ${m.errors} errors!` : ''}`,
    );
  }
  const reference = measured.find((m) => m.name === REFERENCE)?.rps ?? Number.NaN;
  const rows = measured.map((m) => [
    m.name,
    Math.round(m.rps).toLocaleString('en'),
    `${m.p50} ms`,
    `${m.p99} ms`,
    (m.rps / reference).toFixed(2),
    String(m.errors),
  ]);
  const output = table(['route', 'req/s', 'p50', 'p99', `ratio to ${REFERENCE}`, 'errors'], rows, [
    'l',
    'r',
    'r',
    'r',
    'r',
    'r',
  ]);
  console.log(`\n${output}`);
  if (measured.some((m) => m.errors > 0)) process.exitCode = 1;
  // The doc holds full runs only.
  if (!values['no-doc'] && !only) {
    writeDocSection(
      'api',
      'API load',
      `\`\`\`sh
DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench:api
\`\`\`

autocannon on loopback, ${connections} connections, ${duration} s per route after a ${warmup} s warm-up, against the
app on PostgreSQL (a scratch database with the demo data, pool of 10). The no-op and one-row
routes are bench-only calls that only the bench server registers (scripts/bench-api-routes.ts);
the borrower calls carry one session per connection. Routes are a table in
scripts/bench-api-routes.ts. Goal: problem-list and loan-details at 0.5 or more of the one-row
route's req/s, p99 at most 20 ms.

${output}

Measured ${new Date().toISOString().slice(0, 10)} on ${note}; the load generator runs on the same machine.`,
    );
  }
} finally {
  await server.stop();
  await database.drop();
}
