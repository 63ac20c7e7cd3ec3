import type { Page } from 'playwright-core';
import { afterAll, expect, it } from 'vitest';
import { replyCatalogues } from '../src/server/i18n/reply-texts';
import { href } from '../src/shared/pages';
import { en } from '../src/web/lib/i18n/en';
import { fil } from '../src/web/lib/i18n/fil';
import { describeBrowser, getBrowser } from './support/browser';
import { lastPaymentOf } from './support/loans';
import { trackRequests } from './support/network-quiet';
import { e2eServer } from './support/server';

/**
 * Filipino throughout: each borrower page opened with `?lang=fil` shows no English a Filipino
 * reader would have to read. A visible text is English when it is an English catalogue text (the
 * pages' own and the labels the server writes into replies) whose Filipino differs, or when it
 * carries English words no Filipino sentence uses. The exceptions are listed below: brand and
 * product names, amounts, dates, phone numbers and references. The legal documents are read in
 * their Filipino translation (src/server/features/loan-confirm/agreement-words.fil.ts), which says
 * at the top that the English text governs.
 */
const base = e2eServer().baseUrl;
const fixture = e2eServer().timeOrders;
const signedIn = new URLSearchParams({ ...fixture.session }).toString();

/** English catalogue texts that differ in Filipino, as whole-text patterns (`{x}` is any value). */
function englishPatterns(): RegExp[] {
  const pairs: [string, string][] = [
    ...Object.entries(en).map(
      ([key, value]) => [value, (fil as Record<string, string>)[key] ?? ''] as [string, string],
    ),
    ...Object.entries(replyCatalogues.en).map(
      ([key, value]) => [value, (replyCatalogues.fil as Record<string, string>)[key] ?? ''] as [string, string],
    ),
  ];
  const patterns: RegExp[] = [];
  for (const [english, filipino] of pairs) {
    if (english === filipino) continue;
    // Only the words of the text count: a text that is all placeholders and signs says nothing in English.
    const literal = english.replace(/\{\w+\}/g, ' ');
    if (literal.replace(/[^A-Za-z]+/g, '').length < 3) continue;
    // A placeholder matches anything: one English word beside it would match Filipino too.
    if (literal !== english && (literal.match(/[A-Za-z]{2,}/g) ?? []).length < 2) continue;
    const escaped = english
      .split(/\{\w+\}/)
      .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
      .join('.+?');
    patterns.push(new RegExp(`^${escaped}$`));
  }
  return patterns;
}

/** English words that a Filipino sentence does not use (Filipino borrows nouns such as loan and app, not these). */
const ENGLISH_WORDS =
  /\b(the|your|you|with|and|please|this|that|will|have|has|our|from|when|which|would|could|should|there|here|before|after|within)\b/i;

/** Names with English words in them, which a Filipino sentence keeps as they are. */
const PROPER_NAMES = /Securities and Exchange Commission|Truth in Lending/g;

/**
 * Catalogue texts the same in both languages on purpose: names, and words Filipino uses as they
 * are (e-mail, menu, SMS, e-wallet, order, payout, personal, home). Any other Filipino text equal to
 * its English is a text nobody translated.
 */
const SAME_IN_BOTH = new Set([
  'Hiram',
  'Back office',
  'Menu',
  'WhatsApp',
  'E-mail',
  'Email',
  'Order',
  'Home',
  'SEC Registration No. {sec} · Certificate of Authority {ca}',
  'GCash (Pay Bills)',
  'Maya (Pay Bills)',
  'Personal',
  'Payout',
  'E-wallet',
]);

/** Texts allowed in a Filipino page: names (the brand, products, wallets, banks, the regulator). */
const EXCEPTIONS: RegExp[] = [
  // What a staff member wrote to the borrower (the fixture's complaint reply, e2e/support/global-setup.ts).
  /^We found your payment and posted it\. Thank you for your patience\.$/,
  /^(Hiram( Cash| Flex| Plus| Lending Corp\.?| Lending Corporation)?|GCash|Maya|QR Ph|7-Eleven|Cebuana Lhuillier|Palawan Express|M Lhuillier|BDO|BPI|Metrobank|UnionBank|Landbank|PNB|Security Bank|RCBC|China Bank|EastWest|SEC|English|Filipino)$/,
  // Amounts, percentages, dates, numbers, references, phones, e-mail and web addresses.
  /^[-+₱\d.,:%/\s×()–—]+$/,
  /^[\w.+-]+@[\w.-]+$/,
  /^(https?:\/\/|www\.)\S+$/,
  /^HRM\d+$/,
  // The lender's registration, quoted as the SEC issued it.
  /^SEC Registration No\. \S+ · Certificate of Authority .+$/,
];

