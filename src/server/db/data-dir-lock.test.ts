import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DataDirLockedError, lockDataDir } from './data-dir-lock';

describe('one process per embedded database folder', () => {
  it('a second holder is refused with a clear message while the first runs; the lock goes with the release', () => {
    const dir = mkdtempSync(join(tmpdir(), 'hiram-lock-'));
    // Another live process holds it (a child that sleeps).
    const child = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 30000)']);
    try {
      writeFileSync(join(dir, 'hiram.lock'), String(child.pid));
      expect(() => lockDataDir(dir)).toThrow(DataDirLockedError);
      expect(() => lockDataDir(dir)).toThrow(`Another Hiram process (pid ${child.pid}) is using the embedded database`);
    } finally {
      child.kill();
    }
  });

  it('takes over the lock of a process that is gone, and releases it', () => {
    const dir = mkdtempSync(join(tmpdir(), 'hiram-lock-'));
    writeFileSync(join(dir, 'hiram.lock'), '999999999');
    const release = lockDataDir(dir);
    expect(readFileSync(join(dir, 'hiram.lock'), 'utf8')).toBe(String(process.pid));
    release();
    expect(existsSync(join(dir, 'hiram.lock'))).toBe(false);
  });
});
