import { describe, expect, it } from 'vitest';
import { WEB_MODULE_MOCKS } from '../vitest.config';
import { filesUnder, linesMatching } from './source-lines';

/**
 * The test files of a worker run one after another on the modules it has loaded once
 * (vitest.config.ts, `isolate: false`). That holds only while no test replaces a module for the
 * files after it, nor leaves a global, the environment or the timers replaced.
 */
const REPLACES = /\bvi\.(mock|doMock|stubGlobal|stubEnv|useFakeTimers)\(/;
const MOCKS_MODULE = /\bvi\.(mock|doMock)\(/;

describe('test files that share their modules', () => {
  it('unit and API tests replace no module, global, environment variable or timer', () => {
    const tests = ['src/server', 'src/shared', 'src/admin', 'scripts'].flatMap((dir) => filesUnder(dir, /\.test\.ts$/));
    expect(linesMatching(tests, REPLACES)).toEqual([]);
  });

  it('web tests replace a module only in the files listed to run apart, and put back globals and timers', () => {
    const web = filesUnder('src/web', /\.test\.tsx?$/).filter((file) => !WEB_MODULE_MOCKS.includes(file));
    expect(linesMatching(web, MOCKS_MODULE)).toEqual([]);
    const unrestored = web.filter((file) => {
      const replaced = (what: RegExp) => linesMatching([file], what).length > 0;
      return (
        (replaced(/\bvi\.stubGlobal\(/) && !replaced(/\bvi\.unstubAllGlobals\(/)) ||
        (replaced(/\bvi\.useFakeTimers\(/) && !replaced(/\bvi\.useRealTimers\(/))
      );
    });
    expect(unrestored).toEqual([]);
  });

  it('the files listed to run apart exist', () => {
    const web = filesUnder('src/web', /\.test\.tsx?$/);
    expect(WEB_MODULE_MOCKS.filter((file) => !web.includes(file))).toEqual([]);
  });
});
