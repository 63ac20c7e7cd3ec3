import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeBrowser, hasBrowser, type PhonePage, phonePage } from './support/browser';
import { disbursedLoanWithContract } from './support/loans';
import { axeViolations, clippedText, horizontalOverflow } from './support/page-checks';
import { signInAt, staffAccount, staffAuth, staffPost } from './support/staff-desk';

/** A borrower no other browser test signs in with. */
const PHONE = '09175591001';

let desk: PhonePage;
/** A running loan of this test's own borrower: the money the provider took is entered for it. */
let contract = '';

beforeAll(async () => {
  if (!hasBrowser) return;
  contract = (await disbursedLoanWithContract(PHONE)).orderNo;
  desk = await phonePage({ width: 1366, height: 800 });
});
afterAll(async () => {
  await desk?.context.close();
});

describeBrowser('reconciliation at the desk: a payment the provider took but we never posted', () => {
  it('finance runs the day, sees the paid-not-posted finding and resolves it by entering the money for a second finance user', async () => {
    const account = await staffAccount('rc.finance@hiram.test', 'Rosa Reconciler', 'finance');
    const auth = await staffAuth(account.email, account.password);
    // The sandbox took ₱1,234.50 under a reference whose callback never reached us.
    const reference = `E2E-RCN-${Date.now()}`;
    const recorded = await staffPost(
      '/admin/reconciliation/sandbox/transaction',
      { reference, direction: 'in', amount: '123450', status: 'succeeded' },
      auth,
    );
    expect(recorded.code, recorded.message).toBe(0);

    await signInAt(desk, account, '#reconciliation');
    const { page } = desk;
    await page.getByRole('button', { name: 'Run now' }).click();
    await page.getByTestId('rc-summary').waitFor();
    const row = page.locator('tr', { hasText: reference });
    await row.getByText('Paid, not posted').waitFor();
    expect(await row.textContent()).toContain('₱1,234.50');
    await desk.networkQuiet();
    // Usable by everyone at a desk, as the back-office sweep checks every section.
    expect({
      axe: await axeViolations(page),
      sideways: await horizontalOverflow(page),
      clipped: await clippedText(page),
    }).toEqual({ axe: [], sideways: [], clipped: [] });
    await desk.screenshot('admin-reconciliation-open');

    await row.getByRole('button', { name: 'Post' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Contract the money belongs to').fill(contract);
    await dialog.getByLabel('Resolution note').fill('GCash shows it paid; the borrower used a wrong reference');
    await dialog.getByRole('button', { name: 'Post' }).click();
    await row.getByText('resolved').waitFor();
    await dialog.waitFor({ state: 'hidden' });
    expect(await row.textContent()).toContain('entered by');
    await expect.poll(() => row.getByRole('button', { name: 'Post' }).count()).toBe(0);
    expect({
      axe: await axeViolations(page),
      sideways: await horizontalOverflow(page),
      clipped: await clippedText(page),
    }).toEqual({ axe: [], sideways: [], clipped: [] });
    await desk.screenshot('admin-reconciliation-resolved');

    // Entered, not posted: it waits for a second finance user in Payments.
    const pending = await fetch(`${desk.url('/owner/admin/loans/manual-payments')}?status=pending`, {
      headers: auth,
    }).then((r) => r.text());
    expect(pending).toContain(reference);
    expect(desk.errors).toEqual([]);
  });
});
