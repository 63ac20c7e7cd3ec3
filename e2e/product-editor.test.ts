import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeBrowser, hasBrowser, type PhonePage, phonePage } from './support/browser';
import { E2E_ADMIN } from './support/operator';
import { horizontalOverflow } from './support/page-checks';
import { signInAt, staffAccount, staffAuth, staffPost } from './support/staff-desk';

let maker: PhonePage;
let checker: PhonePage;
/** A product of this test's own, kept off, so changing its rate disturbs no other test. */
const NAME = 'Hiram Editor Test';
const TERMS = { minAmount: 300_000, maxAmount: 1_000_000, amountStep: 50_000, termDays: 91, periods: 1, dailyInterestBps: 15, serviceFeeBps: 300, extensionFeeBps: 200, extensionAllowed: true };

beforeAll(async () => {
  if (!hasBrowser) return;
  const admin = await staffAuth(E2E_ADMIN.email, E2E_ADMIN.password);
  const saved = await staffPost('/admin/products/save', { name: NAME, logo: '/img/products/hiram-cash.webp', enabled: '0', terms: JSON.stringify(TERMS) }, admin);
  if (saved.code !== 0) throw new Error(`could not make the product: ${saved.message}`);
  maker = await phonePage({ width: 1366, height: 800 });
  checker = await phonePage({ width: 1366, height: 800 });
});
afterAll(async () => {
  await maker?.context.close();
  await checker?.context.close();
});

describeBrowser('the product editor: a form checked by the engine, pricing approved by a second admin', () => {
  it('an admin raises the rate past the ceiling, sees why beside the field, fixes it and proposes; a second admin approves', async () => {
    await signInAt(maker, await staffAccount('pe.maker@hiram.test', 'Paula Maker', 'admin'), '#products');
    const { page } = maker;
    const row = page.getByTestId('product-list').locator('tr', { hasText: NAME });
    await row.getByText('0.15% a day').waitFor();
    expect(await horizontalOverflow(page)).toEqual([]);
    await row.getByRole('button', { name: 'Edit' }).click();

    const rate = page.getByLabel('Interest', { exact: true });
    await rate.fill('0.25');
    const check = page.getByTestId('check-dailyInterestBps');
    await check.getByText('must be at most 20 (lender limit)').waitFor();
    await check.getByText(/caps the nominal interest at 0\.20% a day/).waitFor();
    await maker.screenshot('admin-product-form-too-high');

    await rate.fill('0.18');
    await check.getByRole('alert').waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText(`${NAME} saved; the pricing change waits for a second admin`).waitFor();
    // Until a second admin approves, the product keeps its old rate.
    await row.getByText('0.15% a day').waitFor();
    const pending = page.getByTestId('pending-changes').locator('tr', { hasText: NAME });
    await pending.getByText('dailyInterestBps: 0.15% → 0.18%').waitFor();
    await pending.getByRole('button', { name: 'Approve' }).click();
    await page.getByText('A second admin must approve a change you proposed yourself').waitFor();
    await maker.screenshot('admin-product-pending');

    await signInAt(checker, await staffAccount('pe.checker@hiram.test', 'Cesar Checker', 'admin'), '#products');
    const second = checker.page;
    await second.getByTestId('pending-changes').locator('tr', { hasText: NAME }).getByRole('button', { name: 'Approve' }).click();
    const approved = second.getByTestId('product-list').locator('tr', { hasText: NAME });
    await approved.getByText('0.18% a day').waitFor();
    expect(await horizontalOverflow(second)).toEqual([]);

    await approved.getByRole('button', { name: 'History' }).click();
    const history = second.getByTestId('change-history');
    await history.getByText('Cesar Checker').first().waitFor();
    await history.getByText('Paula Maker').first().waitFor();
    expect(await history.textContent()).toContain('terms.dailyInterestBps 0.15% → 0.18%');
    await checker.screenshot('admin-product-history');
    expect(maker.errors.filter((e) => !/403/.test(e))).toEqual([]);
    expect(checker.errors).toEqual([]);
  });
});
