/**
 * API load: autocannon on loopback against the app on PostgreSQL.
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench:api
 *   … npm run bench:api -- --connections 50 --duration 10 --keep
 *   … npm run bench:api -- --only loan-details --cpu-prof /tmp/prof   (the server's CPU profile)
 *   … npm run bench:api -- --rate 500,1000 --duration 10   (open loop: fixed schedule, scripts/bench-api-open-loop.ts)
 *   … npm run bench:api -- --connections 2 --duration 0.1 --rounds 1 --warmup 0 --no-doc --rate 20 --closed   (the smallest: both loops)
 *
 * Creates a scratch database next to the one named (dropped after unless --keep), starts
 * scripts/bench-api-server.ts on it (migrations, demo data, the bench-only calls, one borrower
 * session per connection), then loads the routes of scripts/bench-api-routes.ts in turns (five by
 * default, the time per route split between them) and prints
 * req/s, p99 latency, the statements one call sends to the database, and each one's ratio to the
 * one-row route of the same run. The figures go to docs/performance.md and the statement counts to
 * scripts/bench-api-queries.json, which scripts/bench-api-queries.test.ts holds each route to. Goal:
 * loan-details and problem-list at 0.8 or more of the one-row route at 50 connections.
 */
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { API_BASE } from '../src/shared/constants';
import { type BenchDemo, type BenchRoute, benchQueries, REFERENCE, ROUTES, requestOf } from './bench-api-routes';
import { writeFileSync } from 'node:fs';
import { openLoop, percentile } from './bench-api-open-loop';
import { QUERIES_FILE } from './bench-api-queries';
import { machineNote, scratchPostgres, table, writeDocSection } from './bench-support';

const { values } = parseArgs({
  options: {
    connections: { type: 'string', default: '50' },
    duration: { type: 'string', default: '10' },
    /** The closed loop's time per route split into this many turns, the routes taking turns. */
    rounds: { type: 'string', default: '5' },
    warmup: { type: 'string', default: '3' },
    keep: { type: 'boolean', default: false },
    'no-doc': { type: 'boolean', default: false },
    only: { type: 'string' },
    /** Open loop at these rates (req/s, comma-separated) instead of the closed loop. */
    rate: { type: 'string' },
    /** With --rate: the closed loop too, first, on the same server (the smoke test's setting). */
    closed: { type: 'boolean', default: false },
    'cpu-prof': { type: 'string' },
  },
});
const connections = Number(values.connections);
const duration = Number(values.duration);
const warmup = Number(values.warmup);
const rounds = Math.max(1, Math.round(Number(values.rounds)));

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

