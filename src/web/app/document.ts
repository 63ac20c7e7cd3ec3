/**
 * The HTML document of a page: the built index.html (the shell) with what a page needs in it. Used
 * by the build (which stylesheets and scripts each page needs) and by the server when it renders
 * a static page (app/server-render.tsx). Plain string work, no DOM.
 */

import { BOOT_LIST_ID, BOOT_MODULE, type BootList } from '../../shared/boot-module.ts';

/** The element the app renders into; index.html must hold it empty. */
export const ROOT = '<div id="root"></div>';
/** The script element that carries the query cache of a server-rendered page to the browser. */
export const QUERY_STATE_ID = 'hiram-query-state';

/** `<link>` tags asking for a page's stylesheets and scripts early, skipping those the shell has. */
export function assetLinks(shell: string, css: readonly string[], js: readonly string[], base = '/'): string[] {
  const missing = (href: string) => !shell.includes(`"${href}"`);
  return [
    ...css
      .map((file) => `${base}${file}`)
      .filter(missing)
      .map((href) => `<link rel="stylesheet" crossorigin href="${href}">`),
    ...js
      .map((file) => `${base}${file}`)
      .filter(missing)
      .map((href) => `<link rel="modulepreload" crossorigin href="${href}">`),
  ];
}

/**
 * A page's stylesheets written into its HTML, for a page whose content is in the HTML (a static
 * page): it paints without waiting for stylesheet requests, which on a slow connection share the
 * bandwidth with the scripts. Each stylesheet stays in <head> as a `disabled` link, which the
 * browser does not fetch and which tells Vite's preloader the styles are there already.
 */
export function inlineStylesheets(html: string, styles: readonly { href: string; css: string }[]): string {
  let out = html;
  for (const { href } of styles) {
    const link = `<link rel="stylesheet" crossorigin href="${href}">`;
    const marker = `<link rel="stylesheet" crossorigin href="${href}" disabled>`;
    out = out.includes(link) ? out.replace(link, () => marker) : addToHead(out, [marker]);
  }
  const css = styles.map((style) => style.css.replace(/<\/style/gi, '<\\/style')).join('\n');
  return addToHead(out, [`<style>${css}</style>`]);
}

/**
 * A static page's scripts, started only once its HTML has painted: the shell's module script and
 * script preloads make way for a tiny boot module, written into the page (shared/boot-module.ts:
 * no request of its own before the page paints), that adds them once the page has painted and
 * loaded. Nothing then competes with the page's own HTML, styles and images before it paints;
 * the app hydrates a moment later. `early` are chunks the entry imports (their URLs):
 * run one by one before it, so no single task compiles and runs all of them.
 */
export function bootAfterPaint(html: string, early: readonly string[] = []): string {
  let entry: string | undefined;
  const scripts: string[] = [];
  const out = html
    .replace(/\s*<script type="module" crossorigin src="([^"]+)"><\/script>/g, (_tag, src: string) => {
      entry = src;
      return '';
    })
    .replace(/\s*<link rel="modulepreload" crossorigin href="([^"]+)">/g, (_tag, href: string) => {
      scripts.push(href);
      return '';
    });
  if (entry === undefined) throw new Error('document: the shell has no module script');
  const list: BootList = { entry, early: early.filter((src) => src !== entry), preloads: scripts };
  return addToHead(out, [
    `<script type="application/json" id="${BOOT_LIST_ID}">${scriptJson(list)}</script>`,
    `<script type="module">${BOOT_MODULE}</script>`,
  ]);
}

/** Puts tags at the end of <head>. */
export function addToHead(html: string, tags: readonly string[]): string {
  if (tags.length === 0) return html;
  if (!html.includes('</head>')) throw new Error('document: the shell has no </head>');
  return html.replace('</head>', `  ${tags.join('\n    ')}\n  </head>`);
}

/**
 * React writes a page's hoistable tags (its <title>, image preloads) ahead of the markup; they
 * belong in <head>, where the browser reads them and where React looks for them when it hydrates.
 */
export function splitHoistables(markup: string): { hoisted: string[]; body: string } {
  const hoisted: string[] = [];
  let body = markup;
  for (;;) {
    const match = /^(<title>[^<]*<\/title>|<(?:link|meta)\b[^>]*\/?>)/.exec(body);
    if (!match?.[1]) return { hoisted, body };
    hoisted.push(match[1]);
    body = body.slice(match[1].length);
  }
}

/** JSON that is safe inside a <script> element (no `</script>`, no `<!--`). */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/** The shell with a rendered page in #root, its hoisted tags in <head>, and its query cache after it. */
export function composePage(shell: string, markup: string, queryState?: unknown): string {
  if (!shell.includes(ROOT)) throw new Error(`document: the shell has no empty ${ROOT}`);
  const { hoisted, body } = splitHoistables(markup);
  const title = hoisted.find((tag) => tag.startsWith('<title>'));
  const state =
    queryState === undefined
      ? ''
      : `<script type="application/json" id="${QUERY_STATE_ID}">${scriptJson(queryState)}</script>`;
  let html = shell.replace(ROOT, () => `<div id="root">${body}</div>${state}`);
  if (title) html = html.replace(/<title>[^<]*<\/title>/, () => title);
  return addToHead(
    html,
    hoisted.filter((tag) => tag !== title && !html.includes(tag)),
  );
}
