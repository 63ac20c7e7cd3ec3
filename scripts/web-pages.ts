/**
 * What the build knows about each page, for the server and the bundle budgets.
 *
 * A Vite plugin for the client build (vite.config.ts). After the client bundle is written it:
 *
 *   1. reads which lazily loaded module each page of src/shared/pages.ts renders from
 *      src/web/app/page-elements.tsx, as written (`pageModules`: each page is one `lazy(() =>
 *      import(…))`, or "Coming soon");
 *   2. builds src/web/app/server-render.tsx for Node into <outDir>/.ssr, which renders the static
 *      pages;
 *   3. writes <outDir>/.vite/pages.json: per page path, the scripts and stylesheets of its first
 *      load (entry + the page's chunk + their static imports) and whether it is a static page, and
 *      each page's HTML shell with those as preloads.
 *
 * The server uses pages.json to send each page's stylesheets and script preloads in its HTML, and
 * renders the static pages with the .ssr module (src/server/plugins/web-pages.ts);
 * scripts/bundle-budget.test.ts checks the first-load sizes.
 *
 * Static pages are those of STATIC_PAGES whose page is built (not "Coming soon"): their HTML holds
 * their content, so it paints before any script runs.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import react from '@vitejs/plugin-react';
import { build, type Manifest, type Plugin, type PluginOption, type ResolvedConfig } from 'vite';
import { type PageName, pages } from '../src/shared/pages.ts';
import { addToHead, assetLinks, bootAfterPaint, inlineStylesheets } from '../src/web/app/document.ts';
import { type AstNode, parseProgram, walk } from './ast-edits.ts';
import { firstLoad, MANIFEST_FILE } from './bundle-sizes.ts';

/**
 * Pages whose first screen needs no session and no query parameter: rendered by the server, so they
 * paint before scripts run. The official site, about us, privacy, loan terms and payment
 * instructions, and the web login form.
 */
export const STATIC_PAGES: readonly PageName[] = [
  'officialSite',
  'aboutUs',
  'privacyPolicy',
  'loanTerms',
  'paymentInstructions',
  'login',
];

/** Pages of src/shared/pages.ts that are not borrower pages: the back office has its own HTML entry. */
export const NOT_BORROWER_PAGES: readonly PageName[] = ['admin'];

export const PAGES_FILE = '.vite/pages.json';
export const PAGE_SHELLS_DIR = '.vite/pages';
export const SSR_DIR = '.ssr';
export const SSR_ENTRY_FILE = 'server-render.mjs';
/** The HTML entry of the borrower pages, as the manifest names it. */
export const BORROWER_ENTRY = 'index.html';
/** The placeholder page of pages not built yet: a static page showing it is not prerendered. */
const COMING_SOON_MODULE = 'app/coming-soon-page.tsx';

export interface PageAssets {
  name: string;
  /** Its HTML shell (index.html with its stylesheets and script preloads), relative to the output folder. */
  html: string;
  /** The lazily loaded modules the page renders (paths from the web root). */
  modules: string[];
  /** Manifest keys of their chunks. */
  chunks: string[];
  /** First-load scripts and stylesheets (output files), entry first. */
  js: string[];
  css: string[];
  jsGzip: number;
  cssGzip: number;
  /** Rendered by the server (a built page of STATIC_PAGES). */
  static: boolean;
  /**
   * The shell a built borrower page is rendered into, per request, when the address
   * carries a session (styles inline, scripts after paint); absent for static and unbuilt pages.
   */
  rendered?: string;
}

export interface PagesFile {
  entry: string;
  /** The server-render module, relative to the output folder. */
  render: string;
  pages: Record<string, PageAssets>;
}

/** The page table, as written: `lazy(() => import('…'))` per component, one component per page. */
export const PAGE_TABLE = 'app/page-elements.tsx';

function importedModule(node: AstNode): string | undefined {
  let found: string | undefined;
  walk(node, (child) => {
    if (found) return false;
    if (child.type === 'ImportExpression') {
      const source = child.source as AstNode;
      if (source.type === 'Literal' && typeof source.value === 'string') found = source.value;
      return false;
    }
    return true;
  });
  return found;
}

/** A module path (from the web root) of an import written in `fromFile`, with its extension. */
function moduleFile(root: string, fromFile: string, specifier: string): string {
  const base = join(dirname(join(root, fromFile)), specifier);
  for (const candidate of [base, `${base}.tsx`, `${base}.ts`]) {
    try {
      readFileSync(candidate);
      return relative(root, candidate);
    } catch {
      // not this one
    }
  }
  throw new Error(`${fromFile}: cannot find ${specifier}`);
}

/**
 * Which lazily loaded module each page renders (paths from the web root), read from the page table
 * without running it: every `const X = lazy(() => import('…'))`, then `pageElements`' entries
 * `name: <X />` (or a call, such as `soon(…)`, rendering a lazy component).
 */
