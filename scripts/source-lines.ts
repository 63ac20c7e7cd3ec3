import { readdirSync, readFileSync } from 'node:fs';
import { join, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository's root folder. */
export const REPO_ROOT = fileURLToPath(new URL('..', import.meta.url));

/**
 * The files under a folder of the repository whose names match, as paths from the root
 * (node_modules and the generated migrations left out).
 */
export function filesUnder(folder: string, name: RegExp): string[] {
  return readdirSync(join(REPO_ROOT, folder), { recursive: true, encoding: 'utf8' })
    .filter(
      (path) => name.test(path) && !path.split(sep).some((part) => part === 'node_modules' || part === 'migrations'),
    )
    .map((path) => join(folder, path));
}

/** Every line of these files (paths from the root) that matches, as `path:line: text`. */
export function linesMatching(paths: readonly string[], pattern: RegExp): string[] {
  const found: string[] = [];
  for (const path of paths) {
    readFileSync(join(REPO_ROOT, path), 'utf8')
      .split('\n')
      .forEach((line, i) => {
        if (pattern.test(line)) found.push(`${path}:${i + 1}: ${line.trim().slice(0, 120)}`);
      });
  }
  return found;
}
