import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseProgram } from './ast-edits';
import { keysMentioned, readCatalogue } from './vite-i18n-split';
import { loadedBefore } from './vite-preload-deps';
import { sharedModuleForWeb } from './vite-shared-for-web';
import { instrumentModule } from './web-pages';

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
    // biome-ignore lint/suspicious/noTemplateCurlyInString: source code under test, with a template literal in it
    const code =
      "const a = t('app.name'); const b = t(`orderStatus.${code}`); const c = 'not.a.key'; const d = `app.name`;";
    expect(keysMentioned(parseProgram('m.js', code), keys)).toEqual(['app.name', 'orderStatus.200', 'orderStatus.21']);
  });
});

describe('web-pages: noting which lazily loaded modules a route renders', () => {
  it('marks every function, block or expression body, keeping pure annotations in place', () => {
    const code = `export function Page() { return 1; }
export const Row = (props) => /* @__PURE__ */ jsx("li", props);
const pick = (m) => ({ default: m.Page });
const later = async () =>
  value;`;
    const out = instrumentModule('p.js', code, 'features/x/page.tsx');
    parses(out);
    const mark = 'globalThis.__hiramRendered?.add("features/x/page.tsx")';
    expect(out).toContain(`export function Page() {${mark}; return 1; }`);
    expect(out).toContain(`=> (${mark}, /* @__PURE__ */ jsx("li", props))`);
    expect(out).toContain(`=> (${mark}, ({ default: m.Page }))`);
    expect(out).toContain(`=> (${mark},\n  value)`);
  });
});

describe('vite-preload-deps: a lazy import lists only what is not loaded yet', () => {
  it('finds every file a chunk imports statically, through others, once, and not the chunk itself', () => {
    const bundle = {
      'page.js': { imports: ['api.js', 'entry.js'] },
      'api.js': { imports: ['entry.js'] },
      'entry.js': { imports: ['react-dom.js', 'runtime.js'] },
      'react-dom.js': { imports: ['runtime.js'] },
      'runtime.js': { imports: [] },
      'picker.js': { imports: ['antd.js', 'entry.js'] },
    };
    expect([...loadedBefore(bundle, 'page.js')].sort()).toEqual(['api.js', 'entry.js', 'react-dom.js', 'runtime.js']);
    expect(loadedBefore(bundle, 'runtime.js').size).toBe(0);
    expect(loadedBefore(bundle, 'unknown.js').size).toBe(0);
  });
});
