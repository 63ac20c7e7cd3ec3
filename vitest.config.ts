import react from '@vitejs/plugin-react';
import { readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import { LongestFirst } from './scripts/longest-first.ts';

/**
 * Tests that need no database: the loan engine, the shared code, pure server rules and the build
 * scripts (pglite-snapshot.test.ts makes its own embedded databases, as `npm start` does, whatever
 * DATABASE_URL says). CI runs them once; the `api` project runs on PGlite and again on PostgreSQL.
 * A new pure test elsewhere in src/server lands in `api` and still runs; one that needs the
 * database cannot pass here (no database is provided).
 */
const UNIT = [
  'src/server/domain/**/*.test.ts',
  'src/server/i18n/**/*.test.ts',
  'src/server/features/bank-binding/rules.test.ts',
  'src/server/money/loans/stored-state.test.ts',
  'src/server/money/loans/stored-quote.test.ts',
  'src/server/money/write-off/stored-write-off.test.ts',
  'src/shared/**/*.test.ts',
  'scripts/**/*.test.ts',
  'src/admin/**/*.test.ts',
];

/**
 * The web test files that replace a module with `vi.mock`: each runs in a fresh set of modules
 * (project `web-mocks`); the other web files share theirs (scripts/test-files-share-modules.test.ts
 * keeps `vi.mock` out of them).
 */
export const WEB_MODULE_MOCKS = [
  'src/web/features/official-site/pages/official-site-page.test.tsx',
  'src/web/lib/api/client.test.ts',
  'src/web/lib/api/query.test.ts',
  'src/web/lib/session/session.test.ts',
];

/**
 * Workers per project: one per core (Vitest's default leaves a core to itself, which on a 2-core
 * machine halves what runs at once while the tests wait on the database or the browser).
 */
const WORKERS = Number(process.env.TEST_WORKERS ?? availableParallelism());
/**
 * Browser-test workers (E2E_WORKERS): three by default, one to run the files one after another. A
 * browser test waits often (a page loading, an animation, Playwright polling for an element), so
 * on the 2-core machine a third worker fills waits two leave idle (docs/performance.md).
 */
const E2E_WORKERS = Number(process.env.E2E_WORKERS ?? 3);

/**
 * The API test files run again on the embedded PGlite when the API files run on PostgreSQL
 * (src/server/test/pglite-smoke.txt says which and why).
 */
const PGLITE_SMOKE = readFileSync('src/server/test/pglite-smoke.txt', 'utf8')
  .split('\n')
  .map((line) => line.trim())
  .filter((line) => line !== '' && !line.startsWith('#'));

/**
 * What the two API projects share: the files of a worker share its loaded modules instead of
 * loading the server again for each (half the run's time): each file builds its own app and
 * database, and no test replaces a module or a global (scripts/test-files-share-modules.test.ts).
 * The global setup makes the databases each file copies: PostgreSQL templates for `api` when
 * DATABASE_URL is set, PGlite snapshots otherwise and always for `api-pglite`.
 */
const API_TEST = {
  environment: 'node' as const,
  maxWorkers: WORKERS,
  isolate: false,
  globalSetup: ['src/server/test/global-setup.ts'],
  testTimeout: 30_000,
  hookTimeout: 60_000,
};

/** What the two web projects share: React pages in happy-dom, one worker per core, the setup file. */
const WEB_TEST = {
  environment: 'happy-dom' as const,
  maxWorkers: WORKERS,
  setupFiles: ['src/web/test/setup.ts'],
};

export default defineConfig({
  test: {
    sequence: { sequencer: LongestFirst },
    projects: [
      {
        test: {
          name: 'unit',
          environment: 'node',
          maxWorkers: WORKERS,
          // Pure tests: the files of a worker share its loaded modules (nothing here replaces a
          // module or a global: scripts/test-files-share-modules.test.ts).
          isolate: false,
          include: UNIT,
          testTimeout: 30_000,
          hookTimeout: 300_000,
        },
      },
      { test: { ...API_TEST, name: 'api', include: ['src/server/**/*.test.ts'], exclude: UNIT } },
      // The API files where the two databases can differ, again on PGlite, when `api` runs on
      // PostgreSQL (DATABASE_URL set): in the same run, so both share one pool of workers.
      { test: { ...API_TEST, name: 'api-pglite', include: process.env.DATABASE_URL ? PGLITE_SMOKE : [] } },
      {
        plugins: [react()],
        test: {
          ...WEB_TEST,
          name: 'web',
          // The files of a worker share its loaded modules (React, antd-mobile and the setup load
          // once per worker, not once per file: a quarter of the time); each test restores the
          // globals and timers it replaces, and src/web/test/setup.ts clears what a page leaves.
          isolate: false,
          include: ['src/web/**/*.test.{ts,tsx}'],
          exclude: WEB_MODULE_MOCKS,
        },
      },
      {
        plugins: [react()],
        test: {
          ...WEB_TEST,
          name: 'web-mocks',
          // A module a file replaces must not be one another file of the worker already loaded.
          include: WEB_MODULE_MOCKS,
        },
      },
      {
        test: {
          name: 'e2e',
          environment: 'node',
          include: ['e2e/**/*.test.ts'],
          globalSetup: ['e2e/support/global-setup.ts'],
          setupFiles: ['e2e/support/per-file.ts'],
          // The files of a worker share its loaded modules (Playwright and the support code load
          // once per worker); a file's own hooks go in e2e/support/per-file.ts.
          isolate: false,
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // Each worker has a server and demo data of its own (e2e/support/global-setup.ts), so
          // files run in parallel without seeing each other's changes; much of a browser test is
          // waiting, which the other workers fill.
          maxWorkers: E2E_WORKERS,
          // After the other projects (`npm test`): a group of its own, as Vitest asks of a project
          // with a different number of workers; the browser tests then have the machine to themselves.
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