function startBenchServer(databaseUrl: string) {
  const profile = values['cpu-prof'] ? ['--cpu-prof', `--cpu-prof-dir=${values['cpu-prof']}`] : [];
  // Beside this script: the TypeScript through tsx, or the bundle the smoke test made of both.
  const server = import.meta.url.endsWith('.ts')
    ? ['--import', 'tsx', 'scripts/bench-api-server.ts']
    : [fileURLToPath(new URL('./bench-api-server.mjs', import.meta.url))];
  const child = spawn(process.execPath, [...profile, ...server], {
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

interface Measured {
  name: string;
  rps: number;
  p99: number;
  p50: number;
  errors: number;
  queries: number;
}

/** The statements one call of a route sends (the fewest of three calls, one after another). */
async function queriesPerCall(baseUrl: string, route: BenchRoute, ready: Ready): Promise<number> {
  const count = async () =>
    ((await (await fetch(`${baseUrl}${API_BASE}${benchQueries.path}`)).json()) as { data: { queries: number } }).data
      .queries;
  const request = requestOf(route, ready.demo);
  let fewest = Number.POSITIVE_INFINITY;
  for (let i = 0; i < 3; i++) {
    const before = await count();
    const res = await fetch(baseUrl + request.path, {
      method: request.method,
      body: request.body,
      headers: {
        ...request.headers,
        'x-requested-with': 'XMLHttpRequest',
        ...(route.session ? { authorization: `Session ${ready.tokens[0]}` } : {}),
      },
    });
    await res.arrayBuffer();
    if (res.status !== 200) throw new Error(`${route.name} answered ${res.status}`);
    fewest = Math.min(fewest, (await count()) - before);
  }
  return fewest;
}

async function load(
  baseUrl: string,
  route: BenchRoute,
  ready: Ready,
  seconds: number,
): Promise<Omit<Measured, 'queries'>> {
  const request = requestOf(route, ready.demo);
  let next = 0;
  // autocannon stops only at the end of a sample (one a second by default), so a run shorter than
  // a second (the smoke test's) takes one sample of its own length; its counts are per sample.
  const sampleMs = Math.min(1000, seconds * 1000);
  const result = await autocannon({
    sampleInt: sampleMs,
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
  return {
    name: route.name,
    rps: (result.requests.average * 1000) / sampleMs,
    p99: result.latency.p99,
    p50: result.latency.p50,
    errors,
  };
}

/** The open loop at each rate for each route: p50/p90/p99 from when each request was due. */
async function openLoopRuns(baseUrl: string, ready: Ready, routes: BenchRoute[], rates: number[], note: string) {
  const rows: string[][] = [];
  let failed = false;
  for (const rate of rates) {
    for (const route of routes) {
      const base = requestOf(route, ready.demo);
      const make = (i: number) => ({
        ...base,
        headers: {
          ...base.headers,
          'x-requested-with': 'XMLHttpRequest',
          ...(route.session ? { authorization: `Session ${ready.tokens[i % ready.tokens.length]}` } : {}),
        },
      });
      if (warmup > 0) await openLoop(baseUrl, make, rate, warmup);
      const r = await openLoop(baseUrl, make, rate, duration);
      const ms = (q: number) => `${percentile(r.latencies, q).toFixed(1)} ms`;
      const row = [
        route.name,
        rate.toLocaleString('en'),
        ms(0.5),
        ms(0.9),
        ms(0.99),
        `${r.ok.toLocaleString('en')} / ${r.sent.toLocaleString('en')}`,
        String(r.errors),
      ];
      if (r.errors > 0) failed = true;
      rows.push(row);
      console.log(row.join('   '));
    }
  }
  const output = table(['route', 'rate (req/s)', 'p50', 'p90', 'p99', 'answered', 'errors'], rows, [
    'l',
    'r',
    'r',
    'r',
    'r',
    'r',
    'r',
  ]);
  console.log(`\n${output}`);
  if (failed) process.exitCode = 1;
  if (!values['no-doc'] && !values.only) {
    writeDocSection(
      'api-open-loop',
      'API load, open loop',
      `\`\`\`sh
DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench:api -- --rate ${rates.join(',')}
\`\`\`

Requests on a fixed schedule (scripts/bench-api-open-loop.ts), ${duration} s per route and rate after a ${warmup} s
warm-up; each latency counts from when the request was due, so a stall shows in every request
due during it. Each route beside the one-row read of the same run.

${output}

Measured ${new Date().toISOString().slice(0, 10)} on ${note}; the load generator runs on the same machine.`,
    );
  }
}

const database = await scratchPostgres(adminUrl, { prefix: 'hiram_bench_api', keep: values.keep });
const server = startBenchServer(database.url);
try {
  const ready = await server.ready;
  const baseUrl = `http://127.0.0.1:${ready.port}`;
  const note = await machineNote();
  const only = values.only?.split(',');
  const routes = ROUTES.filter((r) => !only || only.includes(r.name));
  if (!values.rate || values.closed) {
    console.log(
      `${connections} connections, ${duration} s per route in ${rounds} turns after a ${warmup} s warm-up (${note})`,
    );
    const queries = new Map<string, number>();
    for (const route of routes) {
      queries.set(route.name, await queriesPerCall(baseUrl, route, ready));
      if (warmup > 0) await load(baseUrl, route, ready, warmup);
    }
    // The routes take turns, so a change in the machine's speed during the run (a neighbour's work)
    // falls on all of them alike; each turn's ratio is to the one-row route of the same turn.
    const turns = new Map<string, Omit<Measured, 'queries'>[]>(routes.map((r) => [r.name, []]));
    for (let turn = 1; turn <= rounds; turn++) {
      for (const route of routes) turns.get(route.name)?.push(await load(baseUrl, route, ready, duration / rounds));
      if (rounds > 1)
        console.log(
          `turn ${turn}: ${routes.map((r) => `${r.name} ${Math.round(turns.get(r.name)?.at(-1)?.rps ?? 0)}`).join(', ')} req/s`,
        );
    }
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? Number.NaN;
    const referenceTurns = turns.get(REFERENCE) ?? [];
    const measured = routes.map((route) => {
      const each = turns.get(route.name) ?? [];
      const m: Measured & { ratio: number } = {
        name: route.name,
        rps: median(each.map((t) => t.rps)),
        p50: median(each.map((t) => t.p50)),
        p99: median(each.map((t) => t.p99)),
        errors: each.reduce((sum, t) => sum + t.errors, 0),
        queries: queries.get(route.name) ?? Number.NaN,
        ratio: median(each.map((t, i) => t.rps / (referenceTurns[i]?.rps ?? Number.NaN))),
      };
      console.log(
        `${m.name.padEnd(28)} ${Math.round(m.rps).toString().padStart(7)} req/s   p50 ${m.p50} ms   p99 ${m.p99} ms   ${m.queries} queries/call${m.errors ? `   ${m.errors} errors!` : ''}`,
      );
      return m;
    });
    const rows = measured.map((m) => [
      m.name,
      Math.round(m.rps).toLocaleString('en'),
      `${m.p50} ms`,
      `${m.p99} ms`,
      m.ratio.toFixed(2),
      String(m.queries),
      String(m.errors),
    ]);
    const output = table(
      ['route', 'req/s', 'p50', 'p99', `ratio to ${REFERENCE}`, 'queries per call', 'errors'],
      rows,
      ['l', 'r', 'r', 'r', 'r', 'r', 'r'],
    );
    console.log(`\n${output}`);
    if (measured.some((m) => m.errors > 0)) process.exitCode = 1;
    // The doc and the recorded statement counts hold full runs only.
    if (!values['no-doc'] && !only) {
      writeFileSync(
        QUERIES_FILE,
        `${JSON.stringify(Object.fromEntries(measured.map((m) => [m.name, m.queries])), null, 2)}\n`,
      );
      writeDocSection(
        'api',
        'API load',
        `\`\`\`sh
DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench:api
\`\`\`

autocannon on loopback, ${connections} connections, ${duration} s per route in ${rounds} turns (the routes take
turns, so a change in the machine's speed falls on all alike) after a ${warmup} s warm-up, against the
app on PostgreSQL (a scratch database with the demo data, pool of 10). The no-op and one-row
routes are bench-only calls that only the bench server registers (scripts/bench-api-routes.ts);
the borrower calls carry one session per connection. Queries per call: the statements one call
sends (counted in the bench server; scripts/bench-api-queries.json, held by a test). req/s, p50
and p99: the median of the turns; the ratio: the median of each turn's ratio to the one-row
route's turn before it. Goal: problem-list and loan-details at 0.8 or more of the one-row route's
req/s.

${output}

Measured ${new Date().toISOString().slice(0, 10)} on ${note}; the load generator runs on the same machine.`,
      );
    }
  }
  if (values.rate) {
    const rates = values.rate.split(',').map(Number);
    console.log(
      `open loop at ${rates.join(', ')} req/s, ${duration} s per route after a ${warmup} s warm-up (${note})`,
    );
    await openLoopRuns(baseUrl, ready, routes, rates, note);
  }
} finally {
  await server.stop();
  await database.drop();
}
