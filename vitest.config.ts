import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

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
  'src/shared/**/*.test.ts',
  'scripts/**/*.test.ts',
  'src/admin/**/*.test.ts',
];

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          environment: 'node',
          include: UNIT,
          testTimeout: 30_000,
          hookTimeout: 300_000,
        },
      },
      {
        test: {
          name: 'api',
          environment: 'node',
          include: ['src/server/**/*.test.ts'],
          exclude: UNIT,
          globalSetup: ['src/server/test/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        plugins: [react()],
        test: {
          name: 'web',
          environment: 'happy-dom',
          include: ['src/web/**/*.test.{ts,tsx}'],
          setupFiles: ['src/web/test/setup.ts'],
        },
      },
      {
        test: {
          name: 'e2e',
          environment: 'node',
          include: ['e2e/**/*.test.ts'],
          globalSetup: ['e2e/support/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
