/**
 * react-router in the web build, with only what the pages use (docs/performance.md).
 *
 * 1. `import … from 'react-router'` in src/web means src/web/lib/react-router.ts: react-router
 *    itself with a lighter <Link> of the same behaviour (react-router's always bundles the
 *    framework-mode prefetch machinery, about 4 KB gzip, which does nothing under <BrowserRouter>).
 *
 * 2. Tree-shaking:
 * react-router 7 ships one large module. Its top level creates contexts and components with
 * `React.createContext(…)` / `React.forwardRef(…)` and then assigns `X.displayName = "…"`; to a
 * bundler both are side effects, so Link, NavLink, Form, ScrollRestoration, the data-router
 * contexts and their helpers are all kept, used or not. In web builds this plugin marks those
 * calls pure and removes the `displayName` assignments (names for React's developer tools only),
 * which lets unused components go: about 2 KB gzip off every page. Nothing else in react-router
 * changes.
 */
import { resolve, sep } from 'node:path';
import type { Plugin } from 'vite';
import { type AstNode, applyEdits, type Edit, parseProgram } from './ast-edits';

const PURE_FACTORIES = new Set(['createContext', 'forwardRef', 'memo']);

function isReactFactoryCall(node: AstNode): boolean {
  if (node.type !== 'CallExpression') return false;
  const callee = node.callee as AstNode;
  if (callee.type !== 'MemberExpression' || callee.computed) return false;
  const object = callee.object as AstNode;
  const property = callee.property as AstNode;
  return (
    object.type === 'Identifier' &&
    /^React\d*$/.test(object.name as string) &&
    PURE_FACTORIES.has(property.name as string)
  );
}

function isDisplayNameAssignment(statement: AstNode): boolean {
  if (statement.type !== 'ExpressionStatement') return false;
  const expression = statement.expression as AstNode;
  if (expression.type !== 'AssignmentExpression' || expression.operator !== '=') return false;
  const left = expression.left as AstNode;
  const right = expression.right as AstNode;
  return (
    left.type === 'MemberExpression' &&
    !left.computed &&
    (left.object as AstNode).type === 'Identifier' &&
    (left.property as AstNode).name === 'displayName' &&
    right.type === 'Literal'
  );
}

/** Rewrites one react-router module (exported for tests). */
export function reactRouterPure(fileName: string, code: string): string {
  const program = parseProgram(fileName, code);
  const edits: Edit[] = [];
  for (const statement of program.body as AstNode[]) {
    if (isDisplayNameAssignment(statement)) {
      edits.push({ start: statement.start, end: statement.end, text: '' });
      continue;
    }
    if (statement.type !== 'VariableDeclaration') continue;
    for (const declarator of statement.declarations as AstNode[]) {
      const init = declarator.init as AstNode | null;
      if (init && isReactFactoryCall(init))
        edits.push({ start: init.start, end: init.start, text: '/* @__PURE__ */ ' });
    }
  }
  return edits.length ? applyEdits(code, edits) : code;
}

export function slimReactRouter(webRoot = resolve('src/web')): Plugin {
  const wrappers = new Set([resolve(webRoot, 'lib/react-router.ts'), resolve(webRoot, 'lib/router-link.tsx')]);
  const wrapper = resolve(webRoot, 'lib/react-router.ts');
  return {
    name: 'hiram-slim-react-router',
    apply: 'build',
    enforce: 'pre',
    resolveId(source, importer) {
      if (source !== 'react-router' || !importer) return null;
      const from = importer.split('?')[0] ?? importer;
      if (wrappers.has(from) || !from.startsWith(webRoot + sep)) return null;
      return wrapper;
    },
    transform(code, id) {
      if (!/[\\/]node_modules[\\/]react-router[\\/]dist[\\/].+\.mjs$/.test(id.split('?')[0] ?? id)) return null;
      return { code: reactRouterPure('react-router.mjs', code), map: null };
    },
  };
}
