import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from './source-lines';

/**
 * The newcomer's map in docs/architecture.md ("Where each desk lives") matches the folders: every
 * folder it names exists, and every desk folder of the back office (server and app) is on it.
 */
const doc = readFileSync(join(REPO_ROOT, 'docs/architecture.md'), 'utf8');
const section = doc.split('### Where each desk lives')[1]?.split(/\n##+ /)[0] ?? '';
const named = [...section.matchAll(/`((?:src|scripts|e2e|docs)\/[\w./-]*\/)`/g)].map(([, path]) => path ?? '');

const subfolders = (folder: string) =>
  readdirSync(join(REPO_ROOT, folder))
    .filter((name) => statSync(join(REPO_ROOT, folder, name)).isDirectory())
    .map((name) => `${folder}/${name}/`);

describe("the newcomer's map", () => {
  it('names folders', () => {
    expect(named.length).toBeGreaterThan(5);
  });

  it('names only folders that exist', () => {
    expect(named.filter((path) => !existsSync(join(REPO_ROOT, path)))).toEqual([]);
  });

  it('names every desk folder of the back office', () => {
    const desks = [...subfolders('src/server/features/back-office'), ...subfolders('src/admin/sections')];
    expect(desks.filter((path) => !named.includes(path))).toEqual([]);
  });
});
