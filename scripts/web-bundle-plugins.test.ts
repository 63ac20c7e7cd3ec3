import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { pages } from '../src/shared/pages';
import { parseProgram } from './ast-edits';
import { keysMentioned, readCatalogue } from './vite-i18n-split';
import { sharedModuleForWeb } from './vite-shared-for-web';
import { pageModules } from './web-pages';

// The source rewrites behind the bundle budgets; each must leave valid code.
const parses = (code: string) => expect(() => parseProgram('x.js', code)).not.toThrow();

describe('vite-shared-for-web: contracts without zod in the browser', () => {
  const contract = `import { z } from 'zod';
import { defineCall } from '../api/define-call';
const option = z.object({ value: z.number() });
export const FILE = /^a+$/;
export const isFile = (name) => FILE.test(name);
export const schema = z.string().trim().min(1);
export const list = defineCall({
  name: 'x.list', method: 'POST', path: '/x/list', auth: true, success: '00',
  summary: 'The list',
  request: z.object({ id: z.coerce.number() }),
  reply: z.object({ options: z.array(option) }),
});`;

  it('drops request, reply and summary of every defineCall, keeping the metadata', () => {
    const out = sharedModuleForWeb('c.js', contract);
    parses(out);
    expect(out).toContain("name: 'x.list', method: 'POST', path: '/x/list', auth: true, success: '00',");
    expect(out).not.toMatch(/summary|request|reply/);
    expect(out).not.toContain('z.object({ id');
  });

  it('drops them wherever they stand, the last one without a comma too', () => {
    const out = sharedModuleForWeb(
      'd.js',
      "export const a = defineCall({ reply: z.string(), name: 'a', request: z.object({}) });\nexport const b = defineCall({ name: 'b', summary: 'B' });",
    );
    parses(out);
    const flat = out.replace(/\s+/g, ' ');
    expect(flat).toContain("defineCall({ name: 'a', })");
    expect(flat).toContain("defineCall({ name: 'b', })");
  });

  it('makes top-level computed constants droppable, and leaves functions and literals alone', () => {
    const out = sharedModuleForWeb('c.js', contract);
    expect(out).toContain('const option = /* @__PURE__ */ (() => (z.object({ value: z.number() })))();');
    expect(out).toContain('export const schema = /* @__PURE__ */ (() => (z.string().trim().min(1)))();');
    expect(out).toContain('export const FILE = /^a+$/;');
    expect(out).toContain('export const isFile = (name) => FILE.test(name);');
  });

  it('leaves a module without contracts or computed constants as it is', () => {
    const plain = 'export const A = 1;\nexport function f() { return A; }\n';
    expect(sharedModuleForWeb('p.js', plain)).toBe(plain);
  });
});

describe('vite-i18n-split: each chunk its own messages', () => {
  const dir = mkdtempSync(join(tmpdir(), 'hiram-i18n-'));
  const file = join(dir, 'en.ts');
  writeFileSync(
    file,
    `export const en = {\n  'app.name': 'Hiram',\n  'orderStatus.21': 'Under review',\n  'orderStatus.200': 'Settled',\n  'common.retry': \`Try again\`,\n} as const;\n`,
  );

  it('reads a catalogue of plain messages, and refuses anything else', () => {
    const catalogue = readCatalogue(file);
    expect(catalogue.exportName).toBe('en');
    expect([...catalogue.messages]).toContainEqual(['common.retry', 'Try again']);
    const bad = join(dir, 'fil.ts');
    writeFileSync(bad, "export const fil = { 'app.name': name() };\n");
    expect(() => readCatalogue(bad)).toThrow(/plain text/);
  });

  it('finds the keys a module mentions: literals, and every key under a template literal’s fixed head', () => {
    const keys = [...readCatalogue(file).messages.keys()];
    const code =
      // biome-ignore lint/suspicious/noTemplateCurlyInString: source code under test, with a template literal in it
      "const a = t('app.name'); const b = t(`orderStatus.${code}`); const c = 'not.a.key'; const d = `app.name`;";
    expect(keysMentioned(parseProgram('m.js', code), keys)).toEqual(['app.name', 'orderStatus.200', 'orderStatus.21']);
  });
});

describe('web-pages: the page table, read without running it', () => {
  it('maps every page of src/shared/pages.ts to the lazily loaded module it renders', () => {
    const modules = pageModules(resolve('src/web'));
    expect(Object.keys(modules).sort()).toEqual(Object.keys(pages).sort());
    expect(modules.officialSite).toBe('features/official-site/pages/official-site-page.tsx');
    expect(modules.loanDetail).toBe('features/loan/pages/order-details-page.tsx');
    expect(modules.order).toBe(modules.loanDetail);
    expect(modules.admin).toBe('app/coming-soon-page.tsx');
  });

  it('refuses a page that renders no lazily loaded component', () => {
    const dir = mkdtempSync(join(tmpdir(), 'hiram-pages-'));
    writeFileSync(join(dir, 'a-page.tsx'), 'export const APage = () => null;\n');
    writeFileSync(
      join(dir, 'table.tsx'),
      `const A = lazy(() => import('./a-page').then((m) => ({ default: m.APage })));
export const pageElements = { a: <A />, b: <div /> };\n`,
    );
    expect(() => pageModules(dir, 'table.tsx')).toThrow(/page b renders no lazily loaded component/);
  });
});
