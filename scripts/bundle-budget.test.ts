/**
 * First-load JavaScript budgets, checked on a real production build (sizes are
 * deterministic, so this is a test; timings never are). Every page of src/shared/pages.ts is
 * measured as the build maps it (scripts/web-pages.ts, from the page table src/web/app/page-elements.tsx): the borrower entry, the page's lazy chunks
 * and every chunk they import statically, gzip-compressed. A page added later is measured the day
 * it is added; a back office built as its own HTML entry gets its own budget and may share no
 * chunk with the borrower pages. docs/performance.md has the figures and what keeps them small.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { type PageName, pages } from '../src/shared/pages';
import {
  firstLoad,
  fullClosure,
  gzipSize,
  htmlEntries,
  KB,
  kb,
  type LoadedManifest,
  readManifests,
} from './bundle-sizes';
import { ensureWebBuilt } from './web-build';
import { BORROWER_ENTRY, NOT_BORROWER_PAGES, PAGES_FILE, type PagesFile } from './web-pages';
import { BOOT_MODULE, type BootList } from '../src/shared/boot-module';

/** First-load JavaScript of every borrower page, gzip. */
const BORROWER_PAGE_BUDGET = 100 * KB;

/**
 * Pages still above the budget, each held where it is so it cannot grow, with what costs most.
 * Lower a figure when a page shrinks; remove the line when it fits. Empty since the pages route
 * with wouter instead of react-router (2026-11-27: about 2.8 KB off every page).
 */
const OVER_BUDGET: Partial<Record<PageName, { budget: number; why: string }>> = {
  officialSite: {
    budget: 100.2 * KB,
    why: 'the shell gained the device id and remembered borrower (sign-in prefill, drafts), hydration-aware buttons and framed pages (2026-11-28)',
  },
  loanDetail: {
    budget: 100.4 * KB,
    why: 'the shell gained the device id and remembered borrower (sign-in prefill, drafts), hydration-aware buttons and framed pages (2026-11-28); the extended term',
  },
  order: {
    budget: 100.4 * KB,
    why: 'the shell gained the device id and remembered borrower (sign-in prefill, drafts), hydration-aware buttons and framed pages (2026-11-28); the extended term',
  },
  loanConfirm: {
    budget: 101.4 * KB,
    why: 'the shell gained the device id and remembered borrower (sign-in prefill, drafts), hydration-aware buttons and framed pages (2026-11-28); the agreement box waits for hydration; the open-loan notice at the top',
  },
  loanConfirmNew: {
    budget: 101.4 * KB,
    why: 'the shell gained the device id and remembered borrower (sign-in prefill, drafts), hydration-aware buttons and framed pages (2026-11-28); the agreement box waits for hydration; the open-loan notice at the top',
  },
  loanConfirmPeriod: {
    budget: 101.4 * KB,
    why: 'the shell gained the device id and remembered borrower (sign-in prefill, drafts), hydration-aware buttons and framed pages (2026-11-28); the agreement box waits for hydration; the open-loan notice at the top',
  },
  repay: {
    budget: 101.5 * KB,
    why: 'the shell gained the device id and remembered borrower (sign-in prefill, drafts), hydration-aware buttons and framed pages (2026-11-28); channel amount limits, the lock-in notice, the QR saved as a picture; the counter code’s fee and status link; the header’s amount on the repayment date beside what settles the loan today',
  },
  repayDelay: {
    budget: 101.1 * KB,
    why: 'the shell gained the device id and remembered borrower (sign-in prefill, drafts), hydration-aware buttons and framed pages (2026-11-28); the lock-in notice; the repay page’s two new texts in the shared catalogue',
  },
  bindBank: {
    budget: 101.6 * KB,
    why: 'the shell gained the device id and remembered borrower (sign-in prefill, drafts), hydration-aware buttons and framed pages (2026-11-28)',
  },
  complaintDetails: {
    budget: 101.7 * KB,
    why: 'the shell gained the device id and remembered borrower (sign-in prefill, drafts), hydration-aware buttons and framed pages (2026-11-28); answering a reply, reopening, the SEC channel',
  },
  promotion: {
    budget: 100.6 * KB,
    why: 'the shell gained the device id and remembered borrower (sign-in prefill, drafts), hydration-aware buttons and framed pages (2026-11-28); the browser visitor’s device id and app name',
  },
};

/**
 * A desktop back office, built as an HTML entry of its own. Its first load is the sign-in screen:
 * the signed-in shell (menu, header, borrower search, antd's App), each desk and the borrower
 * pages are lazy chunks (src/admin/desk-shell.tsx, src/admin/sections/index.ts). 200 KB on
 * 2026-11-28, from 351 KB when the shell and the borrower pages came with the sign-in.
 */
const BACK_OFFICE_BUDGET = 210 * KB;

