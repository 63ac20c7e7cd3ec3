/**
 * Each chunk carries the messages it shows, not the whole catalogue (docs/performance.md).
 *
 * The message catalogues (src/web/lib/i18n/<locale>.ts) hold every text of every page; loaded
 * with the entry, the English one alone cost every page about 5 KB gzip, and it grows with each
 * page. In web builds this plugin:
 *
 *   1. builds each catalogue module as an empty object of the same name;
 *   2. adds to every other web module that mentions message keys a statement that puts those
 *      messages into the catalogues, right after its imports: every string literal that is a key,
 *      and every key starting with the fixed head of a template literal (`orderStatus.${code}`).
 *
 * Why that is enough: a key reaches `t()` only as a literal written in some module (keys are typed
 * `MessageKey`); that module has run, and so filled its messages in, before its literal can be used
 * anywhere. Tests and `npm run dev` load the catalogues whole.
 *
 * Only the default language (English) is split so. Another language's catalogue (fil.ts) is a chunk
 * of its own, loaded whole before the first render for its readers only (lib/i18n/locale.ts):
 * split into every chunk, English readers would download it too.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve, sep } from 'node:path';
import type { Plugin } from 'vite';
import { type AstNode, applyEdits, parseProgram, walk } from './ast-edits.ts';

/** The catalogue split into the chunks: the default language's. */
const CATALOGUE_FILE = /^en\.ts$/;

interface Catalogue {
  file: string;
  exportName: string;
  messages: Map<string, string>;
}

/** The text before a template literal's first `${…}` (all of it when it has none). */
function templateHead(node: AstNode): string {
  const [first] = node.quasis as AstNode[];
  return (first?.value as { cooked?: string } | undefined)?.cooked ?? '';
}

function literalText(node: AstNode): string | undefined {
  if (node.type === 'Literal' && typeof node.value === 'string') return node.value;
  if (node.type === 'TemplateLiteral' && (node.expressions as AstNode[]).length === 0) return templateHead(node);
  return undefined;
}

/** Reads `export const <name> = { 'key': 'text', … } as const;` (every value a plain string). */
export function readCatalogue(file: string): Catalogue {
  const program = parseProgram(file, readFileSync(file, 'utf8'));
  for (const statement of program.body as AstNode[]) {
    const declaration = statement.declaration as AstNode | undefined;
    if (statement.type !== 'ExportNamedDeclaration' || declaration?.type !== 'VariableDeclaration') continue;
    const [declarator] = declaration.declarations as AstNode[];
    let init = declarator?.init as AstNode | undefined;
    while (init && (init.type === 'TSAsExpression' || init.type === 'TSSatisfiesExpression'))
      init = init.expression as AstNode;
    if (!declarator || init?.type !== 'ObjectExpression') continue;
    const messages = new Map<string, string>();
    for (const property of init.properties as AstNode[]) {
      const key = property.type === 'Property' ? literalText(property.key as AstNode) : undefined;
      const text = property.type === 'Property' ? literalText(property.value as AstNode) : undefined;
      if (key === undefined || text === undefined || property.computed) {
        throw new Error(
          `${file}: every message must be 'key': 'plain text' (found ${property.type} at ${property.start})`,
        );
      }
      messages.set(key, text);
    }
    return { file, exportName: (declarator.id as AstNode).name as string, messages };
  }
  throw new Error(`${file}: expected \`export const <locale> = { … }\``);
}

/** The message keys one module mentions (exported for tests). */
export function keysMentioned(program: AstNode, keys: readonly string[]): string[] {
  const known = new Set(keys);
  const found = new Set<string>();
  walk(program, (node) => {
    const text = literalText(node);
    if (text !== undefined && known.has(text)) found.add(text);
    if (node.type === 'TemplateLiteral' && (node.expressions as AstNode[]).length > 0) {
      const head = templateHead(node);
      if (head.includes('.')) for (const key of keys) if (key.startsWith(head)) found.add(key);
    }
    return true;
  });
  return [...found].sort();
}

export function splitMessages(webRoot = resolve('src/web')): Plugin {
  const i18nDir = join(webRoot, 'lib', 'i18n');
  let catalogues: Catalogue[] = [];
  let keys: string[] = [];
  return {
    name: 'hiram-split-messages',
    apply: 'build',
    enforce: 'post',
    buildStart() {
      catalogues = readdirSync(i18nDir)
        .filter((name) => CATALOGUE_FILE.test(name))
        .map((name) => readCatalogue(join(i18nDir, name)));
      keys = [...new Set(catalogues.flatMap((catalogue) => [...catalogue.messages.keys()]))];
    },
    load(id) {
      const catalogue = catalogues.find((c) => c.file === (id.split('?')[0] ?? id));
      return catalogue ? `export const ${catalogue.exportName} = {};\n` : null;
    },
    transform(code, id) {
      const file = id.split('?')[0] ?? id;
      if (!file.startsWith(webRoot + sep) || file.startsWith(i18nDir + sep) || !/\.[jt]sx?$/.test(file)) return null;
      const program = parseProgram(file.replace(/\.tsx?$/, '.js'), code);
      const used = keysMentioned(program, keys);
      if (used.length === 0) return null;
      const imports = catalogues.map(
        (c, i) => `import { ${c.exportName} as __hiramMessages${i} } from ${JSON.stringify(c.file)};`,
      );
      const fills = catalogues.map((c, i) => {
        const entries = used.filter((key) => c.messages.has(key)).map((key) => [key, c.messages.get(key)]);
        return `Object.assign(__hiramMessages${i}, ${JSON.stringify(Object.fromEntries(entries))});`;
      });
      const body = program.body as AstNode[];
      const lastImport = [...body].reverse().find((statement) => statement.type === 'ImportDeclaration');
      const at = lastImport ? lastImport.end : 0;
      const text = `\n${imports.join('\n')}\n${fills.join('\n')}\n`;
      return { code: applyEdits(code, [{ start: at, end: at, text }]), map: null };
    },
  };
}
