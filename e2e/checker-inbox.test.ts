import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeBrowser, hasBrowser, type PhonePage, phonePage } from './support/browser';
import { disbursedLoan } from './support/loans';
import { axeViolations, horizontalOverflow } from './support/page-checks';
import { staffAccount, staffAuth, signInAt, staffPost } from './support/staff-desk';

let maker: PhonePage;
let checker: PhonePage;

beforeAll(async () => {
  if (!hasBrowser) return;
  maker = await phonePage({ width: 1366, height: 768 });
  checker = await phonePage({ width: 1366, height: 768 });
});
afterAll(async () => {
  await maker?.context.close();
  await checker?.context.close();
});

describeBrowser('one checker inbox at 1366×768: what waits for a second person, who asked and when', () => {
  it('the finance user who entered a manual payment sees it waiting without an Approve button; a second one approves it from the inbox', async () => {
    const { orderId } = await disbursedLoan('09175550731');
    const contract = `HRM${String(orderId).padStart(8, '0')}`;
    const ines = await staffAccount('ines.inbox@hiram.test', 'Ines Inbox', 'finance');
    const oscar = await staffAccount('oscar.inbox@hiram.test', 'Oscar Inbox', 'finance');
    const entered = await staffPost(
      '/admin/loans/manual-payment',
      { orderNo: contract, reference: 'E2E-INBOX-1', amount: '25000' },
      await staffAuth(ines.email, ines.password),
    );
    expect(entered.code, entered.message).toBe(0);

    await signInAt(maker, ines, '#inbox');
    const mine = maker.page.locator('tr', { hasText: 'E2E-INBOX-1' });
    await mine.getByText('Waiting for a second person').waitFor();
    expect(await mine.getByRole('button', { name: 'Approve' }).count()).toBe(0);
    expect(await mine.textContent()).toContain('ines.inbox@hiram.test');
    expect(await horizontalOverflow(maker.page)).toEqual([]);
    await maker.screenshot('admin-checker-inbox-own');

    await signInAt(checker, oscar, '#inbox');
    const theirs = checker.page.locator('tr', { hasText: 'E2E-INBOX-1' });
    await theirs.getByText('Manual payment').waitFor();
    expect(await theirs.textContent()).toContain('ines.inbox@hiram.test');
    expect(await horizontalOverflow(checker.page)).toEqual([]);
    expect(await axeViolations(checker.page)).toEqual([]);
    await checker.screenshot('admin-checker-inbox');
    await theirs.getByRole('button', { name: 'Approve' }).click();
    await theirs.waitFor({ state: 'detached' });

    // Payments at 1366 px: the posted payment's Status and Reverse sit inside the window, not past its edge.
    await checker.page.goto(checker.url('/admin#payments'));
    const posted = checker.page.locator('tr', { hasText: 'E2E-INBOX-1' });
    const reverse = posted.getByRole('button', { name: 'Reverse' });
    await reverse.waitFor();
    const box = await reverse.boundingBox();
    expect(box && box.x + box.width).toBeLessThanOrEqual(1366);
    expect(await horizontalOverflow(checker.page)).toEqual([]);
    await checker.screenshot('admin-payments-1366');

    // The borrower's page at 1366 px: no table hides cells past its right edge.
    await checker.page.goto(checker.url(`/admin#find/${contract}`));
    await checker.page.getByTestId('borrower-name').waitFor();
    await checker.page.locator('.ant-table-row').first().waitFor();
    const sideways = await checker.page.evaluate(() =>
      [...document.querySelectorAll('.ant-table-content, .ant-table-body')]
        .filter((el) => el.scrollWidth > el.clientWidth + 1)
        .map(
          (el) =>
            `${el.closest('.ant-card')?.querySelector('.ant-card-head-title')?.textContent ?? '?'}: ${el.scrollWidth} > ${el.clientWidth}`,
        ),
    );
    expect(sideways).toEqual([]);
    expect(await horizontalOverflow(checker.page)).toEqual([]);
    await checker.screenshot('admin-borrower-1366');
    expect(maker.errors.filter((e) => !/403/.test(e))).toEqual([]);
    expect(checker.errors).toEqual([]);
  });
});
