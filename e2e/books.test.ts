import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeBrowser, hasBrowser, type PhonePage, phonePage } from './support/browser';
import { horizontalOverflow } from './support/page-checks';
import { e2eServer } from './support/server';
import { signInAt, staffAccount } from './support/staff-desk';

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

/** An overdue loan of its own (only an overdue loan can be written off): e2e/support/server.ts. */
const CONTRACT = e2eServer().overdueLoan.orderNo;

describeBrowser('the books at the desk: write-off by two people, trial balance', () => {
  it('one finance user proposes a write-off with a reason, another approves it, and the trial balance still balances', async () => {
    await signInAt(maker, await staffAccount('wo.maker@hiram.test', 'Wanda Maker', 'finance'), '#writeOffs');
    await maker.page.locator('input#orderNo').fill(CONTRACT);
    await maker.page.locator('input#reason').fill('Borrower abroad, no contact for months');
    await maker.page.getByRole('button', { name: 'Propose write-off' }).click();
    const pendingRow = maker.page.locator('tr', { hasText: CONTRACT });
    await pendingRow.getByText('pending').waitFor();
    // The one who entered it sees it waiting for someone else, with no Approve button.
    await pendingRow.getByText('Waiting for a second person').waitFor();
    expect(await pendingRow.getByRole('button', { name: 'Approve' }).count()).toBe(0);
    await maker.screenshot('admin-write-off-pending');

    await signInAt(checker, await staffAccount('wo.checker@hiram.test', 'Carlo Checker', 'finance'), '#writeOffs');
    const row = checker.page.locator('tr', { hasText: CONTRACT });
    await row.getByRole('button', { name: 'Approve' }).click();
    await row.getByText('approved').waitFor();
    const amount = (await row.locator('td').nth(4).textContent())?.trim() ?? '';
    expect(amount).toMatch(/^₱\d{1,3}(,\d{3})*\.\d{2} on \d{4}-\d{2}-\d{2}$/);
    expect(await horizontalOverflow(checker.page)).toEqual([]);
    await checker.screenshot('admin-write-off-approved');

    await checker.page.goto(checker.url('/admin#books'));
    await checker.page.getByTestId('tb-balanced').getByText('Debits equal credits').waitFor();
    const expense = checker.page.locator('tr', { hasText: 'Loans written off' }).first();
    await expense.waitFor();
    expect(await checker.page.getByTestId('tb-debit-total').textContent()).toBe(
      await checker.page.getByTestId('tb-credit-total').textContent(),
    );
    expect(await horizontalOverflow(checker.page)).toEqual([]);
    await checker.screenshot('admin-trial-balance');
    expect(maker.errors.filter((e) => !/status of 403|403/.test(e))).toEqual([]);
    expect(checker.errors).toEqual([]);
  });
});