/** Chunks the borrower entry loads lazily that are no page of src/shared/pages.ts. */
const NOT_PAGES = [
  'lib/antd-toast.ts', // on demand, once a page is up (lib/toast.ts)
  'app/not-found-page.tsx', // an address that is no page
  'app/coming-soon-page.tsx', // /admin in the borrower app; the server answers /admin with the back office's own app
  'lib/ui/page-menu.tsx', // the menu button, in a browser once the page is up
  'lib/ui/menu-sheet.tsx', // the borrower's menu, on the first tap of its button
  'app/session-switch-dialog.tsx', // only when a link brings another account's session
  'lib/i18n/locale.ts', // the language choice and the Filipino catalogue, before the first render, for readers who may need them
];

/**
 * The production build that `npm start` serves: `npm install` makes it, and it is made again
 * here only when older than its sources (scripts/web-build.ts), so a run measures what the
 * current sources build to without building twice.
 */
const outDir = resolve('dist/web');
let pagesFile: PagesFile;
let manifests: LoadedManifest[];
let borrower: LoadedManifest;

beforeAll(() => {
  ensureWebBuilt();
  pagesFile = JSON.parse(readFileSync(join(outDir, PAGES_FILE), 'utf8')) as PagesFile;
  manifests = readManifests(outDir);
  const found = manifests.find((m) => m.manifest[BORROWER_ENTRY]?.isEntry);
  if (!found) throw new Error(`no manifest with ${BORROWER_ENTRY}`);
  borrower = found;
}, 300_000);

function describeLoad(files: readonly string[], root: string): string {
  return files.map((file) => `  ${kb(gzipSize(join(root, file))).padStart(9)}  ${file}`).join('\n');
}

const names = (Object.keys(pages) as PageName[]).filter((name) => !NOT_BORROWER_PAGES.includes(name));

describe('First-load JavaScript of every borrower page (gzip)', () => {
  it('the build maps every borrower page of src/shared/pages.ts', () => {
    expect(Object.keys(pagesFile.pages).sort()).toEqual(names.map((name) => pages[name]).sort());
  });

  it.each(names)('%s', (name) => {
    const path = pages[name];
    const page = pagesFile.pages[path];
    if (!page) throw new Error(`${path} is not in ${PAGES_FILE}`);
    // A page whose code the build could not find would be measured as the entry alone.
    expect(page.chunks.length, `${path} renders no lazily loaded page on the server`).toBeGreaterThan(0);
    const load = firstLoad(borrower, [BORROWER_ENTRY, ...page.chunks]);
    const allowed = OVER_BUDGET[name]?.budget ?? BORROWER_PAGE_BUDGET;
    expect(
      load.jsGzip,
      `${path}: first-load JavaScript ${kb(load.jsGzip)} is over its budget of ${kb(allowed)}:\n${describeLoad(load.js, outDir)}`,
    ).toBeLessThanOrEqual(allowed);
  });

  it('over-budget allowances are for pages that exist and still need them', () => {
    for (const [name, over] of Object.entries(OVER_BUDGET) as [PageName, { budget: number }][]) {
      const page = pagesFile.pages[pages[name]];
      expect(page, name).toBeDefined();
      // Within 2 KB of the budget an allowance is no longer needed: remove it (or lower it).
      expect(page?.jsGzip ?? 0, `${name} fits ${kb(BORROWER_PAGE_BUDGET)} now: remove its allowance`).toBeGreaterThan(
        BORROWER_PAGE_BUDGET,
      );
      expect(over.budget - (page?.jsGzip ?? 0), `${name}: lower its allowance to what it needs`).toBeLessThan(2 * KB);
    }
  });

  it('every chunk the borrower entry loads lazily is a page, or comes on demand after one is up', () => {
    const pageChunks = new Set(Object.values(pagesFile.pages).flatMap((page) => page.chunks));
    const direct = borrower.manifest[BORROWER_ENTRY]?.dynamicImports ?? [];
    const strays = direct.filter((key) => !pageChunks.has(key) && !NOT_PAGES.includes(key));
    expect(strays, 'a lazy chunk no page renders: render it from a page or list it in NOT_PAGES').toEqual([]);
  });

  it('the browser bundle carries no zod (the contracts are stripped to what a call needs)', () => {
    const assets = join(outDir, 'assets');
    const withZod = readdirSync(assets)
      .filter((file) => file.endsWith('.js'))
      .filter((file) => /\$ZodType|ZodError/.test(readFileSync(join(assets, file), 'utf8')));
    expect(withZod).toEqual([]);
  });
});

