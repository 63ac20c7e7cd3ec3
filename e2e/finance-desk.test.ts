import { afterAll, beforeAll, expect, it } from 'vitest';
import { apiLoginApplied, describeBrowser, hasBrowser, type PhonePage, phonePage } from './support/browser';
import { axeViolations, clippedText, horizontalOverflow } from './support/page-checks';
import { bindWallet, financeMakerChecker } from './support/payouts';
import { signInAt, staffAccount, staffAuth, staffPost } from './support/staff-desk';
import { e2eServer } from './support/server';

/** Borrowers no other browser test signs in with. */
const PAID = '09175567100';
const FAILS = '09175567101';
/** The demo borrower holding ₱350.00 of credit on a settled loan (src/server/db/seed/payouts.ts). */
const CREDIT_HOLDER = '09175564101';

let makerDesk: PhonePage;
let checkerDesk: PhonePage;

/** A loan applied for by a new borrower with this wallet, approved by credit: it waits for finance (110). */
async function approvedLoan(
  phone: string,
  wallet: string,
): Promise<{ orderId: number; session: { sessionId: string } }> {
  const session = await apiLoginApplied(phone);
  await bindWallet(session, wallet, 'Desk Borrower');
  const pushed = await fetch(`${e2eServer().baseUrl}/owner/v3/loan-confirm/push`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', authorization: `Session ${session.sessionId}` },
    body: new URLSearchParams({ productId: '1', amount: '400000', periods: '1', termUnit: '1' }).toString(),
  }).then((r) => r.json() as Promise<{ code: number; data: { orderId: number } }>);
  expect(pushed.code).toBe(0);
  const credit = await staffAccount('cyra.credit@hiram.test', 'Cyra Credit', 'credit');
  expect(
    (
      await staffPost(
        '/admin/loans/approve',
        { orderId: String(pushed.data.orderId) },
        await staffAuth(credit.email, credit.password),
      )
    ).code,
  ).toBe(0);
  return { orderId: pushed.data.orderId, session };
}

beforeAll(async () => {
  if (!hasBrowser) return;
  makerDesk = await phonePage({ width: 1366, height: 800 });
  checkerDesk = await phonePage({ width: 1366, height: 800 });
});
afterAll(async () => {
  await makerDesk?.context.close();
  await checkerDesk?.context.close();
});

describeBrowser('the finance desk pays out through the provider, four eyes on every payout', () => {
  it('one finance user requests the disbursal, another approves it; the loan is 170 once the provider confirms', async () => {
    const { orderId, session } = await approvedLoan(PAID, PAID);
    const { maker, checker } = await financeMakerChecker();
    await signInAt(makerDesk, maker, '#disbursements');
    const { page } = makerDesk;
    const row = page.locator('tr', { hasText: PAID }).first();
    await row.waitFor();
    // Finance sees where the money goes, in full.
    expect(await row.textContent()).toContain(`GCash · Desk Borrower${PAID}`);
    await row.getByRole('button', { name: 'Request payout' }).click();
    await row.getByText('payout requested').waitFor();
    await makerDesk.screenshot('admin-payout-requested');
    // The one who asked cannot approve.
    await row.getByRole('button', { name: 'Approve and send' }).click();
    await page.getByText('A second finance user must approve a payout you requested yourself').waitFor();
    expect(makerDesk.errors.splice(0)).toEqual([expect.stringContaining('403')]);

    await signInAt(checkerDesk, checker, '#disbursements');
    const desk = checkerDesk.page;
    const toApprove = desk.locator('tr', { hasText: PAID }).first();
    await toApprove.getByRole('button', { name: 'Approve and send' }).click();
    await desk.getByText(/DSB-HRM\d{8}-1 approved: paid out/).waitFor();
    // Paid out: the loan left the queue, and the payouts list (newest first) shows the provider's reference.
    await desk
      .locator('.ant-card', { hasText: 'Waiting for disbursal' })
      .locator('tr', { hasText: PAID })
      .waitFor({ state: 'detached' });
    const payouts = desk
      .locator('.ant-card')
      .filter({ has: desk.locator('.ant-card-head-title', { hasText: /^Payouts$/ }) });
    const paid = payouts.locator('tr', { hasText: PAID }).first();
    await paid.getByText('paid out').waitFor();
    expect(await paid.textContent()).toMatch(/sandbox-po-DSB-HRM\d{8}-1/);
    await checkerDesk.screenshot('admin-payout-paid');
    const order = await fetch(`${e2eServer().baseUrl}/owner/v3/loan-details/loan-details?orderId=${orderId}`, {
      headers: { authorization: `Session ${session.sessionId}` },
    }).then((r) => r.json());
    expect(order.data.orderStatus).toBe(170);
    expect(checkerDesk.errors).toEqual([]);
  });

  it("a payout the provider fails comes back to the queue with the provider's reason, ready to be requested again", async () => {
    const { makerAuth } = await financeMakerChecker();
    const desk = checkerDesk.page;
    // A wallet the sandbox refuses (it ends in 0002): the order stays 110 with the provider's reason.
    const failing = await approvedLoan(FAILS, '09175570002');
    const asked = await staffPost('/admin/payouts/disbursal/request', { orderId: String(failing.orderId) }, makerAuth);
    expect(asked.code).toBe(0);
    await desk.reload();
    const failedRow = desk
      .locator('.ant-card', { hasText: 'Waiting for disbursal' })
      .locator('tr', { hasText: FAILS })
      .first();
    await failedRow.getByRole('button', { name: 'Approve and send' }).click();
    await failedRow.getByText('failed', { exact: true }).waitFor();
    expect(await failedRow.getByTestId('payout-failure').textContent()).toMatch(
      /account does not exist .*\(INVALID_DESTINATION\)/,
    );
    await failedRow.getByRole('button', { name: 'Request again' }).waitFor();
    await desk.waitForFunction(() => !document.querySelector('.ant-spin-spinning'));
    const findings = {
      axe: await axeViolations(desk),
      sideways: await horizontalOverflow(desk),
      clipped: await clippedText(desk),
    };
    expect(findings).toEqual({ axe: [], sideways: [], clipped: [] });
    await checkerDesk.screenshot('admin-payout-failed');
    expect(checkerDesk.errors).toEqual([]);
  });

  it("a settled loan's credit is refunded the same way: requested by one, approved by the other, booked when the provider confirms", async () => {
    const { page } = makerDesk;
    await page.goto(makerDesk.url('/admin#credits'));
    const row = page.locator('tr', { hasText: CREDIT_HOLDER }).first();
    await row.getByRole('button', { name: 'Refund ₱350.00' }).click();
    await row.getByText('payout requested').waitFor();

    const desk = checkerDesk.page;
    await desk.goto(checkerDesk.url('/admin#credits'));
    const toApprove = desk.locator('tr', { hasText: CREDIT_HOLDER }).first();
    await toApprove.getByRole('button', { name: 'Approve and send' }).click();
    await toApprove.getByText('paid out').waitFor();
    expect(await toApprove.getByTestId('credit-left').textContent()).toBe('₱0.00');
    expect(await toApprove.textContent()).toMatch(/RFD-HRM\d{8}-1/);
    await checkerDesk.screenshot('admin-credit-refunded');
    expect(checkerDesk.errors).toEqual([]);
    expect(makerDesk.errors).toEqual([]);
  });
});
