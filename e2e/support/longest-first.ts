import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The browser-test files that take longest (on 2 cores: the sweep's halves about two minutes
 * each, the whole journey one, the desk sweep and the official site half a minute), longest first.
 */
export const LONGEST_BROWSER_TESTS = [
  'e2e/everyone-fil.test.ts',
  'e2e/everyone-en.test.ts',
  'e2e/whole-journey.test.ts',
  'e2e/back-office-sweep.test.ts',
  'e2e/official-site.test.ts',
];

/**
 * Vitest's order (failed first, then by the last run's durations, or by file size when there is no
 * last run, as on a clean clone), except that the longest browser tests start first: then the short
 * files fill the end and both workers finish together. By size alone the sweep's two small files
 * started last, and one worker waited 21 s for the other.
 */
export class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const rank = (file: TestSpecification) => {
      const at = LONGEST_BROWSER_TESTS.findIndex((name) => file.moduleId.endsWith(`/${name}`));
      return at === -1 ? LONGEST_BROWSER_TESTS.length : at;
    };
    return (await super.sort(files)).sort((a, b) => rank(a) - rank(b));
  }
}
