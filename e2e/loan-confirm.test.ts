import { afterAll, beforeAll, expect, it } from 'vitest';
import { href } from '../src/shared/pages';
import { apiLoginApplied, describeBrowser, hasBrowser, type PhonePage, phonePage } from './support/browser';
import { smallTargets } from './support/page-checks';

let p: PhonePage;
let session: { sessionId: string; userId: string };

beforeAll(async () => {
  if (!hasBrowser) return;
  // A new phone: the demo borrowers already hold open loans, and a borrower holds one at a time.
  session = await apiLoginApplied('09175566001');
  p = await phonePage();
});
afterAll(async () => {
  await p?.context.close();
});

describeBrowser('spec 001 §2.10, §4 loan confirm', () => {
  it('the agreement starts unticked (consent is an act), Next is disabled until it is ticked; Next submits and replaces the page with the order in review', async () => {
    const { page } = p;
    await page.goto(p.url(`${href('loanConfirm', { productId: 1, amount: 300_000 })}&${new URLSearchParams(session)}`));
    await page.getByTestId('confirm-amount').waitFor();
    expect(await page.getByTestId('confirm-amount').textContent()).toBe('₱3,000.00');
    expect(await page.getByText('Payment progress').count()).toBe(1);
    // The amount chosen is named once, not again among the server's rows.
    expect(await page.getByTestId('confirm-summary').getByText('Loan amount', { exact: true }).count()).toBe(1);
    expect(await page.getByText('Effective interest rate').count()).toBe(1);
    await p.screenshot('loan-confirm');
    expect(await page.getByTestId('confirm-agree').isChecked()).toBe(false);
    expect(await page.getByTestId('confirm-next').isDisabled()).toBe(true);
    await page.getByTestId('confirm-agree').check();
    await page.getByTestId('confirm-agree').uncheck();
    expect(await page.getByTestId('confirm-next').isDisabled()).toBe(true);
    await page.getByTestId('confirm-agree').check();
    await page.getByTestId('confirm-next').click();
    await page.waitForURL(/\/loanDetail\?productId=1&orderId=\d+/);
    await page.getByTestId('order-notice').waitFor();
    expect(await page.getByTestId('order-notice').textContent()).toBe('Under review');
    expect(await page.getByTestId('order-banner').getAttribute('data-status')).toBe('21');
  });
});

describeBrowser('apply from the web: home → amount within the borrower’s limit → live quote → apply', () => {
  it('a new borrower taps Hiram Plus at ₱20,000 (their first-loan limit), borrows less with −, sees the quote follow, and applies', async () => {
    const fresh = await apiLoginApplied('09175566002');
    // A browser of their own: a link carrying another account's session would ask before switching.
    const q = await phonePage();
    const { page } = q;
    await page.goto(q.url(`${href('home')}?${new URLSearchParams({ ...fresh })}`));
    await page.getByTestId('apply-2').waitFor();
    expect(await page.getByTestId('apply-2').textContent()).toContain('Your limit: ₱20,000.00');
    await page.getByTestId('apply-2').click();
    await page.waitForURL(/\/confirmLoan\?productId=2/);
    // Hiram Plus opens its loan agreement first (spec 001 §2.10 popAgreementUrl); then the amount.
    await page.getByRole('button', { name: 'Agree' }).click();
    await page.getByTestId('amount-chooser').waitFor();
    expect(await page.getByTestId('confirm-amount').textContent()).toBe('₱20,000.00');
    expect(await page.getByTestId('amount-more').isDisabled()).toBe(true);
    await page.getByTestId('amount-less').click();
    await page.getByTestId('amount-less').click();
    await expect.poll(() => page.getByTestId('confirm-amount').textContent()).toBe('₱18,000.00');
    // The quote is the server's for the new amount: fee 2.5% = ₱450.00, received ₱17,550.00.
    await expect.poll(() => page.getByTestId('confirm-summary').textContent()).toContain('₱17,550.00');
    await q.screenshot('apply-amount');
    expect(await page.getByTestId('confirm-next').textContent()).toBe('Apply for ₱18,000.00');
    await page.getByTestId('confirm-agree').check();
    await page.getByTestId('confirm-next').click();
    await page.waitForURL(/\/loanDetail\?productId=2&orderId=\d+/);
    await page.getByTestId('order-notice').waitFor();
    expect(await page.getByTestId('order-detail').textContent()).toContain('₱18,000.00');
    await q.context.close();
  });
});

