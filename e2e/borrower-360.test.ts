import { afterAll, beforeAll, expect, it } from 'vitest';
import { apiLoginApplied, describeBrowser, hasBrowser, type PhonePage, phonePage } from './support/browser';
import { horizontalOverflow } from './support/page-checks';
import { signInAt, staffAccount, staffAuth, staffPost, switchStaff } from './support/staff-desk';

/** A borrower no other browser test signs in with. */
const BORROWER = '09175565100';
const DESK = { width: 1366, height: 800 };
let desk: PhonePage;
let orderNo = '';

beforeAll(async () => {
  if (!hasBrowser) return;
  const session = await apiLoginApplied(BORROWER);
  const pushed = await staffPost(
    '/v3/loan-confirm/push',
    { productId: '1', amount: '300000', periods: '1', termUnit: '1' },
    { authorization: `Session ${session.sessionId}` },
  );
  if (pushed.code !== 0) throw new Error(`could not apply: ${pushed.message}`);
  const credit = await staffAccount('cara.credit@hiram.test', 'Cara Credit', 'credit');
  const approved = await staffPost(
    '/admin/loans/approve',
    { orderId: String(pushed.data.orderId) },
    await staffAuth(credit.email, credit.password),
  );
  if (approved.code !== 0) throw new Error(`could not approve: ${approved.message}`);
  desk = await phonePage(DESK);
});
afterAll(async () => {
  await desk?.context.close();
});

describeBrowser('the borrower view at the desk', () => {
  it('a support agent finds a borrower by contract number from the header and sees their orders and payments', async () => {
    const support = await staffAccount('sam.support@hiram.test', 'Sam Support', 'support');
    await signInAt(desk, support);
    const { page } = desk;
    await page.getByTestId('borrower-search').getByRole('searchbox').fill('HRM00000086');
    await page.getByTestId('borrower-search').getByRole('searchbox').press('Enter');
    await page.getByTestId('borrower-name').waitFor();
    expect(await page.getByTestId('borrower-name').textContent()).toBe('Juan Dela Cruz');
    const order = page.getByTestId('order-HRM00000086');
    await order.waitFor();
    expect(await order.locator('caption', { hasText: 'Payments' }).count()).toBe(1);
    // Support reads the last four digits of the payout account, never the full number.
    expect(await page.getByText('•••• 0001').first().isVisible()).toBe(true);
    expect(await page.getByText('09170000001').count()).toBe(0);
    expect(await horizontalOverflow(page)).toEqual([]);
    await desk.screenshot('admin-borrower-360');

    // The same box finds a borrower by mobile; several hits would list them, one opens the page.
    await page.getByTestId('borrower-search').getByRole('searchbox').fill(BORROWER);
    await page.getByTestId('borrower-search').getByRole('searchbox').press('Enter');
    await page.waitForURL(/#borrower\/\d+$/);
    const contract = page.locator('[data-testid^="order-HRM"]').first();
    await contract.waitFor();
    orderNo = ((await contract.getAttribute('data-testid')) ?? '').replace('order-', '');
    expect(await page.getByTestId(`order-status-${orderNo}`).textContent()).toBe('Approved, disbursing');
    await page.getByText(`Cara Credit approved ${orderNo}`).waitFor();
    // The application's answers and identity pictures are for credit staff.
    expect(await page.getByTestId('borrower-application').count()).toBe(0);
    expect(desk.errors).toEqual([]);
  });

  it('an admin reads the audit log as sentences and finds an approval by contract number', async () => {
    const admin = await staffAccount('ada.admin@hiram.test', 'Ada Admin', 'admin');
    await switchStaff(desk, admin, '#audit');
    const { page } = desk;
    await page.getByTestId('audit-order').getByRole('searchbox').fill(orderNo);
    await page.getByTestId('audit-order').getByRole('searchbox').press('Enter');
    await page.getByRole('cell', { name: `Cara Credit approved ${orderNo}` }).waitFor();
    await page.getByTestId('audit-changes').getByText('Under review → Approved, disbursing').waitFor();
    expect(await horizontalOverflow(page)).toEqual([]);
    await desk.screenshot('admin-audit-sentences');
    expect(desk.errors).toEqual([]);
  });

  it('credit staff see the application: every answer, the ID photo and the selfie', async () => {
    const credit = await staffAccount('cara.credit@hiram.test', 'Cara Credit', 'credit');
    await switchStaff(desk, credit);
    const { page } = desk;
    await page.getByTestId('borrower-search').getByRole('searchbox').fill(BORROWER);
    await page.getByTestId('borrower-search').getByRole('searchbox').press('Enter');
    const card = page.getByTestId('borrower-application');
    await card.waitFor();
    expect(await page.getByTestId('borrower-name').textContent()).toBe('Carmela Dizon');
    for (const text of [
      'Carmela Dizon',
      '1992-03-08',
      'Quezon City',
      'Employed',
      '₱25,000.00',
      'Ramon Dizon',
      'PhilSys National ID',
    ]) {
      expect(await card.textContent()).toContain(text);
    }
    await card.getByRole('img', { name: 'Photo of your ID' }).waitFor();
    await card.getByRole('img', { name: 'Selfie' }).waitFor();
    await expect
      .poll(() => card.getByRole('img', { name: 'Selfie' }).evaluate((img: HTMLImageElement) => img.naturalWidth))
      .toBeGreaterThan(0);
    await card.scrollIntoViewIfNeeded();
    await desk.screenshot('admin-borrower-application');
    expect(desk.errors).toEqual([]);
  });

  it('after another staff member signs in, an old anchor lands on the first desk their roles open, with no refusal', async () => {
    const support = await staffAccount('sam.support@hiram.test', 'Sam Support', 'support');
    // The address still ends in #audit from the admin's session.
    await switchStaff(desk, support, '#audit');
    const { page } = desk;
    await page.getByRole('heading', { name: 'Complaints', level: 2 }).waitFor();
    expect(new URL(page.url()).hash).toBe('#complaints');
    expect(desk.errors).toEqual([]);
  });
});
