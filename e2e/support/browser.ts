import { existsSync, mkdirSync, mkdtempSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { type Browser, type BrowserContext, chromium, type Download, type Page } from 'playwright-core';
import { completeApplicationAt } from './application';
import { executablePath } from './chromium';
import { describe, inject } from 'vitest';
import { trackRequests } from './network-quiet';
import { latestSmsCodeAt, loginAt, type TestSession } from './login';
import { e2eServer } from './server';

const required = process.env.REQUIRE_BROWSER === '1' || process.env.CI === 'true';
export const hasBrowser = existsSync(executablePath);

if (!hasBrowser) {
  if (required) throw new Error(`Chromium not found at ${executablePath}: browser tests are required here.`);
  console.warn(`\n!!! SKIPPING BROWSER TESTS: no Chromium at ${executablePath} (apt-get install chromium) !!!\n`);
}

/** describe() when a browser exists; a loud skip on a developer machine without one. */
export const describeBrowser = hasBrowser ? describe : describe.skip;

let browser: Browser | undefined;

/**
 * The worker's connection to the run's one Chromium, started by the global setup (starting a
 * browser per file cost about a second each). It lasts as long as the worker; each file's
 * contexts are closed after it (e2e/support/per-file.ts).
 */
export async function getBrowser(): Promise<Browser> {
  const endpoint = inject('browserEndpoint');
  if (!endpoint) throw new Error(`no browser was started: Chromium is missing at ${executablePath}`);
  browser ??= await chromium.connect(endpoint);
  return browser;
}

/** Closes what a test file left open in the browser, so the next file of the worker starts clean. */
export async function closeContexts(): Promise<void> {
  for (const context of browser?.contexts() ?? []) await context.close();
}

/**
 * Screenshots are for a person to open: kept on a developer's machine, left out in CI, where no
 * one looks at them (a full-page picture is a tenth of a second or more of Chromium's CPU, and the
 * browser tests take over a hundred). E2E_SCREENSHOTS=1 keeps them anywhere, E2E_SCREENSHOTS=0
 * leaves them out anywhere.
 */
export const keepScreenshots =
  process.env.E2E_SCREENSHOTS === '1' || (process.env.E2E_SCREENSHOTS !== '0' && process.env.CI !== 'true');

/** `page.screenshot` into a folder of test-results/, when screenshots are kept (`keepScreenshots`). */
export async function screenshotTo(page: Page, path: string, fullPage = true): Promise<void> {
  if (!keepScreenshots) return;
  mkdirSync(dirname(path), { recursive: true });
  await page.screenshot({ path, fullPage });
}

export interface PhonePage {
  page: Page;
  context: BrowserContext;
  /** Console errors and page errors seen so far: a test fails when any appear. */
  errors: string[];
  url(path: string): string;
  screenshot(name: string): Promise<void>;
  /** Waits until the page is interactive: prerendered pages paint before React takes taps. */
  ready(): Promise<void>;
  /** Waits until the page has fetched what it asked for (e2e/support/network-quiet.ts). */
  networkQuiet(): Promise<void>;
}

/**
 * A fresh phone-sized page (360×780) with console errors collected (fail on console errors). One
 * device pixel per CSS pixel: layout and every check are in CSS pixels, and painting two device
 * pixels per CSS pixel, as many phones do, made the desk and journey tests take 7% more CPU for
 * sharper screenshots only.
 */
export async function phonePage(viewport = { width: 360, height: 780 }): Promise<PhonePage> {
  const context = await (await getBrowser()).newContext({
    viewport,
    isMobile: true,
    hasTouch: true,
    deviceScaleFactor: 1,
  });
  const page = await context.newPage();
  const networkQuiet = trackRequests(page);
  const errors: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error') errors.push(msg.text());
  });
  page.on('pageerror', (err) => errors.push(err.message));
  const baseUrl = e2eServer().baseUrl;
  // Pages paint from their HTML before their scripts run (static pages, and a borrower's
  // page opened with a session), and 'load' comes before the app has started; a test acts as a
  // borrower would once the page answers taps, so opening a page of the app waits for that.
  const goto = page.goto.bind(page);
  page.goto = async (url, options) => {
    const response = await goto(url, options);
    if (!new URL(url, baseUrl).pathname.startsWith('/admin'))
      await page.locator('html[data-ready]').waitFor({ state: 'attached' });
    return response;
  };
  return {
    page,
    context,
    errors,
    url: (path) => `${baseUrl}${path}`,
    networkQuiet,
    async ready() {
      await page.locator('html[data-ready]').waitFor({ state: 'attached' });
    },
    async screenshot(name) {
      await screenshotTo(page, `test-results/screenshots/${name}-${viewport.width}x${viewport.height}.png`);
    },
  };
}

/** Reads the newest SMS code for a phone from the development outbox (architecture.md: Sessions). */
export function latestSmsCode(phone: string): Promise<string> {
  return latestSmsCodeAt(e2eServer().baseUrl, phone);
}

/**
 * Signs in through the API (the real login path) and returns the session. A phone waits 60 s
 * between codes: each test file signs in with a phone of its own, and the demo borrower's
 * session is signed in once, by the global setup (`e2eServer().demoSession`).
 */
export function apiLogin(phone: string): Promise<TestSession> {
  return loginAt(e2eServer().baseUrl, phone);
}

/** `apiLogin`, then the complete application (consent, forms, ID pictures, payout account) that applying needs. */
export async function apiLoginApplied(phone: string): Promise<TestSession> {
  const session = await apiLogin(phone);
  await completeApplicationAt(e2eServer().baseUrl, session, phone);
  return session;
}

/**
 * What a download holds, as text. The browser runs apart from the test files (one Chromium for the
 * run, e2e/support/global-setup.ts), so the file is copied here first.
 */
export async function downloadedText(download: Download): Promise<string> {
  const copy = join(mkdtempSync(join(tmpdir(), 'hiram-download-')), download.suggestedFilename());
  await download.saveAs(copy);
  return readFile(copy, 'utf8');
}

/** A money cell of a desk table as the CSV export writes it: ₱5,682.50 → 5682.50, -₱1.00 → -1.00, — → empty. */
export const moneyAsCsv = (cell: string) => (cell === '—' ? '' : cell.replace(/[₱,]/g, ''));
