import { describe, expect, it } from 'vitest';
import { filesUnder, linesMatching } from './source-lines';

/**
 * The unit and API test files of a worker run one after another on the modules it has loaded once
 * (vitest.config.ts, `isolate: false`). That holds only while no test replaces a module, a global
 * or the environment for the files after it; each API file builds its own app from its own config.
 * (The web tests replace modules, so they keep a fresh set per file.)
 */
const REPLACES = /\bvi\.(mock|doMock|stubGlobal|stubEnv|useFakeTimers)\(/;

describe('unit and API test files that share their modules', () => {
  it('replace no module, global, environment variable or timer', () => {
    const tests = ['src/server', 'src/shared', 'src/admin', 'scripts'].flatMap((dir) => filesUnder(dir, /\.test\.ts$/));
    expect(linesMatching(tests, REPLACES)).toEqual([]);
  });
});
