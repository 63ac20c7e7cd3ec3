import { afterAll, beforeAll, expect, it } from 'vitest';
import { href } from '../src/shared/pages';
import { describeBrowser, hasBrowser, type PhonePage, phonePage } from './support/browser';
import { applicationOf, decidedOrder, disbursedLoan, settledLoan } from './support/loans';
import type { TestSession } from './support/login';
import { apiLoginApplied } from './support/browser';
import { inlineSvg } from './support/page-checks';
import { e2eServer } from './support/server';

/** One order per state, each of a borrower no other browser test signs in with, made through the real calls. */
type Made = { orderId: number; session: TestSession };
const orders: Record<number, Made> = {};
let p: PhonePage;
/** The status whose borrower the open tab is for (0: none yet). */
let pageOf = 0;

beforeAll(async () => {
  if (!hasBrowser) return;
  const applicant = await apiLoginApplied('09175591101');
  orders[21] = { orderId: await applicationOf(applicant), session: applicant };
  orders[151] = await decidedOrder('09175591102', false);
  orders[110] = await decidedOrder('09175591103', true);
  orders[170] = await disbursedLoan('09175591104');
  orders[200] = await settledLoan('09175591105');
  // Due within three days (174) is reached only by time: the fixture borrower's due order, read only.
  const fixture = e2eServer().timeOrders;
  orders[174] = { orderId: fixture.due, session: fixture.session };
});
afterAll(async () => {
  await p?.context.close();
});

/**
 * Opens the order in `status` with its borrower's session in the address; answers its id. Each
 * borrower has a tab of their own: a tab keeps the session it was first opened with.
 */
async function open(status: number): Promise<number> {
  const made = orders[status];
  if (!made) throw new Error(`no order in ${status}`);
  const { orderId, session } = made;
  if (pageOf !== status) {
    if (pageOf) await p.context.close();
    p = await phonePage();
    pageOf = status;
  }
  await p.page.goto(p.url(`${href('loanDetail', { orderId, productId: 1 })}&${new URLSearchParams({ ...session })}`));
  return orderId;
}
const buttons = () => p.page.getByTestId('order-buttons').locator('button').allTextContents();

describeBrowser('spec 001 §2.1, §4 order details', () => {
  it.each([
    [21, []],
    [151, []],
    [110, []],
  ])('an order in status %i shows its banner and no buttons', async (status, expected) => {
    await open(status);
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

  it('174 with an extension allowed: REPAY and Rollover Repayment with "Short of money?"; the Kind tips once, remembered on the device', async () => {
    const orderId = await open(174);
    await p.page.getByText('Kind tips').waitFor();
    await p.screenshot('order-174-kind-tips');
    // A modal dialog named by its title, its button focused (the browser's own <dialog>).
    const tips = p.page.getByRole('dialog', { name: 'Kind tips' });
    expect(await tips.isVisible()).toBe(true);
    expect(await p.page.evaluate(() => document.activeElement?.textContent)).toBe('Got it');
    await p.page.getByRole('button', { name: 'Got it' }).click();
    await tips.waitFor({ state: 'detached' });
    // Read once, they stay read: a new tab of the same browser (a new session) does not show them again.
    const again = await p.context.newPage();
    const session = new URLSearchParams({ ...orders[174]?.session });
    await again.goto(p.url(`${href('loanDetail', { orderId, productId: 1 })}&${session}`));
    await again.locator('html[data-ready]').waitFor({ state: 'attached' });
    await again.getByTestId('order-notice').waitFor();
    // The tips open from an effect after the details render: give it the moment it takes.
    await again.waitForTimeout(500);
    expect(await again.getByText('Kind tips').count()).toBe(0);
    await again.close();
    expect(await buttons()).toEqual(['REPAY', 'Rollover Repayment']);
    expect(await p.page.getByText('Short of money?').count()).toBe(1);
    await p.screenshot('order-174');
    await p.page.getByRole('button', { name: 'Rollover Repayment' }).click();
    await p.page.waitForURL(new RegExp(`/repayDelay\\?productId=1&orderId=${orderId}(&|$)`));
    await open(174);
    await p.page.getByTestId('order-notice').waitFor();
    expect(await p.page.getByText('Kind tips').count()).toBe(0);
  });

  it('170: one Repayment button that opens the repayment page', async () => {
    const orderId = await open(170);
    await p.page.getByTestId('order-notice').waitFor();
    // A repaying loan shows the Kind tips first, once a session (the test above reads them).
    await p.page.getByRole('button', { name: 'Got it' }).click();
    expect(await buttons()).toEqual(['Repayment']);
    await p.page.getByRole('button', { name: 'Repayment' }).click();
    await p.page.waitForURL(new RegExp(`/repay\\?productId=1&orderId=${orderId}(&|$)`));
  });

  it('200: the rating dialog (no star → a toast; 3 stars → thanks), then Borrow Again → home', async () => {
    await open(200);
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
