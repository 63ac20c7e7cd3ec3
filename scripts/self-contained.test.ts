import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { filesUnder, linesMatching, REPO_ROOT } from './source-lines';

/** Documents outside this repository: its reasons belong in docs/, where a reader can find them. */
const OUTSIDE = /DESIGN\u0020§|\b[Ii]ssues?\u0020\d+|\bSTYLE\s*[:"(]/;

describe('a self-contained repository', () => {
  it('no source file cites a document kept outside the repository (reasons live in docs/)', () => {
    const sources = ['src', 'e2e', 'scripts'].flatMap((top) => filesUnder(top, /\.(ts|tsx|mjs|css|html)$/));
    expect(linesMatching(sources, OUTSIDE)).toEqual([]);
  });

  it('no document of the repository does either: the README and docs/ name places inside it', () => {
    const documents = ['README.md', ...readdirSync(join(REPO_ROOT, 'docs')).map((name) => join('docs', name))];
    expect(
      linesMatching(
        documents.filter((name) => name.endsWith('.md')),
        OUTSIDE,
      ),
    ).toEqual([]);
  });
});