describeBrowser(
  'consent is an act: the choice survives reading a document and a reload; the box never arrives ticked',
  () => {
    it('₱5,000 and 180 days chosen, the loan agreement read and closed, then a reload: still ₱5,000 and 180 days, the box unticked each time', async () => {
      const fresh = await apiLoginApplied('09176420311');
      const q = await phonePage();
      const { page } = q;
      await page.goto(q.url(`${href('loanConfirm', { productId: 3 })}&${new URLSearchParams({ ...fresh })}`));
      await page.getByTestId('amount-chooser').waitFor();
      expect(await page.getByTestId('confirm-agree').isChecked()).toBe(false);
      // From the limit down to ₱5,000 by the slider's smallest amount, and the second term.
      const slider = page.getByTestId('amount-slider');
      await slider.fill(await slider.getAttribute('min').then((v) => v ?? ''));
      await expect.poll(() => page.getByTestId('confirm-next').textContent()).toBe('Apply for ₱5,000.00');
      await page.getByRole('radio', { name: '180 days' }).check();
      await page.getByTestId('confirm-agree').check();
      const agreement = page.getByTestId('agreement-link').first();
      await agreement.click();
      await page.waitForURL(/\/loanAgreement\?/);
      await page.getByRole('button', { name: 'Back' }).first().click();
      await page.waitForURL(/\/confirmLoan\?/);
      await expect.poll(() => page.getByTestId('confirm-next').textContent()).toBe('Apply for ₱5,000.00');
      expect(await page.getByRole('radio', { name: '180 days' }).isChecked()).toBe(true);
      expect(await page.getByTestId('confirm-agree').isChecked()).toBe(false);
      await page.reload();
      await page.getByTestId('amount-chooser').waitFor();
      await expect.poll(() => page.getByTestId('confirm-next').textContent()).toBe('Apply for ₱5,000.00');
      expect(await page.getByRole('radio', { name: '180 days' }).isChecked()).toBe(true);
      expect(await page.getByTestId('confirm-agree').isChecked()).toBe(false);
      await q.screenshot('confirm-after-reading-and-reload');
      expect(q.errors).toEqual([]);
      await q.context.close();
    });
  },
);

describeBrowser('spec 001 §2.10 the term, where the product offers several', () => {
  it('a new borrower chooses Hiram Flex’s second term, 180 days: the quote, the plan and the order follow it', async () => {
    const fresh = await apiLoginApplied('09176420309');
    const q = await phonePage();
    const { page } = q;
    await page.goto(
      q.url(`${href('loanConfirm', { productId: 3, amount: 1_000_000 })}&${new URLSearchParams({ ...fresh })}`),
    );
    const chooser = page.getByRole('group', { name: 'Term' });
    const term = page
      .getByTestId('confirm-summary')
      .locator('dt', { hasText: /^Term$/ })
      .locator('xpath=following-sibling::dd');
    await chooser.waitFor();
    expect(await chooser.getByRole('radio', { name: '120 days' }).isChecked()).toBe(true);
    expect(await term.textContent()).toBe('120 days');
    await chooser.getByRole('radio', { name: '180 days' }).check();
    await expect.poll(() => term.textContent()).toBe('180 days');
    expect(await chooser.getByRole('radio', { name: '180 days' }).isChecked()).toBe(true);
    // Four payments 45 days apart, the last on the 180th day.
    // Human dates ("12 Jan 2027"), read back as calendar days.
    const dates = (await page.getByTestId('confirm-plan').locator('dd').allTextContents())
      .filter((d) => /^\d{1,2} [A-Z][a-z]{2} \d{4}$/.test(d))
      .map((d) => new Date(`${d} 12:00 UTC`).toISOString().slice(0, 10));
    expect(dates).toHaveLength(4);
    const days = (from: string, to: string) => (Date.parse(to) - Date.parse(from)) / 86_400_000;
    expect(days(dates[0]!, dates[3]!)).toBe(135);
    await q.screenshot('confirm-term-180');
    expect(await smallTargets(page)).toEqual([]);
    await page.getByTestId('confirm-agree').check();
    await page.getByTestId('confirm-next').click();
    await page.waitForURL(/\/loanDetail\?productId=3&orderId=\d+/);
    await page.getByTestId('order-detail').waitFor();
    expect(await page.getByTestId('order-detail').textContent()).toContain('180 days');
    expect(q.errors).toEqual([]);
    await q.context.close();
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
    // Each section of the agreement is stated, not only named.
    const other = page.getByTestId('loan-terms-other').locator('li');
    expect((await other.allTextContents()).map((text) => /^[^:]+/.exec(text)?.[0])).toEqual([
      'What you tell us',
      'Default',
      'Indemnity',
      'Your data',
      'Set-off',
      'Review',
      'Notices',
      'Governing law',
    ]);
    await p.screenshot('loan-terms');
  });
});
