/**
 * Cold start: the time from `npm start` to the first page served, on a fresh data folder
 * (migrations and demo data included) and again on the folder the first start left.
 *
 *   npm run bench:cold-start                    (5 runs of each)
 *   npm run bench:cold-start -- --runs 3 --no-build-run
 *   npm run bench:cold-start -- --runs 1 --no-build-run --no-prepare --no-reopen   (the smallest: one fresh start)
 *
 * First it runs what `npm install` runs after installing (package.json postinstall: `node
 * scripts/launch.mjs --prepare`, timed), so the starts are timed as after an install. By default one
 * more start runs with nothing prepared (no pages, no server bundle, no database snapshots), as
 * when that step was skipped. Figures go to docs/performance.md.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { machineNote, startServer, table, waitFor200, writeDocSection } from './bench-support';
import { CACHE_DIR } from './pglite-snapshot';

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '5' },
    'no-build-run': { type: 'boolean', default: false },
    /** Skip `npm install`'s preparation (already done by the install; the smoke test's setting). */
    'no-prepare': { type: 'boolean', default: false },
    /** Skip the start on the folder the fresh start left (the smoke test's setting). */
    'no-reopen': { type: 'boolean', default: false },
    /** How long one start may take to serve its first page. */
    'timeout-seconds': { type: 'string', default: '180' },
  },
});
const runs = Number(values.runs);

/** What `npm install` runs after installing (package.json postinstall). */
const prepare = () =>
  execFileSync(process.execPath, ['scripts/launch.mjs', '--prepare'], {
    stdio: 'inherit',
    env: { ...process.env, LOG_LEVEL: 'warn' },
  });

/** One `npm start`: milliseconds from the spawn to the first 200 on `/`. */
async function timeStart(dataDir?: string): Promise<number> {
  const started = performance.now();
  const server = await startServer({ dataDir });
  try {
    const served = await waitFor200(`${server.url}/`, Number(values['timeout-seconds']) * 1000).catch((err: Error) => {
      throw new Error(`${err.message}; the server's last lines:\n${server.outputTail()}`);
    });
    return served - started;
  } finally {
    await server.stop();
  }
}

const median = (list: number[]) => {
  const sorted = [...list].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
};
const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

const note = await machineNote();
console.log(`Cold start, ${runs} runs each (${note})`);
const preparing = performance.now();
if (!values['no-prepare']) prepare();
const prepared = performance.now() - preparing;
if (!values['no-prepare']) console.log(`npm install's preparation: ${(prepared / 1000).toFixed(2)} s`);

const fresh: number[] = [];
const reopened: number[] = [];
for (let i = 0; i < runs; i++) {
  const dataDir = mkdtempSync(join(tmpdir(), 'hiram-cold-'));
  try {
    fresh.push(await timeStart(dataDir));
    if (!values['no-reopen']) reopened.push(await timeStart(dataDir));
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
  console.log(
    `run ${i + 1}: fresh data ${seconds(fresh.at(-1) ?? 0)}${values['no-reopen'] ? '' : `, existing data ${seconds(reopened.at(-1) ?? 0)}`}`,
  );
}

let withBuild: number | undefined;
if (!values['no-build-run']) {
  rmSync('dist/web', { recursive: true, force: true });
  rmSync('dist/server', { recursive: true, force: true });
  for (const name of readdirSync(CACHE_DIR))
    if (name.startsWith('pglite-')) rmSync(join(CACHE_DIR, name), { recursive: true, force: true });
  withBuild = await timeStart();
  console.log(`nothing prepared, fresh data: ${seconds(withBuild)}`);
  prepare(); // leaves the checkout as an install leaves it
}

const rows = [
  [
    "fresh data folder, after `npm install`'s preparation (today's demo data ready)",
    seconds(median(fresh)),
    seconds(Math.min(...fresh)),
    seconds(Math.max(...fresh)),
  ],
];
if (reopened.length > 0)
  rows.push([
    'data folder of an earlier start',
    seconds(median(reopened)),
    seconds(Math.min(...reopened)),
    seconds(Math.max(...reopened)),
  ]);
if (!values['no-prepare'])
  rows.push([
    "`npm install`'s preparation (postinstall: pages, server bundle, database snapshots)",
    seconds(prepared),
    '',
    '',
  ]);
if (withBuild !== undefined)
  rows.push(['nothing prepared (no pages, bundle or snapshots), fresh data folder', seconds(withBuild), '', '']);
const output = table(['`npm start` to the first page served (`GET /` → 200)', 'median', 'fastest', 'slowest'], rows, [
  'l',
  'r',
  'r',
  'r',
]);
console.log(`\n${output}`);

writeDocSection(
  'cold-start',
  'Cold start',
  `\`\`\`sh
npm run bench:cold-start
\`\`\`

The script first runs what \`npm install\` runs after installing (\`node scripts/launch.mjs --prepare\`:
the pages, the server bundle and the database snapshots), then runs \`npm start\` with a fresh PGlite
data folder on a free port and times it to the first \`200\` for \`/\` (the official site, rendered by
the server on its first request), ${runs} times; then again on the folder each first start left; then
once with nothing prepared. Goal: 5 s or less.

${output}

Measured ${new Date().toISOString().slice(0, 10)} on ${note}.`,
);
