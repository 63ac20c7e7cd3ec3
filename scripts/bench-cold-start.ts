/**
 * Cold start (issue 12): the time from `npm start` to the first page served, on a fresh data folder
 * (migrations and demo data included) and again on the folder the first start left.
 *
 *   npm run bench:cold-start                    (5 runs of each)
 *   npm run bench:cold-start -- --runs 3 --no-build-run
 *
 * By default one more run starts from no build at all (dist/web removed), as right after
 * `npm install`, so the web build is in the figure too. Figures go to docs/performance.md.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { machineNote, startServer, table, waitFor200, writeDocSection } from './bench-support';

const { values } = parseArgs({
  options: { runs: { type: 'string', default: '5' }, 'no-build-run': { type: 'boolean', default: false } },
});
const runs = Number(values.runs);

/** One `npm start`: milliseconds from the spawn to the first 200 on `/`. */
async function timeStart(dataDir?: string): Promise<number> {
  const started = performance.now();
  const server = await startServer({ dataDir });
  try {
    const served = await waitFor200(`${server.url}/`, 180_000);
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
if (!existsSync('dist/web/index.html')) {
  console.log('No build yet: a first start builds the pages; timing that separately.');
}
await timeStart(); // builds the pages if stale, so every timed run below starts from the same place

const fresh: number[] = [];
const reopened: number[] = [];
for (let i = 0; i < runs; i++) {
  const dataDir = mkdtempSync(join(tmpdir(), 'hiram-cold-'));
  try {
    fresh.push(await timeStart(dataDir));
    reopened.push(await timeStart(dataDir));
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
  console.log(`run ${i + 1}: fresh data ${seconds(fresh.at(-1) ?? 0)}, existing data ${seconds(reopened.at(-1) ?? 0)}`);
}

let withBuild: number | undefined;
if (!values['no-build-run']) {
  rmSync('dist/web', { recursive: true, force: true });
  withBuild = await timeStart();
  console.log(`no build and fresh data (as after npm install): ${seconds(withBuild)}`);
}

const rows = [
  ['fresh data folder (migrations, demo data), pages built', seconds(median(fresh)), seconds(Math.min(...fresh)), seconds(Math.max(...fresh))],
  ['data folder of an earlier start, pages built', seconds(median(reopened)), seconds(Math.min(...reopened)), seconds(Math.max(...reopened))],
];
if (withBuild !== undefined) rows.push(['nothing built, fresh data folder (right after `npm install`)', seconds(withBuild), '', '']);
const output = table(['`npm start` to the first page served (`GET /` → 200)', 'median', 'fastest', 'slowest'], rows, ['l', 'r', 'r', 'r']);
console.log(`\n${output}`);

writeDocSection(
  'cold-start',
  'Cold start (issue 12)',
  `\`\`\`sh
npm run bench:cold-start
\`\`\`

The script runs \`npm start\` with a fresh PGlite data folder on a free port and times it to the first
\`200\` for \`/\` (the official site, rendered by the server on its first request), ${runs} times; then
again on the folder each first start left; then once from no build at all. Goal: 5 s or less.

${output}

Measured ${new Date().toISOString().slice(0, 10)} on ${note}.`,
);