export function pageModules(root: string, tableFile = PAGE_TABLE): Record<string, string> {
  const program = parseProgram(tableFile, readFileSync(join(root, tableFile), 'utf8'));
  const lazyOf = new Map<string, string>();
  const helpers = new Map<string, string>();
  let table: AstNode | undefined;
  walk(program, (node) => {
    if (node.type !== 'VariableDeclarator') return true;
    const name = (node.id as AstNode).name as string;
    const init = node.init as AstNode | null;
    if (!init) return false;
    if (name === 'pageElements') table = init;
    else if (init.type === 'CallExpression' && ((init.callee as AstNode).name as string) === 'lazy') {
      const specifier = importedModule(init);
      if (specifier) lazyOf.set(name, moduleFile(root, tableFile, specifier));
    } else if (init.type === 'ArrowFunctionExpression') {
      // A helper such as `soon` that renders one lazy component: noted by the component it names.
      walk(init, (child) => {
        if (child.type === 'JSXOpeningElement') helpers.set(name, ((child.name as AstNode).name as string) ?? '');
        return true;
      });
    }
    return false;
  });
  if (table?.type !== 'ObjectExpression') throw new Error(`${tableFile}: no pageElements object`);
  const result: Record<string, string> = {};
  for (const property of table.properties as AstNode[]) {
    const key = property.key as AstNode;
    const name = (key.name ?? key.value) as string;
    const value = property.value as AstNode;
    const component =
      value.type === 'JSXElement'
        ? (((value.openingElement as AstNode).name as AstNode).name as string)
        : value.type === 'CallExpression'
          ? helpers.get((value.callee as AstNode).name as string)
          : undefined;
    const module = component ? lazyOf.get(component) : undefined;
    if (!module) throw new Error(`${tableFile}: page ${name} renders no lazily loaded component`);
    result[name] = module;
  }
  return result;
}

async function buildServerRender(root: string, outDir: string, plugins: PluginOption[]): Promise<string> {
  await build({
    configFile: false,
    root,
    logLevel: 'warn',
    mode: 'production',
    plugins: [react(), ...plugins],
    // Bundle everything: antd-mobile's modules import CSS, which Node cannot load.
    ssr: { noExternal: true },
    build: {
      ssr: resolve(root, 'app/server-render.tsx'),
      outDir,
      emptyOutDir: true,
      copyPublicDir: false,
      minify: false,
      target: 'node20',
      rollupOptions: { output: { format: 'esm', entryFileNames: SSR_ENTRY_FILE, codeSplitting: false } },
    },
  });
  return join(outDir, SSR_ENTRY_FILE);
}

/** Maps every page to its lazy chunk and first load, from the manifest and the page table. */
export function mapPages(
  outDir: string,
  manifest: Manifest,
  modulesOf: Record<string, string>,
  renderFile: string,
  base = '/',
): PagesFile {
  const shell = readFileSync(join(outDir, 'index.html'), 'utf8');
  mkdirSync(join(outDir, PAGE_SHELLS_DIR), { recursive: true });
  const loaded = { outDir, manifest };
  // The chunks the entry imports (React DOM the largest), run one task each before it on pages that boot.
  const entryImports = (manifest[BORROWER_ENTRY]?.imports ?? []).flatMap((key) => {
    const file = manifest[key]?.file;
    return file ? [`${base}${file}`] : [];
  });
  const result: PagesFile = { entry: BORROWER_ENTRY, render: relative(outDir, renderFile), pages: {} };
  for (const [name, path] of Object.entries(pages) as [PageName, string][]) {
    if (NOT_BORROWER_PAGES.includes(name)) continue;
    const module = modulesOf[name];
    // A lazily loaded module is a chunk of its own, under its source path in the manifest.
    if (!module || !manifest[module]?.isDynamicEntry) throw new Error(`page ${name}: no chunk for ${module}`);
    const modules = [module];
    const chunks = [module];
    const load = firstLoad(loaded, [BORROWER_ENTRY, ...chunks]);
    const isBuilt = modules.length > 0 && !modules.includes(COMING_SOON_MODULE);
    const isStatic = isBuilt && STATIC_PAGES.includes(name);
    const html = `${PAGE_SHELLS_DIR}/${name}.html`;
    // A page that paints from its HTML has its styles in it and its scripts after it has painted (app/document.ts).
    const paintsFromHtml = () =>
      bootAfterPaint(
        inlineStylesheets(
          addToHead(shell, assetLinks(shell, [], load.js, base)),
          load.css.map((file) => ({ href: `${base}${file}`, css: readFileSync(join(outDir, file), 'utf8') })),
        ),
        entryImports,
      );
    writeFileSync(
      join(outDir, html),
      isStatic ? paintsFromHtml() : addToHead(shell, assetLinks(shell, load.css, load.js, base)),
    );
    const rendered = isBuilt && !isStatic ? `${PAGE_SHELLS_DIR}/${name}.rendered.html` : undefined;
    if (rendered) writeFileSync(join(outDir, rendered), paintsFromHtml());
    result.pages[path] = { name, html, modules, chunks, ...load, static: isStatic, ...(rendered ? { rendered } : {}) };
  }
  return result;
}

/** The Vite plugin (see the file comment); `plugins` are the web build's own, for the server render. */
export function webPages(plugins: () => PluginOption[]): Plugin {
  let config: ResolvedConfig | undefined;
  return {
    name: 'hiram-web-pages',
    apply: 'build',
    enforce: 'post',
    config: () => ({ build: { manifest: true } }),
    configResolved(resolved) {
      config = resolved;
    },
    async closeBundle() {
      if (!config || config.build.ssr) return;
      const outDir = resolve(config.root, config.build.outDir);
      const manifest = JSON.parse(readFileSync(join(outDir, MANIFEST_FILE), 'utf8')) as Manifest;
      const renderFile = await buildServerRender(config.root, join(outDir, SSR_DIR), plugins());
      const pagesFile = mapPages(outDir, manifest, pageModules(config.root), renderFile, config.base);
      writeFileSync(join(outDir, PAGES_FILE), `${JSON.stringify(pagesFile, null, 2)}\n`);
      const statics = Object.entries(pagesFile.pages).filter(([, page]) => page.static);
      config.logger.info(`pages mapped → ${PAGES_FILE}; static: ${statics.map(([path]) => path).join(' ')}`);
    },
  };
}