type Stop = { name: string; path: string };
const SETTLED = fixture.settled;
const stops = (paymentId: number, problemId: number): Stop[] => [
  { name: 'home', path: href('home') },
  { name: 'loanDetail', path: href('loanDetail', { orderId: fixture.due, productId: 1 }) },
  { name: 'order', path: href('order', { orderId: fixture.active, productId: 1 }) },
  { name: 'amountExplained', path: href('amountExplained', { orderId: fixture.overdue }) },
  { name: 'loanDetail.withdraw', path: href('loanDetail', { orderId: fixture.approved, productId: 1 }) },
  { name: 'loanConfirm', path: href('loanConfirm', { productId: 1, amount: 300_000 }) },
  { name: 'loanConfirmPeriod', path: href('loanConfirmPeriod', { productId: 2, amount: 1_000_000 }) },
  { name: 'loanDisclosure', path: href('loanDisclosure', { orderId: fixture.due }) },
  { name: 'loanAgreement', path: href('loanAgreement', { productId: 1, position: 1, orderId: fixture.due }) },
  { name: 'disclosureStatement', path: href('loanAgreement', { productId: 1, position: 2, amount: 300_000 }) },
  { name: 'privacyNotice', path: href('loanAgreement', { productId: 1, position: 3 }) },
  { name: 'records', path: href('records', { orderId: SETTLED }) },
  { name: 'receipt', path: href('receipt', { orderId: SETTLED, paymentId }) },
  { name: 'paymentCertificate', path: href('paymentCertificate', { orderId: SETTLED }) },
  { name: 'repay', path: href('repay', { orderId: fixture.due, productId: 1 }) },
  { name: 'repayDelay', path: href('repayDelay', { orderId: fixture.overdue, productId: 1 }) },
  {
    name: 'repaymentOfCode2',
    path: href('repaymentOfCode2', { showType: 1, payCode: '7701234567', repayAmount: 100 }),
  },
  { name: 'paymentInstructions', path: href('paymentInstructions') },
  { name: 'bindBank', path: href('bindBank', { productId: 1 }) },
  { name: 'application', path: href('application', { productId: 1 }) },
  { name: 'complaint', path: href('complaint') },
  { name: 'complaintNext', path: href('complaintNext', { problemType: 3, orderId: fixture.due }) },
  { name: 'complaintList', path: href('complaintList') },
  { name: 'complaintDetails', path: href('complaintDetails', { problemId }) },
  { name: 'customerService', path: href('customerService') },
  { name: 'myData', path: href('myData') },
  { name: 'login', path: href('login') },
  { name: 'officialSite', path: href('officialSite') },
];

/** Every visible text of the page (text nodes, placeholders and labels read aloud), trimmed. */
function visibleTexts(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const seen: string[] = [];
    const visible = (el: Element | null) => {
      for (let e = el; e; e = e.parentElement) {
        const style = getComputedStyle(e);
        if (style.display === 'none' || style.visibility === 'hidden') return false;
      }
      return el ? el.getClientRects().length > 0 : false;
    };
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      if (!parent || parent.closest('script,style,noscript,[data-lang-exempt]')) continue;
      const value = (node.textContent ?? '').replace(/\s+/g, ' ').trim();
      if (value && visible(parent)) seen.push(value);
    }
    for (const el of Array.from(document.querySelectorAll('[placeholder],[aria-label]'))) {
      if (!visible(el) || el.closest('[data-lang-exempt]')) continue;
      for (const name of ['placeholder', 'aria-label']) {
        const value = el.getAttribute(name)?.trim();
        if (value) seen.push(value);
      }
    }
    return seen;
  });
}

/** The settled order's last payment, read once for every stop that needs it. */
let settling: Promise<number> | undefined;
const settlingPaymentId = () => {
  settling ??= lastPaymentOf(fixture.session, SETTLED);
  return settling;
};

const closing: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const close of closing) await close();
});

it('every Filipino catalogue text equal to its English is a listed exception', () => {
  const same = [
    ...Object.entries(en).filter(([key, value]) => (fil as Record<string, string>)[key] === value),
    ...Object.entries(replyCatalogues.en).filter(
      ([key, value]) => (replyCatalogues.fil as Record<string, string>)[key] === value,
    ),
  ]
    .filter(([, value]) => /[A-Za-z]{3}/.test(value.replace(/\{\w+\}/g, '')))
    .filter(([, value]) => !SAME_IN_BOTH.has(value));
  expect(same).toEqual([]);
});

describeBrowser('Filipino throughout: no English left on a borrower page with ?lang=fil', () => {
  const patterns = englishPatterns();
  it.each(stops(0, 0).map((s) => [s.name] as const))('%s', async (name) => {
    const stop = stops(await settlingPaymentId(), fixture.problemId).find((s) => s.name === name);
    if (!stop) throw new Error(name);
    const context = await (await getBrowser()).newContext({
      viewport: { width: 360, height: 780 },
      isMobile: true,
      hasTouch: true,
      deviceScaleFactor: 1,
    });
    closing.push(() => context.close());
    const page = await context.newPage();
    const quiet = trackRequests(page);
    const join = stop.path.includes('?') ? '&' : '?';
    await page.goto(`${base}${stop.path}${join}${signedIn}&lang=fil`);
    await page.locator('html[data-ready]').waitFor({ state: 'attached' });
    await quiet();
    await page.waitForFunction(() => !document.querySelector('[role="status"] .visually-hidden'));
    const english = (await visibleTexts(page)).filter(
      (text) =>
        !EXCEPTIONS.some((allowed) => allowed.test(text)) &&
        (patterns.some((pattern) => pattern.test(text)) || ENGLISH_WORDS.test(text.replace(PROPER_NAMES, ''))),
    );
    expect([...new Set(english)]).toEqual([]);
  });
});
