import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BOOT_LIST_ID, BOOT_MODULE, BOOT_WAIT_MS, PRELOADS_PER_TASK } from '../../shared/boot-module';
import {
  addToHead,
  assetLinks,
  bootAfterPaint,
  composePage,
  inlineStylesheets,
  QUERY_STATE_ID,
  scriptJson,
} from './document';

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
    const links = assetLinks(
      shell,
      ['assets/index-A.css', 'assets/site-B.css'],
      ['assets/index-A.js', 'assets/site-B.js'],
    );
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
    const markup =
      '<link rel="preload" as="image" href="/img/a.svg"/><title>Hiram · Site</title><!--$--><h1>Hiram</h1><!--/$-->';
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

  it('a static page starts its scripts after it has painted: the entry, its chunks to run first, the preloads', () => {
    const html = bootAfterPaint(
      addToHead(shell, [
        '<link rel="modulepreload" crossorigin href="/assets/react-dom-C.js">',
        '<link rel="modulepreload" crossorigin href="/assets/site-B.js">',
      ]),
      ['/assets/react-dom-C.js'],
    );
    expect(html).not.toContain('src="/assets/index-A.js"');
    expect(html).not.toContain('rel="modulepreload"');
    const list = new RegExp(`<script type="application/json" id="${BOOT_LIST_ID}">(.*?)</script>`).exec(html)?.[1];
    expect(JSON.parse(list ?? 'null')).toEqual({
      entry: '/assets/index-A.js',
      early: ['/assets/react-dom-C.js'],
      preloads: ['/assets/react-dom-C.js', '/assets/site-B.js'],
    });
    // The boot module is in the page: no request of its own before the page paints.
    expect(html).toContain(`<script type="module">${BOOT_MODULE}</script>`);
  });
});

