import { afterAll, beforeAll, expect, it } from 'vitest';
import { href } from '../src/shared/pages';
import { describeBrowser, hasBrowser, type PhonePage, phonePage } from './support/browser';
import { inlineSvg } from './support/page-checks';
import { e2eServer } from './support/server';

/** Demo borrower 09170000001's orders (src/server/db/seed/demo.ts): one per state. */
let p: PhonePage;
let session: { sessionId: string; userId: string };

beforeAll(async () => {
  if (!hasBrowser) return;
  session = e2eServer().demoSession;
  p = await phonePage();
});
afterAll(async () => {
  await p?.context.close();
});

const open = (orderId: number) =>
  p.page.goto(p.url(`${href('loanDetail', { orderId, productId: 1 })}&${new URLSearchParams(session)}`));
const buttons = () => p.page.getByTestId('order-buttons').locator('button').allTextContents();

describeBrowser('spec 001 §2.1, §4 order details', () => {
  it.each([
    [80, 21, []],
    [81, 151, []],
    [82, 110, []],
  ])('order %i (status %i) shows its banner and no buttons', async (orderId, status, expected) => {
    await open(orderId);
    await p.page.getByTestId('order-notice').waitFor();
    expect(await p.page.getByTestId('order-banner').getAttribute('data-status')).toBe(String(status));
    // The banner, the page's largest paint, arrives inside the page (no request of its own).
    const banner = await p.page.getByTestId('order-banner').locator('img').getAttribute('src');
    expect(inlineSvg(banner)).toMatch(/^<svg .*<\/svg>\s*$/s);
    expect(await buttons()).toEqual(expected);
    // The bank-card prompt (approved, no account) or nothing: close any dialog before the next page.
    const close = p.page.getByRole('button', { name: 'Close' });
    if (await close.count()) await close.click();
  });

  it('174 with an extension allowed: REPAY and Rollover Repayment with "Short of money?"; the Kind tips once per session', async () => {
    await open(86);
    await p.page.getByText('Kind tips').waitFor();
    await p.screenshot('order-174-kind-tips');
    // A modal dialog named by its title, its button focused (the browser's own <dialog>).
    const tips = p.page.getByRole('dialog', { name: 'Kind tips' });
    expect(await tips.isVisible()).toBe(true);
    expect(await p.page.evaluate(() => document.activeElement?.textContent)).toBe('Got it');
    await p.page.getByRole('button', { name: 'Got it' }).click();
    await tips.waitFor({ state: 'detached' });
    expect(await buttons()).toEqual(['REPAY', 'Rollover Repayment']);
    expect(await p.page.getByText('Short of money?').count()).toBe(1);
    await p.screenshot('order-174');
    await p.page.getByRole('button', { name: 'Rollover Repayment' }).click();
    await p.page.waitForURL(/\/repayDelay\?productId=1&orderId=86/);
    await open(86);
    await p.page.getByTestId('order-notice').waitFor();
    expect(await p.page.getByText('Kind tips').count()).toBe(0);
  });

  it('170: one Repayment button that opens the repayment page', async () => {
    await open(83);
    await p.page.getByTestId('order-notice').waitFor();
    expect(await buttons()).toEqual(['Repayment']);
    await p.page.getByRole('button', { name: 'Repayment' }).click();
    await p.page.waitForURL(/\/repay\?productId=1&orderId=83/);
  });

  it('200: the rating dialog (no star → a toast; 3 stars → thanks), then Borrow Again → home', async () => {
    await open(85);
    await p.page.getByTestId('rating-dialog').waitFor();
    await p.page.getByTestId('rating-submit').click();
    await p.page.locator('.adm-toast-main', { hasText: 'Please choose how many stars' }).waitFor();
    await p.page.getByLabel('3', { exact: false }).first().check({ force: true });
    await p.page.getByTestId('rating-submit').click();
    await p.page.getByTestId('rating-result').waitFor();
    await p.screenshot('order-200-rated');
    await p.page.getByRole('button', { name: 'Close' }).click();
    expect(await buttons()).toEqual(['Borrow Again']);
    await p.page.getByRole('button', { name: 'Borrow Again' }).click();
    await p.page.waitForURL(/\/home/);
  });
});
