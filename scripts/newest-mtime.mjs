// @ts-check
// Plain JavaScript so that scripts/launch.mjs can use it before any TypeScript loader runs.
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The newest modification time of a file, or of any file under a folder (milliseconds; 0 for an
 * empty folder). Builds compare it with their output's to know whether they are stale.
 * @param {string} path
 * @returns {number}
 */
export function newestMtime(path) {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const name of readdirSync(path)) newest = Math.max(newest, newestMtime(join(path, name)));
  return newest;
}
