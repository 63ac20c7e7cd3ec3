/**
 * What the build knows about each page, for the server and the bundle budgets.
 *
 * A Vite plugin for the client build (vite.config.ts). After the client bundle is written it:
 *
 *   1. builds src/web/app/server-render.tsx for Node into <outDir>/.ssr, with every lazily loaded
 *      module instrumented to note when it renders;
 *   2. renders every page of src/shared/pages.ts there, noting which lazy chunks each renders
 *      (without a session or data: what a first visit loads before anything else);
 *   3. writes <outDir>/.vite/pages.json: per page path, the scripts and stylesheets of its first
 *      load (entry + page chunks + their static imports) and whether it is a static page.
 *
 * The server uses pages.json to send each page's stylesheets and script preloads in its HTML, and
 * renders the static pages with the .ssr module (src/server/plugins/web-pages.ts);
 * scripts/bundle-budget.test.ts checks the first-load sizes.
 *
 * Static pages are those of STATIC_PAGES whose page is built (not "Coming soon"): their HTML holds
 * their content, so it paints before any script runs.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import react from '@vitejs/plugin-react';
import { build, type Manifest, type Plugin, type PluginOption, type ResolvedConfig } from 'vite';
import type { PageName } from '../src/shared/pages';
import { addToHead, assetLinks, bootAfterPaint, inlineStylesheets } from '../src/web/app/document';
import { type AstNode, applyEdits, type Edit, parseProgram, walk } from './ast-edits';
import { firstLoad, keyOfFile, MANIFEST_FILE } from './bundle-sizes';

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

interface ServerRender {
  pages: Record<PageName, string>;
  renderedModules(location: string): Promise<string[]>;
}

/**
 * Notes each render of a lazily loaded module: every function in it first adds the module's name
 * to `globalThis.__hiramRendered` (set only while the build maps pages; otherwise a no-op).
 */
export function instrumentModule(fileName: string, code: string, name: string): string {
  const mark = `globalThis.__hiramRendered?.add(${JSON.stringify(name)});`;
  const edits: Edit[] = [];
  walk(parseProgram(fileName, code), (node) => {
    if (
      node.type !== 'FunctionDeclaration' &&
      node.type !== 'FunctionExpression' &&
      node.type !== 'ArrowFunctionExpression'
    )
      return true;
    const body = node.body as AstNode;
    if (body.type === 'BlockStatement') edits.push({ start: body.start + 1, end: body.start + 1, text: mark });
    else {
      // `=> expr` becomes `=> (mark, expr)`, placed around any comment or parenthesis of expr.
      const arrow = code.lastIndexOf('=>', body.start) + 2;
      edits.push({ start: arrow, end: arrow, text: ` (${mark.slice(0, -1)},` });
      edits.push({ start: node.end, end: node.end, text: ')' });
    }
    return true;
  });
  return applyEdits(code, edits);
}

function instrumentLazyModules(root: string, lazyModules: ReadonlySet<string>): Plugin {
  return {
    name: 'hiram-instrument-lazy-modules',
    enforce: 'post',
    transform(code, id) {
      const name = relative(root, id.split('?')[0] ?? id);
      if (!lazyModules.has(name)) return null;
      return { code: instrumentModule(name.replace(/\.tsx?$/, '.js'), code, name), map: null };
    },
  };
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

/** What the client build says about its lazily loaded modules. */
export interface LazyModules {
  /** Module (path from the web root) → the output file of the chunk that holds it. */
  chunkFile: Map<string, string>;
}

/** Maps every page to its lazy chunks and first load, from the manifest and the server render. */
export async function mapPages(
  outDir: string,
  manifest: Manifest,
  lazy: LazyModules,
  renderFile: string,
  base = '/',
): Promise<PagesFile> {
  const render = (await import(`${pathToFileURL(renderFile).href}?t=${Date.now()}`)) as ServerRender;
  const shell = readFileSync(join(outDir, 'index.html'), 'utf8');
  mkdirSync(join(outDir, PAGE_SHELLS_DIR), { recursive: true });
  const loaded = { outDir, manifest };
  // The chunks the entry imports (React DOM the largest), run one task each before it on pages that boot.
  const entryImports = (manifest[BORROWER_ENTRY]?.imports ?? []).flatMap((key) => {
    const file = manifest[key]?.file;
    return file ? [`${base}${file}`] : [];
  });
  const result: PagesFile = { entry: BORROWER_ENTRY, render: relative(outDir, renderFile), pages: {} };
  for (const [name, path] of Object.entries(render.pages) as [PageName, string][]) {
    if (NOT_BORROWER_PAGES.includes(name)) continue;
    const modules = (await render.renderedModules(path)).filter((module) => lazy.chunkFile.has(module));
    const chunks = [...new Set(modules.map((module) => keyOfFile(manifest, lazy.chunkFile.get(module) ?? '')))].filter(
      (key): key is string => key !== undefined,
    );
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
  const lazy: LazyModules = { chunkFile: new Map() };
  return {
    name: 'hiram-web-pages',
    apply: 'build',
    enforce: 'post',
    config: () => ({ build: { manifest: true } }),
    configResolved(resolved) {
      config = resolved;
    },
    generateBundle(_options, bundle) {
      if (!config || config.build.ssr) return;
      // Modules something imports lazily, and the chunk each ended up in (a shared one, at times).
      const lazyIds = new Set(
        [...this.getModuleIds()].filter((id) => (this.getModuleInfo(id)?.dynamicImporters.length ?? 0) > 0),
      );
      lazy.chunkFile.clear();
      for (const item of Object.values(bundle)) {
        if (item.type !== 'chunk') continue;
        for (const id of item.moduleIds)
          if (lazyIds.has(id)) lazy.chunkFile.set(relative(config.root, id), item.fileName);
      }
    },
    async closeBundle() {
      if (!config || config.build.ssr) return;
      const outDir = resolve(config.root, config.build.outDir);
      const manifest = JSON.parse(readFileSync(join(outDir, MANIFEST_FILE), 'utf8')) as Manifest;
      const renderFile = await buildServerRender(config.root, join(outDir, SSR_DIR), [
        ...plugins(),
        instrumentLazyModules(config.root, new Set(lazy.chunkFile.keys())),
      ]);
      const pagesFile = await mapPages(outDir, manifest, lazy, renderFile, config.base);
      writeFileSync(join(outDir, PAGES_FILE), `${JSON.stringify(pagesFile, null, 2)}\n`);
      const statics = Object.entries(pagesFile.pages).filter(([, page]) => page.static);
      config.logger.info(`pages mapped → ${PAGES_FILE}; static: ${statics.map(([path]) => path).join(' ')}`);
    },
  };
}
