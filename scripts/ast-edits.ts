/**
 * Small source rewrites for the build plugins: walk an ESTree program (from Vite's `parseSync`)
 * and apply text edits by offset, so the rest of the code keeps its exact text.
 */
import { parseSync } from 'vite';

export interface AstNode {
  type: string;
  start: number;
  end: number;
  [key: string]: unknown;
}

export function isNode(value: unknown): value is AstNode {
  return typeof value === 'object' && value !== null && typeof (value as AstNode).type === 'string';
}

/** Calls `visit` on every node, parents first; return false to skip a node's children. */
export function walk(node: AstNode, visit: (node: AstNode, parent: AstNode | null) => boolean | undefined): void {
  const go = (current: AstNode, parent: AstNode | null) => {
    if (visit(current, parent) === false) return;
    for (const key of Object.keys(current)) {
      if (key === 'type' || key === 'start' || key === 'end') continue;
      const child = current[key];
      if (Array.isArray(child)) {
        for (const item of child) if (isNode(item)) go(item, current);
      } else if (isNode(child)) go(child, current);
    }
  };
  go(node, null);
}

/** Parses JavaScript or TypeScript (by the file name) into an ESTree program. */
export function parseProgram(fileName: string, code: string): AstNode {
  const result = parseSync(fileName, code, { sourceType: 'module' });
  if (result.errors.length > 0) throw new Error(`${fileName}: ${result.errors[0]?.message ?? 'parse error'}`);
  return result.program as unknown as AstNode;
}

export interface Edit {
  start: number;
  end: number;
  text: string;
}

/** Applies non-overlapping edits (insertions have start === end). */
export function applyEdits(code: string, edits: readonly Edit[]): string {
  const sorted = [...edits].sort((a, b) => b.start - a.start || b.end - a.end);
  let out = code;
  for (const edit of sorted) out = out.slice(0, edit.start) + edit.text + out.slice(edit.end);
  return out;
}

/** Whether an expression contains a call or `new` anywhere (outside nested functions). */
export function containsCall(node: AstNode): boolean {
  let found = false;
  walk(node, (child) => {
    if (found) return false;
    if (
      child.type === 'CallExpression' ||
      child.type === 'NewExpression' ||
      child.type === 'TaggedTemplateExpression'
    ) {
      found = true;
      return false;
    }
    if (child.type === 'ArrowFunctionExpression' || child.type === 'FunctionExpression') return false;
    return true;
  });
  return found;
}
