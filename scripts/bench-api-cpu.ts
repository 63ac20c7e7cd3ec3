/**
 * The server's own CPU per call of each `npm run bench:api` route, measured in-process: the bench
 * app (scripts/bench-api-app.ts) on PostgreSQL, driven by `app.inject` one call after another, with
 * `process.cpuUsage()` read around each route's loop. On a shared, loaded machine req/s swings
 * with the neighbours; CPU time per call does much less, so this is how a change to one route is
 * weighed before the (noisy) load run confirms it.
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench:api-cpu
 *   … npm run bench:api-cpu -- --calls 1500 --rounds 3 --only 'one row by primary key,loan-details'
 *
 * Makes a scratch database beside the one named and drops it after. Prints, per route and round,
 * the CPU milliseconds per call (the routes take turns of 20 calls) and its ratio to the one-row route of the same round (the inverse
 * of a req/s ratio when CPU is what limits), and the same for the PostgreSQL backends serving the
 * calls (their time on a CPU, read from /proc beside the server's own: PostgreSQL on this machine).
 */
import { parseArgs } from 'node:util';
import { openDatabase } from '../src/server/db/client';
import { isSuccess } from '../src/shared/envelope';
import { benchApp } from './bench-api-app';
import { backendsCpu, backendsCpuBetween, postgresBackends, scratchPostgres } from './bench-support';
import { REFERENCE, ROUTES, requestOf } from './bench-api-routes';

const { values } = parseArgs({
  options: {
    calls: { type: 'string', default: '1500' },
    rounds: { type: 'string', default: '3' },
    warmup: { type: 'string', default: '1000' },
    only: { type: 'string' },
  },
});
const calls = Number(values.calls);
const rounds = Number(values.rounds);
const warmup = Number(values.warmup);

const adminUrl = process.env.DATABASE_URL;
if (!adminUrl?.startsWith('postgres')) {
  console.error('bench-api-cpu runs against PostgreSQL: set DATABASE_URL=postgres://…');
  process.exit(1);
}
const scratch = await scratchPostgres(adminUrl, { prefix: 'hiram_bench_cpu', keep: false });
const database = openDatabase({ databaseUrl: scratch.url });
try {
  const { app, demo, tokens } = await benchApp(database, 1, () => 0);
  const only = values.only?.split(',');
  const routes = ROUTES.filter((r) => r.name === REFERENCE || !only || only.includes(r.name));
  const injections = routes.map((route) => {
    const { method, path, body, headers } = requestOf(route, demo);
    return {
      route,
      request: {
        method,
        url: path,
        payload: body,
        headers: {
          ...headers,
          'x-requested-with': 'XMLHttpRequest',
          ...(route.session ? { authorization: `Session ${tokens[0]}` } : {}),
        },
      },
    };
  });
  const run = async ({ route, request }: (typeof injections)[number], n: number) => {
    for (let i = 0; i < n; i++) {
      const res = await app.inject(request);
      // The reply's code is read on the first call of each turn only, so parsing it weighs little.
      if (res.statusCode !== 200 || (i === 0 && !isSuccess((res.json() as { code: unknown }).code, route.call.success)))
        throw new Error(`${request.url} answered ${res.statusCode} ${res.body.slice(0, 200)}`);
    }
  };
  for (const injection of injections) await run(injection, warmup);
  // Each round takes the routes in turns of 20 calls, so drift in the machine's load falls on all alike.
  const block = 20;
  const ratios = new Map<string, number[]>();
  const postgresRatios = new Map<string, number[]>();
  for (let round = 1; round <= rounds; round++) {
    // The pool's connections after the warm-up; a backend opened later would go uncounted, so a
    // round that ends with other backends than it began with says so.
    const pids = await postgresBackends(database);
    const used = new Map<string, number>(injections.map(({ route }) => [route.name, 0]));
    const usedByPostgres = new Map<string, number>(injections.map(({ route }) => [route.name, 0]));
    for (let done = 0; done < calls; done += block) {
      for (const injection of injections) {
        const backendsBefore = pids && backendsCpu(pids);
        const before = process.cpuUsage();
        await run(injection, Math.min(block, calls - done));
        const spent = process.cpuUsage(before);
        const backendsAfter = pids && backendsCpu(pids);
        const routeName = injection.route.name;
        used.set(routeName, (used.get(routeName) ?? 0) + spent.user + spent.system);
        if (backendsBefore && backendsAfter)
          usedByPostgres.set(
            routeName,
            (usedByPostgres.get(routeName) ?? 0) + backendsCpuBetween(backendsBefore, backendsAfter) / 1000,
          );
      }
    }
    const pidsAfter = await postgresBackends(database);
    if (pids && pidsAfter?.some((pid) => !pids.includes(pid)))
      console.log(`round ${round}: backends opened during the round went uncounted`);
    const perCall = new Map([...used].map(([route, micros]) => [route, micros / 1000 / calls]));
    const postgresPerCall = new Map([...usedByPostgres].map(([route, micros]) => [route, micros / 1000 / calls]));
    const reference = perCall.get(REFERENCE) ?? Number.NaN;
    const postgresReference = postgresPerCall.get(REFERENCE) ?? Number.NaN;
    for (const [route, ms] of perCall) {
      const postgresMs = postgresPerCall.get(route) ?? Number.NaN;
      ratios.set(route, [...(ratios.get(route) ?? []), ms / reference]);
      postgresRatios.set(route, [...(postgresRatios.get(route) ?? []), postgresMs / postgresReference]);
      console.log(
        `round ${round}  ${route.padEnd(24)} ${ms.toFixed(3)} ms CPU/call   ${(ms / reference).toFixed(2)} × ${REFERENCE}` +
          `   PostgreSQL ${postgresMs.toFixed(3)} ms/call   ${(postgresMs / postgresReference).toFixed(2)} ×`,
      );
    }
  }
  const medianOf = (each: number[]) => [...each].sort((a, b) => a - b)[Math.floor(each.length / 2)] ?? Number.NaN;
  for (const [route, each] of ratios)
    console.log(
      `median  ${route.padEnd(24)} ${medianOf(each).toFixed(2)} × ${REFERENCE} (CPU per call)` +
        `   PostgreSQL ${medianOf(postgresRatios.get(route) ?? []).toFixed(2)} ×`,
    );
  await app.close();
} finally {
  await database.close();
  await scratch.drop();
}