describe('the boot module (scripts after the largest paint, in short tasks)', () => {
  /**
   * Runs BOOT_MODULE against a fake page; `import(src)` is recorded rather than performed. With
   * `paintTiming` the page reports its first contentful paint when the test calls `firePaint`.
   */
  function boot(readyState: 'loading' | 'complete', { paintTiming = false } = {}) {
    const imported: string[] = [];
    const head: { href: string }[] = [];
    let onLoad: (() => void) | undefined;
    let onPaint: (() => void) | undefined;
    const preloads = [
      '/assets/react-dom-C.js',
      '/assets/site-B.js',
      '/assets/e.js',
      '/assets/f.js',
      '/assets/g.js',
      '/assets/h.js',
    ];
    const list = { entry: '/assets/index-A.js', early: ['/assets/react-dom-C.js', '/assets/bridge-D.js'], preloads };
    type Entries = { getEntriesByName: (name: string) => unknown[] };
    class FakeObserver {
      static supportedEntryTypes = paintTiming ? ['paint', 'longtask'] : ['longtask'];
      constructor(private readonly callback: (list: Entries, observer: FakeObserver) => void) {}
      observe({ type }: { type: string }) {
        if (type !== 'paint') return;
        onPaint = () => {
          // A first paint (no content) comes before the first contentful one.
          this.callback({ getEntriesByName: (name) => (name === 'first-paint' ? [{}] : []) }, this);
          this.callback({ getEntriesByName: (name) => (name === 'first-contentful-paint' ? [{}] : []) }, this);
        };
      }
      disconnect() {
        onPaint = undefined;
      }
    }
    const page = {
      self: { PerformanceObserver: FakeObserver },
      PerformanceObserver: FakeObserver,
      document: {
        readyState,
        getElementById: () => ({ textContent: JSON.stringify(list) }),
        createElement: () => ({ rel: '', crossOrigin: null as string | null, href: '' }),
        createDocumentFragment: () => {
          const links: { href: string }[] = [];
          return { links, append: (link: { href: string }) => links.push(link) };
        },
        head: { append: (fragment: { links: { href: string }[] }) => head.push(...fragment.links) },
      },
      addEventListener: (type: string, listener: () => void) => {
        if (type === 'load') onLoad = listener;
      },
      requestAnimationFrame: (callback: () => void) => setTimeout(callback, 16),
      setTimeout,
      load: (src: string) => {
        imported.push(src);
        return src.includes('bridge') ? Promise.reject(new Error('offline')) : Promise.resolve();
      },
    };
    const source = BOOT_MODULE.replaceAll('import(', 'load(');
    new Function(...Object.keys(page), source)(...Object.values(page));
    return { imported, head, fireLoad: () => onLoad?.(), firePaint: () => onPaint?.() };
  }

  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('waits for the page to load and a frame, asks for every script a few per task, then runs the early chunks a task each, then the entry, once', async () => {
    const page = boot('loading');
    await vi.advanceTimersByTimeAsync(500);
    expect(page.imported).toEqual([]);
    page.fireLoad();
    await vi.advanceTimersByTimeAsync(16); // the frame
    expect(page.head).toEqual([]);
    await vi.advanceTimersByTimeAsync(1); // a task after it (a timer without a delay is 1 ms here)
    expect(PRELOADS_PER_TASK).toBe(4);
    expect(page.head.map((link) => link.href)).toEqual([
      '/assets/react-dom-C.js',
      '/assets/site-B.js',
      '/assets/e.js',
      '/assets/f.js',
    ]);
    await vi.advanceTimersByTimeAsync(1);
    expect(page.head.map((link) => link.href).slice(4)).toEqual(['/assets/g.js', '/assets/h.js']);
    expect(page.imported).toEqual([]);
    // One chunk per task: React DOM now, the next chunk after the browser has had a turn.
    await vi.advanceTimersByTimeAsync(1);
    expect(page.imported).toEqual(['/assets/react-dom-C.js']);
    await vi.advanceTimersByTimeAsync(1);
    expect(page.imported).toEqual(['/assets/react-dom-C.js', '/assets/bridge-D.js']);
    // A chunk that failed does not keep the entry from being asked for (its import reports it).
    await vi.advanceTimersByTimeAsync(1);
    expect(page.imported).toEqual(['/assets/react-dom-C.js', '/assets/bridge-D.js', '/assets/index-A.js']);
    await vi.advanceTimersByTimeAsync(BOOT_WAIT_MS);
    expect(page.imported).toHaveLength(3);
    expect(page.head).toHaveLength(6);
  });

  it('with paint timing, starts once the page has loaded and its first contentful paint is on the screen', async () => {
    const page = boot('loading', { paintTiming: true });
    page.fireLoad();
    await vi.advanceTimersByTimeAsync(100); // frames go by; the paint is not reported yet
    expect(page.head).toEqual([]);
    page.firePaint();
    await vi.advanceTimersByTimeAsync(16 + 1); // a frame, then a task
    expect(page.head).toHaveLength(PRELOADS_PER_TASK);
    await vi.advanceTimersByTimeAsync(10);
    expect(page.imported).toEqual(['/assets/react-dom-C.js', '/assets/bridge-D.js', '/assets/index-A.js']);
  });

  it('with paint timing, a paint before the page has loaded still waits for the load', async () => {
    const page = boot('loading', { paintTiming: true });
    page.firePaint();
    await vi.advanceTimersByTimeAsync(100);
    expect(page.head).toEqual([]);
    page.fireLoad();
    await vi.advanceTimersByTimeAsync(16 + 1);
    expect(page.head).toHaveLength(PRELOADS_PER_TASK);
  });

  it('starts anyway when a picture keeps the page from loading', async () => {
    const page = boot('loading');
    await vi.advanceTimersByTimeAsync(BOOT_WAIT_MS - 1);
    expect(page.head).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(page.head).toHaveLength(PRELOADS_PER_TASK);
    await vi.advanceTimersByTimeAsync(2);
    expect(page.imported).toEqual(['/assets/react-dom-C.js']);
  });

  it('starts after a frame when the page had loaded already', async () => {
    const page = boot('complete');
    await vi.advanceTimersByTimeAsync(16 + 5); // the frame, then a task for each step
    expect(page.imported).toContain('/assets/index-A.js');
  });
});
