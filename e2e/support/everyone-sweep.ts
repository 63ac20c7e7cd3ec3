import { mkdirSync } from 'node:fs';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { href, type PageName } from '../../src/shared/pages';
import { describeBrowser, getBrowser, hasBrowser, screenshotTo } from './browser';
import { lastPaymentOf } from './loans';
import { trackRequests } from './network-quiet';
import {
  axeInTopFrame,
  axeViolations,
  clippedText,
  horizontalOverflow,
  smallTargets,
  unreachableByKeyboard,
} from './page-checks';
import { englishLeft } from './filipino-text';
import { e2eServer } from './server';

/**
 * Every borrower page, the promotion page and the official site, in English and in
 * Filipino, at 360×780 and 412×915 (the official site's pages also at 1280×800): in Filipino no
 * English left for the reader (./filipino-text.ts); no serious or
 * critical axe-core violation, every control reachable by keyboard, touch targets of 44 px, no
 * sideways scroll, no clipped text. Screenshots go to test-results/widths/ (at 360 px and on a
 * desktop; at 412 px only with a finding).
 */
const base = e2eServer().baseUrl;
const fixture = e2eServer().timeOrders;
const session = fixture.session;
const signedIn = new URLSearchParams({ ...session }).toString();

type Stop = {
  name: PageName | `${PageName}.${string}`;
  path: string;
  wide?: boolean;
  /** What the borrower does once the page is up, e.g. opens a dialog, before the checks. */
  act?: (page: Page, lang: string) => Promise<void>;
};

const openMenu = async (page: Page) => {
  await page.getByTestId('menu-open').click();
  await page.getByTestId('menu').waitFor();
};
/** The same tab opens a link carrying another account's session: the switch question. */
const linkToAnotherAccount = async (page: Page, lang: string) => {
  await page.goto(`${base}${href('home')}?sessionId=${'a'.repeat(43)}&lang=${lang}`);
  await page.locator('html[data-ready]').waitFor({ state: 'attached' });
  await page.getByTestId('session-switch').waitFor();
};

/** The fixture borrower's settled order (e2e/support/global-setup.ts). */
const SETTLED_ORDER = fixture.settled;

const stops = (problemId: number, paymentId: number): Stop[] => [
  { name: 'officialSite', path: href('officialSite'), wide: true },
  { name: 'loanTerms', path: href('loanTerms', { productId: 1 }), wide: true },
  { name: 'aboutUs', path: href('aboutUs'), wide: true },
  { name: 'privacyPolicy', path: href('privacyPolicy'), wide: true },
  { name: 'login', path: href('login') },
  { name: 'home', path: href('home') },
  { name: 'home.menu', path: href('home'), act: openMenu },
  { name: 'home.switchAccount', path: href('home'), act: linkToAnotherAccount },
  { name: 'loanDetail', path: href('loanDetail', { orderId: fixture.due, productId: 1 }) },
  { name: 'order', path: href('order', { orderId: fixture.active, productId: 1 }) },
  { name: 'amountExplained', path: href('amountExplained', { orderId: fixture.overdue }) },
  { name: 'loanDetail.withdraw', path: href('loanDetail', { orderId: fixture.approved, productId: 1 }) },
  { name: 'loanConfirm', path: href('loanConfirm', { productId: 1, amount: 300_000 }) },
  { name: 'loanConfirmNew', path: href('loanConfirmNew', { productId: 2, amount: 1_000_000 }) },
  { name: 'loanConfirmPeriod', path: href('loanConfirmPeriod', { productId: 2, amount: 1_000_000 }) },
  { name: 'loanAgreement', path: href('loanAgreement', { productId: 1, position: 1, orderId: fixture.due }) },
  { name: 'loanDisclosure', path: href('loanDisclosure', { orderId: fixture.due }) },
  {
    name: 'loanAgreement.disclosureStatement',
    path: href('loanAgreement', { productId: 1, position: 2, amount: 300_000 }),
  },
  { name: 'loanAgreement.privacyNotice', path: href('loanAgreement', { productId: 1, position: 3 }) },
  // The settled order: its records, its payment's receipt and its certificate of full payment.
  { name: 'records', path: href('records', { orderId: SETTLED_ORDER }) },
  { name: 'receipt', path: href('receipt', { orderId: SETTLED_ORDER, paymentId }) },
  { name: 'paymentCertificate', path: href('paymentCertificate', { orderId: SETTLED_ORDER }) },
  { name: 'jointLoginFailure', path: href('jointLoginFailure', { productId: 1 }) },
  { name: 'repay', path: href('repay', { orderId: fixture.due, productId: 1 }) },
  { name: 'repayDelay', path: href('repayDelay', { orderId: fixture.overdue, productId: 1 }) },
  {
    name: 'repaymentOfCode',
    path: href('repaymentOfCode', { showType: 2, payCode: 'hiram-sandbox:1:100', repayAmount: 100 }),
  },
  {
    name: 'repaymentOfCode2',
    path: href('repaymentOfCode2', { showType: 1, payCode: '7701234567', repayAmount: 100 }),
  },
  { name: 'paymentInstructions', path: href('paymentInstructions') },
  { name: 'bindBank', path: href('bindBank', { productId: 1 }) },
  // The fixture borrower's loans are open: the application shows its steps, locked.
  { name: 'application', path: href('application', { productId: 1 }) },
  { name: 'complaint', path: href('complaint') },
  { name: 'complaintNext', path: href('complaintNext', { problemType: 3, orderId: fixture.due }) },
  { name: 'complaintList', path: href('complaintList') },
  { name: 'complaintDetails', path: href('complaintDetails', { problemId }) },
  { name: 'customerService', path: href('customerService') },
  { name: 'myData', path: href('myData') },
  { name: 'promotion', path: `${href('promotion')}?id=1&app_from=hiram&utm_tag=e2e-everyone` },
  { name: 'promotion.agreement', path: `${href('promotion')}?id=1#/agreementTemplate` },
  { name: 'legacyRepayment', path: href('legacyRepayment', { orderId: fixture.due, productId: 1, amount: 20_000 }) },
];

