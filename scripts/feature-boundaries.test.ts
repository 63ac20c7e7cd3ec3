import { readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { describe, expect, it } from 'vitest';
import { filesUnder, REPO_ROOT } from './source-lines';

/**
 * The borrower app's features stay apart: a feature folder of src/web/features imports the app's
 * shared code (lib/, app/, src/shared) and its own files, and another feature's files only where
 * this list names the pair and says why. A new pair fails here until it is listed (or the shared
 * piece moves to lib/), so features do not grow into each other unnoticed, and a page's chunk does
 * not quietly pull in another feature's code.
 */
const ALLOWED: Record<string, string> = {
  'application → bank-binding':
    "the application's form items are the bank-binding form's items (spec 000 §3): one set of text, choice, day and city fields",
  'application → complaints': "the ID photo and selfie are read back as complaint evidence is (the owner's image hook)",
  'loan → complaints': "the order's rating dialog (spec 001 §4) uses the complaints' star rating",
};

const features = join(REPO_ROOT, 'src/web/features');

const featureOf = (path: string) => relative(features, path).split(sep)[0] ?? '';

describe('borrower features stay apart', () => {
  it('a feature imports another only where the pair is listed with its reason', () => {
    const found = new Map<string, string[]>();
    for (const path of filesUnder('src/web/features', /\.tsx?$/).map((file) => join(REPO_ROOT, file))) {
      const from = featureOf(path);
      for (const [, specifier] of readFileSync(path, 'utf8').matchAll(/from '(\.[^']+)'/g)) {
        const target = resolve(dirname(path), specifier ?? '');
        if (!target.startsWith(features + sep)) continue;
        const to = featureOf(target);
        if (to === from) continue;
        const pair = `${from} → ${to}`;
        found.set(pair, [...(found.get(pair) ?? []), relative(REPO_ROOT, path)]);
      }
    }
    const unlisted = [...found].filter(([pair]) => !(pair in ALLOWED)).map(([pair, files]) => `${pair}: ${files}`);
    expect(unlisted).toEqual([]);
    // A listed pair no longer used is taken off the list.
    expect(Object.keys(ALLOWED).filter((pair) => !found.has(pair))).toEqual([]);
  });
});
