import { afterAll, beforeAll, expect, it } from 'vitest';
import { href } from '../src/shared/pages';
import { apiLoginApplied, describeBrowser, hasBrowser, type PhonePage, phonePage } from './support/browser';
import { E2E_ADMIN } from './support/operator';
import { bindWallet, disburseThroughPayout } from './support/payouts';
import { staffAccount, staffAuth, staffPost } from './support/staff-desk';
import { e2eServer } from './support/server';

const staffGet = (path: string, headers: Record<string, string>) =>
  fetch(`${e2eServer().baseUrl}/owner${path}`, { headers }).then(
    (r) => r.json() as Promise<{ code: number; data: Record<string, unknown> }>,
  );

/** A borrower no other browser test signs in with. */
const BORROWER = '09175566100';
/** A product of this test's own, so changing its terms disturbs no other test. */
const TERMS = {
  minAmount: 300_000,
  maxAmount: 1_000_000,
  amountStep: 50_000,
  termDays: 91,
  periods: 1,
  dailyInterestBps: 15,
  serviceFeeBps: 300,
  extensionFeeBps: 200,
  extensionAllowed: true,
};
let p: PhonePage;
let session: { sessionId: string; userId: string };
let admin: Record<string, string>;
let secondAdmin: Record<string, string>;
let productId = 0;

/** Saves the test's product; a pricing change (or turning it on) is approved by a second admin. */
const saveProduct = async (terms: Record<string, unknown>) => {
  const saved = await staffPost(
    '/admin/products/save',
    {
      ...(productId ? { id: String(productId) } : {}),
      name: 'Hiram Terms Test',
      logo: '/img/products/hiram-cash.webp',
      enabled: '1',
      terms: JSON.stringify(terms),
    },
    admin,
  );
  const changeId = saved.code === 0 ? (saved.data.pendingChangeId as number | undefined) : undefined;
  if (changeId === undefined) return saved;
  return staffPost('/admin/products/changes/approve', { changeId: String(changeId) }, secondAdmin);
};

beforeAll(async () => {
  if (!hasBrowser) return;
  admin = await staffAuth(E2E_ADMIN.email, E2E_ADMIN.password);
  const second = await staffAccount('terms.checker@hiram.test', 'Terms Checker', 'admin');
  secondAdmin = await staffAuth(second.email, second.password);
  const saved = await saveProduct(TERMS);
  if (saved.code !== 0) throw new Error(`could not make the product: ${saved.message}`);
  productId = (saved.data.id ?? (saved.data.product as { id: number }).id) as number;
  session = await apiLoginApplied(BORROWER);
  p = await phonePage();
});
afterAll(async () => {
  await saveProduct({ ...TERMS }).catch(() => undefined);
  await p?.context.close();
});

describeBrowser('the accepted quote is the contract', () => {
  it('a double tap on Next makes one order; terms changed before disbursal are accepted on the order page, and the loan is exactly those', async () => {
    const { page } = p;
    await page.goto(p.url(`${href('loanConfirm', { productId, amount: 1_000_000 })}&${new URLSearchParams(session)}`));
    await page.getByTestId('confirm-amount').waitFor();
    expect(await page.getByTestId('confirm-summary').textContent()).toContain('₱9,700.00');
    await page.getByTestId('confirm-agree').check();
    // Two taps as fast as a thumb: one application, whatever number of pushes reached the server.
    await page.getByTestId('confirm-next').dblclick();
    await page.waitForURL(/\/loanDetail\?productId=\d+&orderId=\d+/);
    const orderId = Number(new URL(page.url()).searchParams.get('orderId'));
    const suri = await staffAccount('suri.support@hiram.test', 'Suri Support', 'support');
    const support = await staffAuth(suri.email, suri.password);
    const found = await staffGet(`/admin/borrowers/search?q=${BORROWER}`, support);
    const borrowerId = (found.data.list as { borrowerId: number }[])[0]?.borrowerId;
    const view = await staffGet(`/admin/borrowers/view?borrowerId=${borrowerId}`, support);
    expect((view.data.orders as { orderId: number }[]).map((o) => o.orderId)).toEqual([orderId]);

    const credit = await staffAccount('cleo.credit@hiram.test', 'Cleo Credit', 'credit');
    expect(
      (
        await staffPost(
          '/admin/loans/approve',
          { orderId: String(orderId) },
          await staffAuth(credit.email, credit.password),
        )
      ).code,
    ).toBe(0);
    // An operator raises the fee to 5% and the rate to 0.20% a day after the borrower applied.
    expect((await saveProduct({ ...TERMS, serviceFeeBps: 500, dailyInterestBps: 20 })).code).toBe(0);
    // Finance cannot even ask for the payout of terms the borrower has not accepted.
    expect((await disburseThroughPayout(orderId)).code).toBe(40901);

    await page.goto(p.url(href('loanDetail', { productId, orderId })));
    await page.getByTestId('order-terms-changed').waitFor();
    // The payout account was bound before applying: the approved order shows the withdraw reminder
    // (spec 001 §2.1) instead of asking for an account.
    await page.getByTestId('withdraw-reminder').getByRole('button', { name: 'Got it' }).click();
    await p.screenshot('order-terms-changed');
    await page.getByTestId('order-review-terms').click();
    await page.getByTestId('disclosure-review').waitFor();
    const fresh = await page.getByTestId('disclosure-review').textContent();
    expect(fresh).toContain('₱500.00');
    expect(fresh).toContain('₱9,500.00');
    expect(fresh).toContain('₱1,820.00');
    await p.screenshot('loan-disclosure-review');
    await page.getByTestId('accept-terms').click();
    await page.waitForURL(/\/loanDetail\?/);

    await bindWallet(session, '09175566100', 'Terms Tester');
    expect(await disburseThroughPayout(orderId)).toMatchObject({ code: 0, data: { payout: { status: 'succeeded' } } });
    await page.goto(p.url(href('loanDisclosure', { orderId })));
    await page.getByTestId('disclosure-accepted').first().waitFor();
    expect(await page.getByTestId('disclosure-review').count()).toBe(0);
    const accepted = await page.getByTestId('disclosure-accepted').allTextContents();
    expect(accepted).toHaveLength(2);
    expect(accepted[0]).toContain('your contract');
    expect(accepted[0]).toContain('₱9,500.00');
    expect(accepted[1]).toContain('₱9,700.00');
    await p.screenshot('loan-disclosure-accepted');
    // The running loan is the accepted one: ₱10,000 + ₱1,820 interest to repay.
    await page.goto(p.url(href('loanDetail', { productId, orderId })));
    await page.getByTestId('order-detail').waitFor();
    expect(await page.getByTestId('order-detail').textContent()).toContain('₱11,820.00');
  });
});
