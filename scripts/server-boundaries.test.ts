import { readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { describe, expect, it } from 'vitest';
import { filesUnder, REPO_ROOT } from './source-lines';

/**
 * The server's rooms, as docs/architecture.md "The money core" draws them:
 *
 * - money has one door: outside src/server/money, code imports `money/index.ts` and nothing
 *   behind it, so every money command passes the core's checks (business date, four eyes, the
 *   limits re-checked under the lock that books, the journal's cause);
 * - the money core knows no feature: it never imports src/server/features;
 * - a feature imports another feature's files only where this list names the pair and says why.
 *   What several features need (audit, rate limits, captcha, codes, places, uploads, the
 *   application's answers, the payment seams) lives in a shared server module instead. A listed
 *   pair no longer used fails too, so the list only shrinks.
 * - only the money core writes the money tables.
 */
const ALLOWED: Record<string, string> = {
  'application → complaints':
    'the ID photo and selfie are served back through the complaint evidence route (one place that checks who may open an image)',
  'bank-binding → legacy-repayment':
    "a test reads the legacy repayment's card list to prove one bound account per kind shows there too",
  'loan-order → back-office':
    "the operator API's approve and reject take the credit desk's lists of reasons, so both doors give the same ones",
  'back-office → complaints': "the complaints desk's reports read the complaint categories the borrower pages offer",
  'back-office → auth': "a staff member's sessions are ended with the borrower session store's own revocation",
  'payouts → back-office': "the disbursal queue is the credit desk's list of approved orders, read the same way",
  'records → legacy-repayment': "a receipt names the account-debit channel by the legacy repayment's own constant",
};

const server = join(REPO_ROOT, 'src/server');
const features = join(server, 'features');
const money = join(server, 'money');

interface Import {
  file: string;
  target: string;
}

function importsUnder(folder: string, pattern = /\.tsx?$/): Import[] {
  const found: Import[] = [];
  for (const file of filesUnder(folder, pattern)) {
    const path = join(REPO_ROOT, file);
    const text = readFileSync(path, 'utf8');
    for (const [, specifier] of text.matchAll(/(?:from|import\(|vi\.mock\()\s*'(\.[^']+)'/g)) {
      found.push({ file, target: resolve(dirname(path), (specifier ?? '').replace(/\.tsx?$/, '')) });
    }
  }
  return found;
}

const inside = (path: string, folder: string) => path.startsWith(folder + sep);
const featureOf = (path: string) => relative(features, path).split(sep)[0] ?? '';

describe('server boundaries', () => {
  it('outside the money core, code reaches money only through its door (money/index.ts)', () => {
    const behind = [...importsUnder('src'), ...importsUnder('scripts', /\.(ts|mjs)$/), ...importsUnder('e2e')]
      .filter(({ file, target }) => !inside(join(REPO_ROOT, file), money) && inside(target, money))
      .filter(({ target }) => target !== join(money, 'index'))
      .map(({ file, target }) => `${file} → ${relative(REPO_ROOT, target)}`);
    expect(behind).toEqual([]);
  });

  it('the money core imports no feature', () => {
    const reaching = importsUnder('src/server/money')
      .filter(({ target }) => inside(target, features))
      .map(({ file, target }) => `${file} → ${relative(REPO_ROOT, target)}`);
    expect(reaching).toEqual([]);
  });

  it('a feature imports another only where the pair is listed with its reason', () => {
    const pairs = new Map<string, string[]>();
    for (const { file, target } of importsUnder('src/server/features')) {
      if (!inside(target, features)) continue;
      const from = featureOf(join(REPO_ROOT, file));
      const to = featureOf(target);
      if (from === to) continue;
      const pair = `${from} → ${to}`;
      pairs.set(pair, [...(pairs.get(pair) ?? []), file]);
    }
    const unlisted = [...pairs].filter(([pair]) => !(pair in ALLOWED)).map(([pair, files]) => `${pair}: ${files}`);
    expect(unlisted).toEqual([]);
    expect(Object.keys(ALLOWED).filter((pair) => !pairs.has(pair))).toEqual([]);
  });

  it('only the money core writes the money tables (tests set up their cases as they need)', () => {
    const tables = 'ledgerEntries|payments|payouts|creditTransfers|manualPostings|writeOffs|cobRuns|loanOrders';
    const write = new RegExp(`\\.(?:insert|update|delete)\\((?:${tables})\\)`);
    const writers = filesUnder('src/server', /\.ts$/)
      .filter((file) => !file.endsWith('.test.ts') && !inside(join(REPO_ROOT, file), money))
      .filter(
        (file) =>
          !inside(join(REPO_ROOT, file), join(server, 'db')) && !inside(join(REPO_ROOT, file), join(server, 'test')),
      )
      .filter((file) => write.test(readFileSync(join(REPO_ROOT, file), 'utf8')));
    expect(writers).toEqual([]);
  });
});
