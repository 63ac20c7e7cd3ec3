import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('..', import.meta.url));
/** Documents outside this repository: its reasons belong in docs/, where a reader can find them. */
const OUTSIDE = /DESIGN\u0020§|\b[Ii]ssues?\u0020\d+|\bSTYLE\s*[:"(]/;

function* sources(dir: string): Generator<string> {
  for (const name of readdirSync(dir)) {
    if (name === 'node_modules' || name === 'migrations') continue;
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* sources(path);
    else if (/\.(ts|tsx|mjs|css|html)$/.test(name)) yield path;
  }
}

describe('a self-contained repository', () => {
  it('no source file cites a document kept outside the repository (reasons live in docs/)', () => {
    const found: string[] = [];
    for (const top of ['src', 'e2e', 'scripts']) {
      for (const path of sources(join(root, top))) {
        readFileSync(path, 'utf8')
          .split('\n')
          .forEach((line, i) => {
            if (OUTSIDE.test(line)) found.push(`${relative(root, path)}:${i + 1}: ${line.trim().slice(0, 120)}`);
          });
      }
    }
    expect(found).toEqual([]);
  });

  it('no document of the repository does either: the README and docs/ name places inside it', () => {
    const found: string[] = [];
    const documents = ['README.md', ...readdirSync(join(root, 'docs')).map((name) => join('docs', name))];
    for (const path of documents.filter((name) => name.endsWith('.md'))) {
      readFileSync(join(root, path), 'utf8')
        .split('\n')
        .forEach((line, i) => {
          if (OUTSIDE.test(line)) found.push(`${path}:${i + 1}: ${line.trim().slice(0, 120)}`);
        });
    }
    expect(found).toEqual([]);
  });
});
