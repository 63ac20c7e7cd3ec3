import { describe, expect, it } from 'vitest';
import { addToHead, assetLinks, BOOT_LIST_ID, bootAfterPaint, composePage, inlineStylesheets, QUERY_STATE_ID, scriptJson } from './document';

const shell = `<!doctype html>
<html lang="en">
  <head>
    <title>Hiram</title>
    <script type="module" crossorigin src="/assets/index-A.js"></script>
    <link rel="stylesheet" crossorigin href="/assets/index-A.css">
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>`;

describe('app/document: the HTML of a page', () => {
  it('links a page’s stylesheets and preloads its scripts, skipping what the shell has', () => {
    const links = assetLinks(shell, ['assets/index-A.css', 'assets/site-B.css'], ['assets/index-A.js', 'assets/site-B.js']);
    expect(links).toEqual([
      '<link rel="stylesheet" crossorigin href="/assets/site-B.css">',
      '<link rel="modulepreload" crossorigin href="/assets/site-B.js">',
    ]);
    const html = addToHead(shell, links);
    const head = html.slice(0, html.indexOf('</head>'));
    expect(head).toContain('site-B.css');
    expect(head.match(/index-A\.css/g)).toHaveLength(1);
  });

  it('puts the markup in #root, the page title and preloads in <head>, and the query cache after #root', () => {
    const markup = '<link rel="preload" as="image" href="/img/a.svg"/><title>Hiram · Site</title><!--$--><h1>Hiram</h1><!--/$-->';
    const html = composePage(shell, markup, { queries: [{ state: { data: '</script><script>alert(1)</script>' } }] });
    expect(html).toContain('<div id="root"><!--$--><h1>Hiram</h1><!--/$--></div>');
    expect(html).toContain('<title>Hiram · Site</title>');
    expect(html).not.toContain('<title>Hiram</title>');
    const head = html.slice(0, html.indexOf('</head>'));
    expect(head).toContain('<link rel="preload" as="image" href="/img/a.svg"/>');
    const state = html.slice(html.indexOf(`<script type="application/json" id="${QUERY_STATE_ID}">`));
    expect(state).not.toContain('</script><script>');
    expect(JSON.parse(state.slice(state.indexOf('>') + 1, state.indexOf('</script>')))).toEqual({
      queries: [{ state: { data: '</script><script>alert(1)</script>' } }],
    });
  });

  it('writes no query cache when there is none, and keeps `$` patterns in markup as they are', () => {
    const html = composePage(shell, "<p>₱1,000 costs $& and $'</p>");
    expect(html).not.toContain(QUERY_STATE_ID);
    expect(html).toContain("<p>₱1,000 costs $& and $'</p>");
  });

  it('refuses a shell without an empty #root', () => {
    expect(() => composePage('<html><head></head><body></body></html>', '<h1>x</h1>')).toThrow(/root/);
  });

  it('escapes what could close a script element', () => {
    expect(scriptJson({ a: '</script>', b: '\u2028' })).toBe('{"a":"\\u003c/script>","b":"\\u2028"}');
  });

  it('a static page carries its styles, each stylesheet left as a disabled link Vite’s preloader sees', () => {
    const html = inlineStylesheets(shell, [
      { href: '/assets/index-A.css', css: '.a{color:red}' },
      { href: '/assets/site-B.css', css: '.b{color:blue}' },
    ]);
    const head = html.slice(0, html.indexOf('</head>'));
    expect(head).toContain('<link rel="stylesheet" crossorigin href="/assets/index-A.css" disabled>');
    expect(head).toContain('<link rel="stylesheet" crossorigin href="/assets/site-B.css" disabled>');
    expect(head).not.toContain('href="/assets/index-A.css">');
    expect(head).toContain('<style>.a{color:red}\n.b{color:blue}</style>');
  });

  it('a static page starts its scripts after it has painted: entry first, then its preloads', () => {
    const html = bootAfterPaint(addToHead(shell, ['<link rel="modulepreload" crossorigin href="/assets/site-B.js">']), '/assets/boot-X.js');
    expect(html).not.toContain('src="/assets/index-A.js"');
    expect(html).not.toContain('rel="modulepreload"');
    const list = new RegExp(`<script type="application/json" id="${BOOT_LIST_ID}">(.*?)</script>`).exec(html)?.[1];
    expect(JSON.parse(list ?? 'null')).toEqual(['/assets/index-A.js', '/assets/site-B.js']);
    expect(html).toContain('<script type="module" crossorigin src="/assets/boot-X.js"></script>');
  });
});
