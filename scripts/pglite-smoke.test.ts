import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('..', import.meta.url));

/** The paths listed in src/server/test/pglite-smoke.txt (comments and blank lines left out). */
function smokeList(): string[] {
  return readFileSync(join(root, 'src/server/test/pglite-smoke.txt'), 'utf8')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('#'));
}

describe('the PGlite smoke list CI runs', () => {
  it('names only API test files that exist, each once', () => {
    const listed = smokeList();
    expect(listed.length).toBeGreaterThan(0);
    expect(
      listed.filter(
        (path) => !existsSync(join(root, path)) || !path.startsWith('src/server/') || !path.endsWith('.test.ts'),
      ),
    ).toEqual([]);
    expect(new Set(listed).size).toBe(listed.length);
  });
});
