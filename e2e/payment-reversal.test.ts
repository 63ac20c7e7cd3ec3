import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeBrowser, hasBrowser, type PhonePage, phonePage } from './support/browser';
import { disbursedLoan } from './support/loans';
import { horizontalOverflow } from './support/page-checks';
import { financeMakerChecker } from './support/payouts';
import { signInAt, staffPost } from './support/staff-desk';

let maker: PhonePage;
let checker: PhonePage;

beforeAll(async () => {
  if (!hasBrowser) return;
  maker = await phonePage({ width: 1366, height: 800 });
  checker = await phonePage({ width: 1366, height: 800 });
});
afterAll(async () => {
  await maker?.context.close();
  await checker?.context.close();
});

describeBrowser('a payment reversed at the desk takes two finance users', () => {
  it('one asks with a reason (nothing changes), the other approves it in Payments, and the payment reads reversed', async () => {
    const { orderId } = await disbursedLoan('09175550417');
    const contract = `HRM${String(orderId).padStart(8, '0')}`;
    const finance = await financeMakerChecker();
    // A payment received outside the providers, entered and approved by the two of them.
    const entered = await staffPost(
      '/admin/loans/manual-payment',
      { orderNo: contract, reference: 'E2E-REV-1', amount: '150000' },
      finance.makerAuth,
    );
    expect(entered.code, entered.message).toBe(0);
    const requestId = String((entered.data as { posting: { id: number } }).posting.id);
    expect((await staffPost('/admin/loans/manual-payment/approve', { requestId }, finance.checkerAuth)).code).toBe(0);

    await signInAt(maker, finance.maker, '#payments');
    await maker.page.getByLabel('Find the payments of a contract').fill(contract);
    await maker.page.getByLabel('Find the payments of a contract').press('Enter');
    const row = maker.page.locator('tr', { hasText: 'E2E-REV-1' });
    await row.getByRole('button', { name: 'Reverse' }).click();
    await maker.page.getByRole('textbox', { name: 'Reason for the reversal' }).fill('Cheque bounced');
    await maker.page.getByRole('button', { name: 'Reverse', exact: true }).last().click();
    await maker.page.getByText('Asked; a second finance user must approve the reversal').waitFor();
    // Still posted: one person alone moves no money.
    await row.getByRole('button', { name: 'Reverse' }).waitFor();
    // The one who asked sees it waiting for someone else, with no Approve button to be refused by.
    const waiting = maker.page.locator('tr', { hasText: 'Cheque bounced' });
    await waiting.getByText('Waiting for a second person').waitFor();
    // The card fits 1366 px: nothing of the waiting reversal is hidden past its right edge.
    const card = maker.page.locator('.ant-card', { hasText: 'Reversals waiting' }).locator('.ant-table-content');
    expect(await card.evaluate((el) => el.scrollWidth <= el.clientWidth + 1)).toBe(true);
    expect(await waiting.getByRole('button', { name: 'Approve' }).count()).toBe(0);
    await maker.screenshot('admin-reversal-waiting');

    await signInAt(checker, finance.checker, '#payments');
    const asked = checker.page.locator('tr', { hasText: 'Cheque bounced' });
    await asked.getByRole('button', { name: 'Approve' }).click();
    await checker.page.getByText('Approved').first().waitFor();
    await checker.page.getByLabel('Find the payments of a contract').fill(contract);
    await checker.page.getByLabel('Find the payments of a contract').press('Enter');
    await checker.page.locator('tr', { hasText: 'E2E-REV-1' }).getByText('reversed').waitFor();
    expect(await horizontalOverflow(checker.page)).toEqual([]);
    await checker.screenshot('admin-reversal-approved');
    expect(maker.errors.filter((e) => !/403/.test(e))).toEqual([]);
    expect(checker.errors).toEqual([]);
  });
});
