import { afterAll, beforeAll, expect, it } from 'vitest';
import { href } from '../src/shared/pages';
import { apiLoginApplied, describeBrowser, hasBrowser, type PhonePage, phonePage } from './support/browser';

/** A borrower no other browser test signs in with (the SMS resend wait is per phone). */
const PHONE = '09175563700';
let p: PhonePage;
let session: { sessionId: string; userId: string };

beforeAll(async () => {
  if (!hasBrowser) return;
  session = await apiLoginApplied(PHONE);
  p = await phonePage();
});
afterAll(async () => {
  await p?.context.close();
});

describeBrowser('spec 001 §7 contract jump: the agreements are documents', () => {
  it('the confirm page links each agreement; the loan agreement shows the same total as the confirm page', async () => {
    const { page } = p;
    await page.goto(p.url(`${href('loanConfirm', { productId: 1, amount: 300_000 })}&${new URLSearchParams(session)}`));
    await page.getByTestId('confirm-amount').waitFor();
    const total = await page
      .locator('div', { has: page.getByText('Total to repay', { exact: true }) })
      .last()
      .locator('dd')
      .textContent();
    expect(await page.getByTestId('agreement-link').count()).toBe(3);
    await page.getByTestId('agreement-link').first().click();
    await page.waitForURL(/\/loanAgreement\?productId=1&position=1&amount=300000/);
    const doc = page.getByTestId('agreement');
    await doc.waitFor();
    expect(await doc.textContent()).toContain('Hiram Lending Corporation');
    expect(await doc.textContent()).toContain(`Total to repay${total}`);
    await p.screenshot('loan-agreement');
    expect(p.errors).toEqual([]);
  });
});

describeBrowser('spec 001 §2.11 joint login failure', () => {
  it('shows the notice, the reason and the products; tags on the first two only; a tap opens its confirm page', async () => {
    const { page } = p;
    await page.goto(p.url(`${href('jointLoginFailure', { productId: 1 })}&${new URLSearchParams(session)}`));
    await page.getByTestId('failure-notice').waitFor();
    const products = page.getByTestId('recommended-product');
    expect(await products.count()).toBeGreaterThan(0);
    const count = await products.count();
    expect(await page.getByTestId('product-tags').count()).toBe(Math.min(2, count));
    await p.screenshot('joint-login-failure');
    await products.first().click();
    await page.waitForURL(/\/confirmLoan\?productId=\d+/);
    await page.getByTestId('confirm-amount').waitFor();
    expect(p.errors).toEqual([]);
  });
});

describeBrowser('spec 001 §2.10, §4 loan confirm, variant 2', () => {
  it('shows the agreement frame first, then the product’s promotion; its button text and repayment date; back asks to stay', async () => {
    const { page } = p;
    await page.goto(
      p.url(`${href('loanConfirmNew', { productId: 2, amount: 1_000_000 })}&${new URLSearchParams(session)}`),
    );
    // antd-mobile keeps a hidden, empty copy of the modal in a portal beside the one shown.
    const frame = page.getByTestId('agreement-frame').filter({ visible: true });
    await frame.waitFor();
    expect(await frame.getAttribute('src')).toBe('/loanAgreement?productId=2&position=1');
    // The borrower reads the agreement before agreeing: until the frame's page has drawn, the
    // dialog can still change height under the pointer (a tap then misses Agree).
    await frame.contentFrame().getByTestId('agreement').waitFor();
    // A plain document in the dialog: no page header, back button or menu of its own.
    expect(await frame.contentFrame().locator('header').count()).toBe(0);
    expect(await frame.contentFrame().getByRole('button', { name: 'Back' }).count()).toBe(0);
    await p.screenshot('confirm-v2-agreement');
    await page.getByRole('button', { name: 'Agree' }).click();
    const promo = page.getByTestId('promo-popup');
    await promo.waitFor();
    expect(await promo.textContent()).toContain('next Hiram Plus limit');
    await page.getByRole('button', { name: 'Close' }).click();
    await promo.waitFor({ state: 'hidden' });
    expect(await page.getByTestId('confirm-next').textContent()).toBe('Get my Hiram Plus loan');
    expect(await page.getByTestId('confirm-repayment-date').textContent()).toMatch(/\d{4}/);

    await page.getByRole('button', { name: 'Back' }).click();
    await page.getByTestId('retention-popup').waitFor();
    expect(await page.getByText('Leave without your loan?').count()).toBe(1);
    await p.screenshot('confirm-v2-retention');
    await page.getByRole('button', { name: 'Agree' }).click();
    await page.getByTestId('retention-popup').waitFor({ state: 'hidden' });
    expect(page.url()).toContain('/confirmLoanNew');
    expect(p.errors).toEqual([]);
  });

  it('variant 1 of the same product shows neither the repayment date row nor the promotion', async () => {
    const { page } = p;
    await page.goto(
      p.url(`${href('loanConfirm', { productId: 2, amount: 1_000_000 })}&${new URLSearchParams(session)}`),
    );
    await page.getByTestId('confirm-amount').waitFor();
    await page.getByRole('button', { name: 'Agree' }).click();
    expect(await page.getByTestId('confirm-repayment-date').count()).toBe(0);
    expect(await page.getByTestId('promo-popup').count()).toBe(0);
    expect(await page.getByTestId('confirm-next').textContent()).toBe('Apply for ₱10,000.00');
  });
});
