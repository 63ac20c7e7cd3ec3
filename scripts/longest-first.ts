import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The test files that take longest, longest first: the browser tests' (on 2 cores: the sweep's
 * halves about two minutes each, the whole journey one, the desk sweep and the official site half
 * a minute), then the others' (the money model on PGlite over a minute, the fuzz test of every
 * call, the benchmarks' smoke and the loan engine's invariants half a minute or more each; the
 * money model on PostgreSQL and the embedded snapshot's test after them).
 */
export const LONGEST_TESTS = [
  'e2e/everyone-fil.test.ts',
  'e2e/everyone-en.test.ts',
  'e2e/whole-journey.test.ts',
  'e2e/back-office-sweep.test.ts',
  'e2e/official-site.test.ts',
  'src/server/money/money-model.test.ts',
  'src/server/reliability/fuzz.test.ts',
  'scripts/bench-smoke.test.ts',
  'src/server/domain/loan/invariants.test.ts',
  'scripts/pglite-snapshot.test.ts',
];

/**
 * Vitest's order (failed first, then by the last run's durations, or by file size when there is no
 * last run, as on a clean clone), except that the longest tests start first: then the short files
 * fill the end and both workers finish together. By size alone the sweep's two small files
 * started last, and one worker waited 21 s for the other. A file of two projects (the money model
 * on PostgreSQL and on PGlite) is ranked in both.
 */
export class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const rank = (file: TestSpecification) => {
      const at = LONGEST_TESTS.findIndex((name) => file.moduleId.endsWith(`/${name}`));
      return at === -1 ? LONGEST_TESTS.length : at;
    };
    return (await super.sort(files)).sort((a, b) => rank(a) - rank(b));
  }
}
