import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export class DataDirLockedError extends Error {}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: it exists but belongs to another user; still a live process.
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * The embedded database is one process's: PGlite keeps its pages in that process's memory, so a
 * second process writing the same folder loses what the first acknowledged. The lock file names
 * the holder; a second process refuses to start while the holder runs, and takes over a lock
 * whose holder is gone (a crash). Returns the release.
 */
export function lockDataDir(dir: string): () => void {
  const path = join(dir, 'hiram.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      writeFileSync(path, String(process.pid), { flag: 'wx' });
      return () => rmSync(path, { force: true });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const holder = Number(readFileSync(path, 'utf8').trim());
      if (Number.isInteger(holder) && holder > 0 && holder !== process.pid && isRunning(holder)) {
        throw new DataDirLockedError(
          `Another Hiram process (pid ${holder}) is using the embedded database in ${dir}. Stop it first, or run several processes on PostgreSQL (DATABASE_URL).`,
        );
      }
      rmSync(path, { force: true });
    }
  }
  throw new DataDirLockedError(`Could not take the lock on ${dir}`);
}
