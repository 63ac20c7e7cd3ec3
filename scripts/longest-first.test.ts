import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { LONGEST_BROWSER_TESTS } from '../e2e/support/longest-first';

describe('the browser tests that start first (e2e/support/longest-first.ts)', () => {
  it('name files that exist, so a renamed file cannot drop out of the order unnoticed', () => {
    expect(LONGEST_BROWSER_TESTS.filter((file) => !existsSync(file))).toEqual([]);
  });
});
