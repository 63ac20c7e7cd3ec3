import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';

describe('npm install prepares the first start, or leaves it to a later step', () => {
  it('with HIRAM_PREPARE_LATER=1 `--prepare` says so and makes nothing (CI prepares in a step of its own)', () => {
    const out = execFileSync(process.execPath, ['scripts/launch.mjs', '--prepare'], {
      env: { ...process.env, HIRAM_PREPARE_LATER: '1', NODE_ENV: 'development' },
      encoding: 'utf8',
      timeout: 20_000,
    });
    expect(out).toContain('HIRAM_PREPARE_LATER=1: nothing prepared now');
    expect(out).not.toContain('Ready');
  });
});
