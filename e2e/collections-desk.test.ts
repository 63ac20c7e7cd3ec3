import { afterAll, beforeAll, expect, it } from 'vitest';
import { apiLogin, describeBrowser, hasBrowser, type PhonePage, phonePage } from './support/browser';
import { borrowerCall } from './support/loans';
import { e2eServer } from './support/server';
import { DEMO_PHONE } from '../src/server/db/seed/demo';
import { axeViolations, clippedText, horizontalOverflow } from './support/page-checks';
import { signInAt, staffAccount } from './support/staff-desk';

let desk: PhonePage;

beforeAll(async () => {
  if (!hasBrowser) return;
  desk = await phonePage({ width: 1366, height: 800 });
});
afterAll(async () => {
  await desk?.context.close();
});

describeBrowser('the collections desk', () => {
  it('a collections account narrows the queue to their worklist, sees the buckets, is refused an abusive note, sees that only the borrower gives consent, and logs an attempt', async () => {
    // A collector made before Cole takes the first loan dealt on a tie, so Cole never holds them all.
    await staffAccount('colin.collections@hiram.test', 'Colin Collections', 'collections');
    await signInAt(
      desk,
      await staffAccount('cole.collections@hiram.test', 'Cole Collections', 'collections'),
      '#collections',
    );
    const { page } = desk;
    // How many loans the list holds in all, read from its pager (no pager when nothing matches).
    const listTotal = async () => {
      await page.locator('.ant-table').waitFor();
      await page.waitForFunction(() => !document.querySelector('.ant-spin-spinning'));
      const pager = page.locator('.ant-pagination-total-text');
      return (await pager.count()) ? Number(/of (\d+)/.exec((await pager.textContent()) ?? '')?.[1]) : 0;
    };
    const collectorsShown = () => page.locator('tbody tr.ant-table-row td:nth-child(6)').allTextContents();
    // The desk opens on Cole's worklist: only loans dealt to him.
    const scope = page.getByRole('radiogroup', { name: 'Whose loans' });
    const mine = await listTotal();
    expect(new Set(await collectorsShown())).toEqual(new Set(mine ? ['Cole Collections'] : []));
    // All loans in collection, not only Cole's worklist: the bar's choice widens the list.
    const everyLoan = page.waitForResponse(
      (r) => r.url().includes('/admin/collections/queue') && !r.url().includes('mine='),
    );
    await scope.getByText('All loans in collection').click();
    await everyLoan;
    expect(await listTotal()).toBeGreaterThan(mine);
    // The demo's overdue loans are 9 days past due.
    const early = page.getByTestId('bucket-1-30');
    await early.waitFor();
    await page.waitForFunction(() =>
      /\((\d+)\)/.test(document.querySelector('[data-testid="bucket-1-30"]')?.textContent ?? ''),
    );
    expect(Number(/\((\d+)\)/.exec((await early.textContent()) ?? '')?.[1])).toBeGreaterThanOrEqual(1);
    await early.click();
    const row = page.locator('tbody tr.ant-table-row').first();
    await row.waitFor();
    const orderNo = (await row.locator('td').first().textContent())?.trim() ?? '';
    expect(orderNo).toMatch(/^HRM\d+$/);
    expect(await row.textContent()).toMatch(/09\d{9}/);
    const borrowerHref = await row.locator('td').nth(1).locator('a').getAttribute('href');
    await page.waitForFunction(() => !document.querySelector('.ant-spin-spinning'));
    const findings = {
      axe: await axeViolations(page),
      sideways: await horizontalOverflow(page),
      clipped: await clippedText(page),
      errors: desk.errors.splice(0),
    };
    expect(findings).toEqual({ axe: [], sideways: [], clipped: [], errors: [] });
    await desk.screenshot('admin-collections');

    await page.getByTestId(`contact-${orderNo}`).click();
    // The server checks the words of a note, whatever the hour.
    await page.getByTestId('attempt-note').fill('Magbayad ka na, tanga');
    await page.getByTestId('attempt-save').click();
    await page.getByText('Note: remove “tanga”').waitFor();
    // The refusal came from the server (42250 → HTTP 422), which the browser logs.
    expect(desk.errors.splice(0)).toEqual([expect.stringContaining('422')]);

    // No collector records consent: the desk says only the borrower gives it.
    expect(await page.getByTestId('consent-none').textContent()).toContain("a collector's note is never consent");
    // The borrower's own consent (their page's call) lets the attempt through at any hour.
    const phone = /09\d{9}/.exec((await row.textContent()) ?? '')?.[0] ?? '';
    // The global setup signs the demo borrower and the time-orders borrower in (a phone waits 60 s
    // between codes), and the first loan of the bucket may be either's: reuse those sessions.
    const { demoSession, timeOrders } = e2eServer();
    const session =
      phone === DEMO_PHONE ? demoSession : phone === timeOrders.phone ? timeOrders.session : await apiLogin(phone);
    const consent = await borrowerCall(session, 'POST', '/v3/contact-consent/give', { days: '7' });
    expect(consent.code, consent.message).toBe(0);
    await page.keyboard.press('Escape');
    await page.getByTestId(`contact-${orderNo}`).click();
    await page.getByTestId('consent-evidence').waitFor();
    await page.getByTestId('attempt-note').fill('Borrower promised to pay on Friday.');
    await page.getByTestId('attempt-save').click();
    await page.getByText(`Attempt on ${orderNo} logged`).waitFor();
    await page
      .getByTestId('attempt-history')
      .locator('li', { hasText: 'Borrower promised to pay on Friday.' })
      .waitFor();
    await desk.screenshot('admin-collections-contact');

    // The borrower's page, from any desk, lists the contact.
    await page.goto(desk.url(`/admin${borrowerHref}`));
    await page.getByText('Collection contacts').waitFor();
    await page
      .locator('.ant-card', { hasText: 'Collection contacts' })
      .getByText('Borrower promised to pay on Friday.')
      .waitFor();
    expect(desk.errors).toEqual([]);
  });
});
