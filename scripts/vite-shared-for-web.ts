/**
 * Keeps zod out of the web bundle while src/shared/contracts stays the single source of truth.
 *
 * The web uses a contract's metadata (name, method, path, auth, success, multipart) to make a call;
 * its zod schemas serve the server, which validates every request and every reply against them.
 * In web builds only, this plugin rewrites each module under src/shared:
 *
 *   1. every `defineCall({ … })` loses its `request`, `reply` and `summary`, so the schemas are
 *      never built in the browser (and their names cost no page a byte);
 *   2. every top-level `const x = <expression with a call>` is wrapped in a pure IIFE, so a value
 *      nothing in the web uses (a zod schema, `phoneSchema`, …) is dropped with what it imports.
 *
 * The plain functions and constants of the shared modules keep working unchanged; call sites do not
 * change. Types are untouched: `CallReply<typeof x>` still comes from the full contract. A shared
 * module must therefore not rely on side effects of its top-level declarations (it has none: architecture.md: Parts).
 * `npm run dev` serves the full contracts (the plugin applies to builds), so the API client checks
 * replies against them there and in tests (src/web/lib/api/query.ts).
 */
import { sep } from 'node:path';
import type { Plugin } from 'vite';
import { type AstNode, applyEdits, containsCall, type Edit, isNode, parseProgram, walk } from './ast-edits.ts';

const SHARED_DIR = `${sep}src${sep}shared${sep}`;
const SERVER_ONLY_PROPERTIES = new Set(['request', 'reply', 'summary']);

function propertyName(node: AstNode): string | undefined {
  const key = node.key as AstNode | undefined;
  if (!key || node.computed) return undefined;
  if (key.type === 'Identifier') return key.name as string;
  if (key.type === 'Literal' && typeof key.value === 'string') return key.value;
  return undefined;
}

/** Edits that drop the server-only properties of every `defineCall({ … })`, with their commas. */
function contractEdits(program: AstNode, code: string): Edit[] {
  const edits: Edit[] = [];
  walk(program, (node) => {
    if (node.type !== 'CallExpression') return true;
    const callee = node.callee as AstNode;
    const [arg] = node.arguments as AstNode[];
    if (callee.type !== 'Identifier' || callee.name !== 'defineCall' || arg?.type !== 'ObjectExpression') return true;
    for (const property of arg.properties as AstNode[]) {
      if (property.type !== 'Property' || property.shorthand) continue;
      const name = propertyName(property);
      if (!name || !SERVER_ONLY_PROPERTIES.has(name)) continue;
      const comma = /^\s*,/.exec(code.slice(property.end as number));
      edits.push({
        start: property.start as number,
        end: (property.end as number) + (comma?.[0].length ?? 0),
        text: '',
      });
    }
    return false;
  });
  return edits;
}

/** Edits that make every top-level computed constant droppable when unused. */
function pureTopLevelEdits(program: AstNode): Edit[] {
  const edits: Edit[] = [];
  for (const statement of program.body as AstNode[]) {
    const declaration =
      statement.type === 'ExportNamedDeclaration' && isNode(statement.declaration) ? statement.declaration : statement;
    if (declaration.type !== 'VariableDeclaration') continue;
    for (const declarator of declaration.declarations as AstNode[]) {
      const init = declarator.init;
      if (!isNode(init)) continue;
      if (init.type === 'ArrowFunctionExpression' || init.type === 'FunctionExpression' || !containsCall(init))
        continue;
      edits.push({ start: init.start, end: init.start, text: '/* @__PURE__ */ (() => (' });
      edits.push({ start: init.end, end: init.end, text: '))()' });
    }
  }
  return edits;
}

/** Rewrites one shared module for the browser (exported for tests). */
export function sharedModuleForWeb(fileName: string, code: string): string {
  const program = parseProgram(fileName, code);
  const edits = [...contractEdits(program, code), ...pureTopLevelEdits(program)];
  return edits.length ? applyEdits(code, edits) : code;
}

export function sharedForWeb(): Plugin {
  return {
    name: 'hiram-shared-for-web',
    apply: 'build',
    enforce: 'post',
    transform(code, id) {
      const file = id.split('?')[0] ?? id;
      if (!file.includes(SHARED_DIR) || !/\.[cm]?[jt]sx?$/.test(file) || /\.test\.[jt]sx?$/.test(file)) return null;
      // After Vite's own transforms the code is JavaScript; parse it as such.
      return { code: sharedModuleForWeb(file.replace(/\.[cm]?tsx?$/, '.js'), code), map: null };
    },
  };
}
