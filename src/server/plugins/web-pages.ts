import { SESSION_PARAMS } from '../../shared/constants';
import { pages } from '../../shared/pages';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/**
 * The HTML of each page, as the build describes it in .vite/pages.json (scripts/web-pages.ts):
 *
 * - every page gets the built index.html with its own stylesheets and script preloads in <head>,
 *   so the browser fetches the page's code in parallel with the entry instead of after it;
 * - a static page (official site, about us, privacy policy, terms, payment instructions) is
 *   rendered once per start with the build's server-render module, its public reads (the lender's
 *   identity from configuration) answered in-process, so its content paints before any script
 *   runs. A render that fails falls back to the page's plain shell.
 *
 * Without pages.json (an older build) every page gets index.html, as before.
 */
export const PAGES_FILE = '.vite/pages.json';

interface PageEntry {
  name: string;
  /** The page's shell: index.html with its stylesheets and preloads (relative to the web root). */
  html: string;
  static: boolean;
  /** The shell a borrower's page is rendered into with their data (scripts/web-pages.ts). */
  rendered?: string;
}

interface PagesFile {
  /** The server-render module (relative to the web root). */
  render: string;
  pages: Record<string, PageEntry>;
}

interface ServerRender {
  renderPage(
    location: string,
    options: { shell: string; fetch?: typeof fetch; reads?: 'public' | 'all' },
  ): Promise<string>;
}

/**
 * Who asks for a page: the session of the address (a borrower's page as the native app opens it),
 * and whether they read English. Pages are rendered per request in English only, as the browser's
 * first render is before a Filipino reader's catalogue loads (main.tsx then renders afresh).
 */
export interface PageReader {
  token?: string | undefined;
  english: boolean;
}

interface Loaded {
  version: number;
  file: PagesFile;
  byPath: Map<string, { path: string; entry: PageEntry }>;
  html: Map<string, Promise<Html>>;
  /** The shells pages are rendered into per request, read once. */
  shells: Map<string, string>;
  render?: Promise<ServerRender>;
}

/** A page's HTML and its compressed forms, made once. */
export interface Html {
  text: string;
  gzip: Buffer;
  br: Buffer;
  /** Holds a borrower's data: never stored by a cache. */
  personal?: true;
}

/** Compressed at the best levels, each encoding on its first use and then kept. */
function compressed(text: string): Html {
  let gzip: Buffer | undefined;
  let br: Buffer | undefined;
  return {
    text,
    get gzip() {
      gzip ??= gzipSync(text, { level: 9 });
      return gzip;
    },
    get br() {
      br ??= brotliCompressSync(text, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } });
      return br;
    },
  };
}

/** Page paths match as in the web router (app/router.tsx): any case, trailing slash ignored. */
function normalPath(path: string): string {
  return path.length > 1 ? path.replace(/\/+$/, '').toLowerCase() : path;
}

/** Sends HTML, compressed as the browser allows, never cached without revalidation. */
export function sendHtml(req: FastifyRequest, reply: FastifyReply, html: Html) {
  const accepts = String(req.headers['accept-encoding'] ?? '');
  reply
    .type('text/html; charset=utf-8')
    .header('Cache-Control', html.personal ? 'private, no-store' : 'no-cache')
    .header('Vary', 'Accept-Encoding');
  if (/\bbr\b/.test(accepts)) return reply.header('Content-Encoding', 'br').send(html.br);
  if (/\bgzip\b/.test(accepts)) return reply.header('Content-Encoding', 'gzip').send(html.gzip);
  return reply.send(html.text);
}

/**
 * Answers `fetch` from the server-render module with the app itself (no network), in English,
 * with the call's body; with a reader, with the reader's session too (a borrower's page).
 */
function inProcessFetch(app: FastifyInstance, reader?: PageReader): typeof fetch {
  return async (input, init) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const headers: Record<string, string> = {
      accept: 'application/json',
      'x-requested-with': 'XMLHttpRequest',
      'accept-language': 'en',
    };
    const type = new Headers(init?.headers).get('content-type');
    if (type) headers['content-type'] = type;
    if (reader?.token) headers.authorization = `Session ${reader.token}`;
    const res = await app.inject({
      method: (init?.method ?? 'GET') as 'GET',
      url,
      headers,
      ...(typeof init?.body === 'string' ? { payload: init.body } : {}),
    });
    return new Response(new Uint8Array(res.rawPayload), {
      status: res.statusCode,
      headers: { 'content-type': String(res.headers['content-type'] ?? '') },
    });
  };
}

/**
 * Reads pages.json (again after a rebuild) and answers the HTML of a page path; undefined when the
 * path is no page, or the build wrote no pages.json. With a reader (an address carrying a
 * session), a borrower's page is rendered with their data: made for this request only,
 * never kept; a render that fails, or any read in it that fails, sends the page's shell instead.
 */
