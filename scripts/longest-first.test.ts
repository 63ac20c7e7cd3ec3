import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { LONGEST_TESTS } from './longest-first';

describe('the test files that start first (scripts/longest-first.ts)', () => {
  it('name files that exist, so a renamed file cannot drop out of the order unnoticed', () => {
    expect(LONGEST_TESTS.filter((file) => !existsSync(file))).toEqual([]);
  });
});