describe('A back office is a separate entry', () => {
  it('each HTML entry other than the borrower pages keeps its budget and shares no chunk with them', () => {
    const borrowerFiles = new Set(
      // By path, not name: the same small runtime in another app's folder is that app's own copy.
      [...fullClosure(borrower.manifest, BORROWER_ENTRY)].map((key) =>
        join(borrower.outDir, borrower.manifest[key]?.file ?? ''),
      ),
    );
    for (const loaded of manifests) {
      for (const entry of htmlEntries(loaded.manifest)) {
        if (loaded === borrower && entry === BORROWER_ENTRY) continue;
        const load = firstLoad(loaded, [entry]);
        expect(
          load.jsGzip,
          `${entry}: ${kb(load.jsGzip)}:\n${describeLoad(load.js, loaded.outDir)}`,
        ).toBeLessThanOrEqual(BACK_OFFICE_BUDGET);
        const shared = [...fullClosure(loaded.manifest, entry)]
          .map((key) => loaded.manifest[key]?.file)
          .filter((file) => file !== undefined && borrowerFiles.has(join(loaded.outDir, file)));
        expect(shared, `${entry} shares chunks with the borrower pages`).toEqual([]);
      }
    }
  });

  it('the borrower entry reaches only its own lazy chunks', () => {
    // Sanity of the closure walk the check above relies on: every page chunk is reachable.
    const reachable = fullClosure(borrower.manifest, BORROWER_ENTRY);
    for (const page of Object.values(pagesFile.pages))
      for (const chunk of page.chunks) expect(reachable).toContain(chunk);
  });
});

describe('Static pages paint before scripts run', () => {
  interface ServerRender {
    renderPage(location: string, options: { shell: string }): Promise<string>;
  }

  it('spec 000 §2: the official site, about us and privacy policy are static pages; unbuilt ones are not', () => {
    const statics = Object.values(pagesFile.pages)
      .filter((page) => page.static)
      .map((page) => page.name);
    expect(statics).toEqual(expect.arrayContaining(['officialSite', 'aboutUs', 'privacyPolicy']));
    for (const page of Object.values(pagesFile.pages)) {
      if (page.modules.includes('app/coming-soon-page.tsx')) expect(page.static, page.name).toBe(false);
    }
  });

  it('spec 000 §2: the server render of `/` holds the site, with its stylesheet linked and matching', async () => {
    const page = pagesFile.pages[pages.officialSite];
    if (!page) throw new Error('no official site');
    const render = (await import(pathToFileURL(join(outDir, pagesFile.render)).href)) as ServerRender;
    const html = await render.renderPage(pages.officialSite, { shell: readFileSync(join(outDir, page.html), 'utf8') });
    const root = html.slice(html.indexOf('<div id="root">'));
    for (const text of [
      '<h1',
      'About Us',
      'User reviews',
      'Loan Terms And Conditions',
      'PrivacyPolicy',
      'Contact Us',
      'Remark',
    ]) {
      expect(root).toContain(text);
    }
    // Its styles are in the page (and marked as there for Vite), its scripts start after it has painted.
    const css = /<link rel="stylesheet" crossorigin href="\/assets\/(official-site-page-[\w-]+\.css)" disabled>/.exec(
      html,
    )?.[1];
    if (!css) throw new Error('the page stylesheet is not marked');
    const className = /class="(_carousel_[\w]+)"/.exec(root)?.[1];
    const head = html.slice(0, html.indexOf('</head>'));
    expect(readFileSync(join(outDir, 'assets', css), 'utf8')).toContain(`.${className}`);
    expect(head).toMatch(new RegExp(`<style>[^<]*\\.${className}\\{`));
    expect(head).not.toMatch(/<script type="module" crossorigin src="\/assets\/index-/);
    const boot = JSON.parse(
      /<script type="application\/json" id="hiram-boot">(.*?)<\/script>/.exec(head)?.[1] ?? 'null',
    ) as BootList;
    expect(boot.entry).toMatch(/^\/assets\/index-[\w-]+\.js$/);
    // Every script of the page but the entry is asked for early or preloaded (chunks are named by hash).
    const asked = new Set([...boot.preloads, ...boot.early]);
    expect(
      page.js.filter((file) => !file.startsWith('assets/index-')).filter((file) => !asked.has(`/${file}`)),
    ).toEqual([]);
    // React DOM is a chunk of its own, run in a task of its own before the entry.
    expect(boot.early.some((src) => /\/assets\/react-dom-[\w-]+\.js$/.test(src))).toBe(true);
    expect(head).toContain(`<script type="module">${BOOT_MODULE}</script>`);
    // Nothing else is asked for while it paints: its icon is a small WebP picture in the page.
    expect(head).toMatch(/<link rel="icon" type="image\/webp" href="data:image\/webp;base64,[\w+/]+=*">/);
    expect(head).not.toContain('/favicon.svg');
  });

  it('React DOM starts when its chunk runs, not inside the task that runs the entry', async () => {
    const chunk = readdirSync(join(outDir, 'assets')).find((file) => /^react-dom-[\w-]+\.js$/.test(file));
    if (!chunk) throw new Error('no react-dom chunk');
    // React DOM is CommonJS, which the bundle wraps in a function run on first import: the chunk
    // must export React DOM's client itself (src/web/lib/react-dom-client.ts), not that function.
    const exported = Object.values(
      (await import(pathToFileURL(join(outDir, 'assets', chunk)).href)) as Record<string, unknown>,
    );
    expect(exported.some((value) => typeof value === 'object' && value !== null && 'hydrateRoot' in value)).toBe(true);
  });
});
