import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { filesUnder, REPO_ROOT } from '../../scripts/source-lines';
import { manilaTime } from './desk-format';

/**
 * Every time on the desk is Manila's, whatever the browser's zone and language: the desk formats
 * instants with `manilaTime` only, never with the browser's own `toLocale…String` (which showed
 * complaints in US style and the staff member's local zone).
 */
describe('desk times are Manila times', () => {
  it('no desk page formats an instant with the browser’s locale or zone', () => {
    const found = filesUnder('src/admin', /\.tsx?$/)
      .filter((file) => !file.endsWith('.test.ts'))
      .flatMap((file) =>
        readFileSync(join(REPO_ROOT, file), 'utf8')
          .split('\n')
          .map((line, i) => ({ file, line: i + 1, text: line }))
          .filter(({ text }) => /\.toLocale(Date|Time)?String\(/.test(text)),
      )
      .map(({ file, line }) => `${file}:${line}`);
    expect(found).toEqual([]);
  });

  it('an instant reads in Manila (UTC+8)', () => {
    expect(manilaTime('2026-03-01T16:30:00Z')).toBe('2026-03-02 00:30:00');
  });
});
