import { afterAll, beforeAll, expect, it } from 'vitest';
import { apiLoginApplied, describeBrowser, hasBrowser, type PhonePage, phonePage } from './support/browser';
import { axeViolations, horizontalOverflow } from './support/page-checks';
import { bindWallet } from './support/payouts';
import { openedDialog, signInAt, staffAccount, staffPost } from './support/staff-desk';

/** Borrowers no other browser test signs in with: the second binds the first one's mobile as its GCash. */
const FIRST = '09175567400';
const SECOND = '09175567401';
let desk: PhonePage;

const apply = async (sessionId: string) => {
  const pushed = await staffPost(
    '/v3/loan-confirm/push',
    { productId: '1', amount: '300000', periods: '1', termUnit: '1' },
    { authorization: `Session ${sessionId}` },
  );
  if (pushed.code !== 0) throw new Error(`could not apply: ${pushed.message}`);
  return pushed.data.orderId as number;
};

beforeAll(async () => {
  if (!hasBrowser) return;
  const first = await apiLoginApplied(FIRST);
  await apply(first.sessionId);
  const second = await apiLoginApplied(SECOND);
  await bindWallet(second, FIRST, 'Second Borrower');
  await apply(second.sessionId);
  desk = await phonePage({ width: 1366, height: 800 });
});
afterAll(async () => {
  await desk?.context.close();
});

describeBrowser('the credit desk', () => {
  it('credit sees the duplicate signal of a second application, reviews it, and approves it only with a reason', async () => {
    await signInAt(desk, await staffAccount('cruz.credit@hiram.test', 'Cruz Credit', 'credit'), '#applications');
    const { page } = desk;
    const row = page.locator('tr', { hasText: SECOND }).first();
    await row.getByText('2 signals', { exact: true }).waitFor();
    expect(await page.locator('tr', { hasText: FIRST }).first().getByText('2 signals', { exact: true }).count()).toBe(
      1,
    );
    expect(await horizontalOverflow(page)).toEqual([]);
    await desk.screenshot('admin-applications-signals');

    await row.getByRole('button', { name: 'Review' }).click();
    const review = page.getByTestId('application-review');
    await review.getByText(`Same payout account: ${FIRST}`).waitFor();
    await review.getByText(`Mobile shared as an e-wallet: ${FIRST}`).waitFor();
    expect(await review.getByTestId('signal-payoutAccount').textContent()).toContain(FIRST);
    await review.getByText('None: a first loan').waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await desk.screenshot('admin-application-review');
    await page.keyboard.press('Escape');
    await review.waitFor({ state: 'hidden' });

    await row.getByRole('button', { name: 'Approve' }).click();
    const dialog = await openedDialog(page);
    await dialog.getByRole('button', { name: 'Approve' }).click();
    await page.getByText('This borrower shares details with other borrowers: choose why you approve it').waitFor();
    await dialog.getByTestId('decision-reason').click();
    await page.getByTitle('Duplicate signal checked and explained.').click();
    await dialog.locator('#decision-words').fill('Siblings sharing one GCash; confirmed by phone.');
    await dialog.getByRole('button', { name: 'Approve' }).click();
    await page.getByText(/HRM\d{8} approved$/).waitFor();
    await row.waitFor({ state: 'detached' });
    expect(desk.errors.filter((e) => !e.includes('400'))).toEqual([]);
  });
});