export function webPages(
  app: FastifyInstance,
  webDist: string,
): (path: string, search?: string, reader?: PageReader) => Promise<Html | undefined> {
  const root = resolve(webDist);
  const pagesFile = join(root, PAGES_FILE);
  let loaded: Loaded | undefined;

  const load = (): Loaded | undefined => {
    if (!existsSync(pagesFile)) return undefined;
    const version = statSync(pagesFile).mtimeMs;
    if (loaded?.version === version) return loaded;
    const file = JSON.parse(readFileSync(pagesFile, 'utf8')) as PagesFile;
    const byPath = new Map(Object.entries(file.pages).map(([path, entry]) => [normalPath(path), { path, entry }]));
    loaded = { version, file, byPath, html: new Map(), shells: new Map() };
    return loaded;
  };

  const renderModule = (state: Loaded): Promise<ServerRender> => {
    state.render ??= import(
      `${pathToFileURL(join(root, state.file.render)).href}?v=${state.version}`
    ) as Promise<ServerRender>;
    return state.render;
  };

  const make = async (state: Loaded, path: string, entry: PageEntry): Promise<Html> => {
    const shell = readFileSync(join(root, entry.html), 'utf8');
    if (!entry.static) return compressed(shell);
    try {
      const render = await renderModule(state);
      return compressed(await render.renderPage(path, { shell, fetch: inProcessFetch(app) }));
    } catch (err) {
      app.log.warn({ err, path }, 'static page render failed: serving its shell');
      return compressed(shell);
    }
  };

  const shellOf = (state: Loaded, path: string, entry: PageEntry) => {
    // Markup made without the parameters the page renders from would not match the browser's
    // first render (a hydration error): such an address gets the page's shell.
    const key = `${path} shell`;
    let html = state.html.get(key);
    if (!html) {
      html = make(state, path, { ...entry, static: false });
      state.html.set(key, html);
    }
    return html;
  };

  const renderPerRequest = async (
    state: Loaded,
    path: string,
    entry: PageEntry & { rendered: string },
    search: string,
    reader?: PageReader,
  ) => {
    try {
      const render = await renderModule(state);
      let shell = state.shells.get(entry.rendered);
      if (shell === undefined) {
        shell = readFileSync(join(root, entry.rendered), 'utf8');
        state.shells.set(entry.rendered, shell);
      }
      const text = await render.renderPage(`${path}${withoutSession(search)}`, {
        shell,
        fetch: inProcessFetch(app, reader),
        reads: 'all',
      });
      return fastCompressed(text, reader?.token !== undefined);
    } catch (err) {
      app.log.debug({ err, path }, 'per-request page render refused: serving its shell');
      return shellOf(state, path, entry);
    }
  };

  return async (requestPath, search = '', reader) => {
    const state = load();
    const page = state?.byPath.get(normalPath(requestPath));
    if (!state || !page) return undefined;
    const { path, entry } = page;
    const english = reader?.english === true;
    if (english && reader?.token && entry.rendered)
      return renderPerRequest(state, path, { ...entry, rendered: entry.rendered }, search, reader);
    // A visitor's page that renders from its address (the promotion page and its campaign), and a
    // static page opened with a parameter it renders from: rendered for this address, every read
    // of it public (one that is not fails, and the shell goes instead).
    if (english && entry.rendered && RENDERED_PER_ADDRESS.includes(path)) {
      return renderPerRequest(state, path, { ...entry, rendered: entry.rendered }, search);
    }
    if (entry.static && !prerenderFits(path, search)) {
      return english
        ? renderPerRequest(state, path, { ...entry, rendered: entry.html }, search)
        : shellOf(state, path, entry);
    }
    let html = state.html.get(path);
    if (!html) {
      html = make(state, path, entry);
      state.html.set(path, html);
    }
    return html;
  };
}

/**
 * A page made for one response: compressed quickly, and only in the encoding the response is sent
 * in (`sendHtml` reads one of the two); `personal` when it holds a borrower's data.
 */
function fastCompressed(text: string, personal: boolean): Html {
  const buffer = Buffer.from(text);
  return {
    text,
    get gzip() {
      return gzipSync(buffer, { level: 6 });
    },
    get br() {
      return brotliCompressSync(buffer, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } });
    },
    ...(personal ? { personal: true as const } : {}),
  };
}

/** Visitors' pages (no session) whose content comes from their address: rendered per request. */
const RENDERED_PER_ADDRESS: readonly string[] = [pages.promotion];

/** The address as the browser's router sees it: the app takes the session parameters out first (lib/session). */
function withoutSession(search: string): string {
  const params = new URLSearchParams(search);
  for (const name of SESSION_PARAMS) params.delete(name);
  const query = params.toString();
  return query ? `?${query}` : '';
}

/**
 * Query parameters a static page renders from: it is prerendered once without them, so an address
 * that carries one renders in the browser instead (/loanTerms?productId=2 from the app).
 */
const RENDERS_FROM: Readonly<Record<string, readonly string[]>> = { [pages.loanTerms]: ['productId'] };

/** Whether a static page's prerendered markup is what the browser renders at this address. */
export function prerenderFits(path: string, search: string): boolean {
  const params = new URLSearchParams(search);
  return !(RENDERS_FROM[path] ?? []).some((param) => params.has(param));
}

/** Renders the static pages ahead of their first visit (after the server listens). */
export async function warmStaticPages(
  pageHtml: (path: string) => Promise<Html | undefined>,
  webDist: string,
): Promise<void> {
  const pagesFile = join(resolve(webDist), PAGES_FILE);
  if (!existsSync(pagesFile)) return;
  const { pages } = JSON.parse(readFileSync(pagesFile, 'utf8')) as PagesFile;
  // Compressed too, in the encoding nearly every browser asks for.
  for (const [path, entry] of Object.entries(pages)) if (entry.static) (await pageHtml(path))?.br;
}
