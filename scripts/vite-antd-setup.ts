/**
 * antd-mobile in the web build, with its setup where it is needed (docs/performance.md).
 *
 * 1. `import … from 'antd-mobile'` in src/web means src/web/lib/antd-mobile.ts, which sets up the
 *    React 19 adapter and the English locale before re-exporting antd-mobile. The entry chunk then
 *    carries no antd-mobile code, and the setup still runs before any antd-mobile component or
 *    imperative Toast/Dialog, whichever page imports one, whoever writes it (STACK gotchas 1, 2).
 *    Tests import the setup themselves (src/web/test/setup.ts).
 *
 * 2. Two of its modules are replaced in builds by what they amount to here:
 *    - utils/unstable-render.js: its default render for imperative components is React 16–18's
 *      legacy `render` (with Babel's regenerator runtime, about 4 KB gzip), never used once the
 *      adapter replaces it; the replacement keeps the same API and says so if used unset;
 *    - locales/zh-CN.js, the default locale, is never shown (architecture.md: Languages and departures): English takes its place.
 */
import { resolve, sep } from 'node:path';
import type { Plugin } from 'vite';

const REPLACED: ReadonlyArray<[RegExp, string]> = [
  [
    /[\\/]node_modules[\\/]antd-mobile[\\/]es[\\/]utils[\\/]unstable-render\.js$/,
    `let render = () => {
  throw new Error("antd-mobile needs its React 19 adapter first (src/web/lib/antd-react19.ts)");
};
export function unstableSetRender(next) {
  if (next) render = next;
  return render;
}
`,
  ],
  [/[\\/]node_modules[\\/]antd-mobile[\\/]es[\\/]locales[\\/]zh-CN\.js$/, "export { default } from './en-US';\n"],
];

export function antdSetupFirst(webRoot = resolve('src/web')): Plugin {
  const wrapper = resolve(webRoot, 'lib/antd-mobile.ts');
  const setup = resolve(webRoot, 'lib/antd-react19.ts');
  let building = false;
  return {
    name: 'hiram-antd-setup-first',
    enforce: 'pre',
    configResolved(config) {
      building = config.command === 'build';
    },
    resolveId(source, importer) {
      if (source !== 'antd-mobile' || !importer) return null;
      const from = importer.split('?')[0] ?? importer;
      if (from === wrapper || from === setup || !from.startsWith(webRoot + sep)) return null;
      return wrapper;
    },
    load(id) {
      if (!building) return null;
      const file = id.split('?')[0] ?? id;
      return REPLACED.find(([pattern]) => pattern.test(file))?.[1] ?? null;
    },
  };
}