const phones = [
  { width: 360, height: 780 },
  { width: 412, height: 915 },
] as const;
const desktop = { width: 1280, height: 800 };
const languages = ['en', 'fil'] as const;

let problemId = 0;
let paymentId = 0;

/**
 * A device the stops open in one after another: a browser context of its own (a phone or a desktop)
 * with one tab. Going from stop to stop in the same tab keeps what a fresh context would fetch
 * again and again to no purpose (the app's scripts, compiled, and axe-core, which is compiled
 * once per tab instead of once per page); what the site keeps for a reader does not go along:
 * each stop starts with no cookie and nothing in local or session storage (checked as the page
 * opens), as in a fresh context.
 */
interface Device {
  context: BrowserContext;
  page: Page;
  networkQuiet: () => Promise<void>;
  /** The console and page errors of the current stop. */
  errors: string[];
}

/** What the site keeps in the page's storage as its first script runs: `visit` checks it is empty. */
const STORED_AT_START = `if (window === window.top) {
  try { window.__storedAtStart = [...Object.keys(localStorage), ...Object.keys(sessionStorage)]; } catch {}
}`;

async function openDevice(viewport: { width: number; height: number }, withAxe: boolean): Promise<Device> {
  const mobile = viewport.width < 800;
  const context = await (await getBrowser()).newContext({
    viewport,
    isMobile: mobile,
    hasTouch: mobile,
    deviceScaleFactor: 1,
  });
  await context.addInitScript(STORED_AT_START);
  if (withAxe) await context.addInitScript(axeInTopFrame);
  const page = await context.newPage();
  const device: Device = { context, page, networkQuiet: trackRequests(page), errors: [] };
  page.on('pageerror', (err) => device.errors.push(err.message));
  // Console errors too (a failed request, a React warning), except a refused session's 401: the
  // switch question opens on a link carrying another account's session, which the server refuses.
  page.on('console', (msg) => {
    if (msg.type() === 'error' && !/status of 401/.test(msg.text())) device.errors.push(msg.text());
  });
  return device;
}

