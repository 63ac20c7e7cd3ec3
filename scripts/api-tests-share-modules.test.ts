import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The unit and API test files of a worker run one after another on the modules it has loaded once
 * (vitest.config.ts, `isolate: false`). That holds only while no test replaces a module, a global
 * or the environment for the files after it; each API file builds its own app from its own config.
 * (The web tests replace modules, so they keep a fresh set per file.)
 */
const REPLACES = /\bvi\.(mock|doMock|stubGlobal|stubEnv|useFakeTimers)\(/;

const root = fileURLToPath(new URL('..', import.meta.url));

function* tests(dir: string): Generator<string> {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* tests(path);
    else if (name.endsWith('.test.ts')) yield path;
  }
}

describe('unit and API test files that share their modules', () => {
  it('replace no module, global, environment variable or timer', () => {
    const found: string[] = [];
    for (const path of ['src/server', 'src/shared', 'src/admin', 'scripts'].flatMap((dir) => [
      ...tests(join(root, dir)),
    ])) {
      readFileSync(path, 'utf8')
        .split('\n')
        .forEach((line, i) => {
          if (REPLACES.test(line)) found.push(`${relative(root, path)}:${i + 1}: ${line.trim()}`);
        });
    }
    expect(found).toEqual([]);
  });
});
