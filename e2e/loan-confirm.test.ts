import { afterAll, beforeAll, expect, it } from 'vitest';
import { href } from '../src/shared/pages';
import { apiLogin, describeBrowser, hasBrowser, type PhonePage, phonePage } from './support/browser';

let p: PhonePage;
let session: { sessionId: string; userId: string };

beforeAll(async () => {
  if (!hasBrowser) return;
  // A new phone: the demo borrowers already hold open loans, and a borrower holds one at a time.
  session = await apiLogin('09175566001');
  p = await phonePage();
});
afterAll(async () => {
  await p?.context.close();
});

describeBrowser('spec 001 §2.10, §4 loan confirm', () => {
  it('Next is disabled when the agreement is unticked; Next submits and replaces the page with the order in review', async () => {
    const { page } = p;
    await page.goto(p.url(`${href('loanConfirm', { productId: 1, amount: 300_000 })}&${new URLSearchParams(session)}`));
    await page.getByTestId('confirm-amount').waitFor();
    expect(await page.getByTestId('confirm-amount').textContent()).toBe('₱3,000.00');
    expect(await page.getByText('Payment progress').count()).toBe(1);
    expect(await page.getByText('Effective interest rate').count()).toBe(1);
    await p.screenshot('loan-confirm');
    await page.getByTestId('confirm-agree').click();
    expect(await page.getByTestId('confirm-next').isDisabled()).toBe(true);
    await page.getByTestId('confirm-agree').click();
    await page.getByTestId('confirm-next').click();
    await page.waitForURL(/\/loanDetail\?productId=1&orderId=\d+/);
    await page.getByTestId('order-notice').waitFor();
    expect(await page.getByTestId('order-notice').textContent()).toBe('Under review');
    expect(await page.getByTestId('order-banner').getAttribute('data-status')).toBe('21');
  });
});

describeBrowser('spec 001 §2.4 loan terms and conditions', () => {
  it('shows the product’s own figures, the penalty tiers and the BSP ceilings', async () => {
    const { page } = p;
    await page.goto(p.url(href('loanTerms', { productId: 1 })));
    await page.getByTestId('loan-terms').waitFor();
    const penalties = await page.getByTestId('loan-terms-penalties').textContent();
    expect(penalties).toContain('₱1,000.00 for new clients and ₱800.00 for repeat clients');
    expect(penalties).toContain('Days 1 to 30: penalty interest of 5% a month');
    expect(penalties).toContain('Days 91 onward: penalty interest of 2% a month');
    expect(await page.getByTestId('loan-terms-bsp').textContent()).toContain('100% of the principal');
    await p.screenshot('loan-terms');
  });
});