/** Opens a page in a language on a device, as the app would: session and language in the address. */
async function visit(device: Device, stop: Stop, lang: (typeof languages)[number]) {
  const { page, context } = device;
  // The last stop's page leaves nothing behind: what it stored goes, then the page itself, for a
  // blank page, so that the next stop is a new page even at the same address (not a reload that
  // would put back the scroll). The blank page is opened from the page, which keeps the tab in
  // its process (opened from outside, it takes the tab to new processes, and axe-core is compiled
  // again: about 400 ms more a stop).
  if (page.url().startsWith(base)) {
    await page.evaluate(() => {
      localStorage.clear();
      sessionStorage.clear();
      setTimeout(() => location.replace('about:blank'));
    });
    await page.waitForURL('about:blank');
  }
  await context.clearCookies();
  device.errors = [];
  const [path, hash] = stop.path.split('#');
  const join = path?.includes('?') ? '&' : '?';
  await page.goto(`${base}${path}${join}${signedIn}&lang=${lang}${hash ? `#${hash}` : ''}`);
  const stored = await page.evaluate(() => (window as { __storedAtStart?: string[] }).__storedAtStart);
  if (stored?.length !== 0) throw new Error(`the page opened with ${JSON.stringify(stored)} in its storage`);
  await page.locator('html[data-ready]').waitFor({ state: 'attached' });
  await device.networkQuiet();
  await page.waitForFunction(() => !document.querySelector('[role="status"] .visually-hidden'));
  return device;
}

/** Gives the page a new size and waits until it has been laid out and painted at it. */
async function resize(page: Page, viewport: { width: number; height: number }) {
  await page.setViewportSize(viewport);
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
}

/**
 * The sweep in one language: a test file per language (e2e/everyone-en.test.ts,
 * everyone-fil.test.ts), so the two halves run in two workers at once.
 */
export function sweepEveryPage(lang: (typeof languages)[number]): void {
  // The file's phone (axe-core ready in it) and desktop, opened by the first stop that needs them.
  const devices: Partial<Record<'phone' | 'desktop', Promise<Device>>> = {};
  /**
   * A stop on a device; a stop that throws (a page that never settles, a check cut short) closes
   * the device, so the next stop starts on a new one rather than on whatever this one left.
   */
  const on = async (which: 'phone' | 'desktop', run: (device: Device) => Promise<void>) => {
    const opening = devices[which] ?? (which === 'phone' ? openDevice(phones[0], true) : openDevice(desktop, false));
    devices[which] = opening;
    let device: Device | undefined;
    try {
      device = await opening;
      await run(device);
    } catch (error) {
      delete devices[which];
      await device?.context.close().catch(() => {});
      throw error;
    }
  };
  // The worker's browser outlives the file: its two devices go with it.
  afterAll(async () => {
    for (const opening of Object.values(devices)) await (await opening.catch(() => null))?.context.close();
  });
  beforeAll(async () => {
    if (!hasBrowser) return;
    problemId = fixture.problemId;
    paymentId = await lastPaymentOf(session, SETTLED_ORDER);
    mkdirSync('test-results/widths', { recursive: true });
  });
  describeBrowser('Every page usable by everyone', () => {
    describe(lang, () => {
      it.each(stops(0, 0).map((s) => [s.name, s] as const))('%s', async (_name, listed) => {
        // The ids the fixture made, known once the setup has asked for them.
        const stop = stops(problemId, paymentId).find((s) => s.name === listed.name) ?? listed;
        // Every finding of every size, so one run names all that is wrong with the page.
        const findings: Record<string, string[]> = {};
        const note = (label: string, found: string[]) => {
          if (found.length > 0) findings[label] = found;
        };
        /**
         * What is checked at every size: the language, no sideways scroll, no clipped text. A
         * screenshot is kept at 360 px and on a desktop, and at any other size with a finding.
         */
        const layout = async (page: Page, size: { width: number; height: number }) => {
          const at = `${size.width}x${size.height}`;
          const before = Object.keys(findings).length;
          const htmlLang = await page.evaluate(() => document.documentElement.lang);
          note(`${at} html lang`, htmlLang === lang ? [] : [htmlLang]);
          note(`${at} sideways scroll`, await horizontalOverflow(page));
          note(`${at} clipped text`, await clippedText(page));
          if (size !== phones[1] || Object.keys(findings).length > before)
            await screenshotTo(page, `test-results/widths/${stop.name}-${lang}-${at}.png`);
        };
        // The phone sizes share one visit: opened at 360×780, then laid out again at 412×915 (no
        // page script reads the width; CSS alone adapts). The checks that act on the page (closing
        // a notice, moving the focus) come last, back at 360×780, so they change nothing measured.
        const [small, large] = phones;
        await on('phone', async (phone) => {
          await visit(phone, stop, lang);
          await stop.act?.(phone.page, lang);
          await layout(phone.page, small);
          if (lang === 'fil') note('English left', await englishLeft(phone.page));
          note('axe-core', await axeViolations(phone.page));
          note('touch targets', await smallTargets(phone.page));
          await resize(phone.page, large);
          await layout(phone.page, large);
          await resize(phone.page, small);
          // A notice opened on load (spec 001 §4 Kind tips) is a modal <dialog>: the page behind
          // it is out of reach until it closes, which Escape must do, as a keyboard reader would.
          if ((await phone.page.locator('dialog[open]').count()) > 0) {
            await phone.page.keyboard.press('Escape');
            // Checked as soon as it closes; a notice still open a second later is the finding (a
            // busy machine can take more than a frame or two to run the close).
            await phone.page
              .locator('dialog[open]')
              .first()
              .waitFor({ state: 'detached', timeout: 1_000 })
              .catch(() => {});
            note(
              'notice closes with Escape',
              (await phone.page.locator('dialog[open]').count()) === 0 ? [] : ['still open'],
            );
          }
          note('keyboard', await unreachableByKeyboard(phone.page));
          note('phone page errors', phone.errors);
        });
        // A desktop is another device (no touch, not mobile): a visit of its own.
        if (stop.wide) {
          await on('desktop', async (wide) => {
            await visit(wide, stop, lang);
            await stop.act?.(wide.page, lang);
            await layout(wide.page, desktop);
            note(`${desktop.width}x${desktop.height} page errors`, wide.errors);
          });
        }
        expect(findings).toEqual({});
      });
    });
  });
}
