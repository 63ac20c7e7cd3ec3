import { afterAll, beforeAll, expect, it } from 'vitest';
import { apiLoginApplied, describeBrowser, hasBrowser, type PhonePage, phonePage } from './support/browser';
import type { TestSession } from './support/login';
import { axeViolations } from './support/page-checks';
import { runningLoanOf } from './support/loans';
import { bindWallet, financeMakerChecker } from './support/payouts';
import { signInAt, staffAccount, staffPost } from './support/staff-desk';
import { e2eServer } from './support/server';

/** A borrower no other browser test signs in with. */
const PHONE = '09175567300';
const OVERPAID = 20_000;

let phone: PhonePage;
let desk: PhonePage;

const details = (session: TestSession, orderId: number) =>
  fetch(`${e2eServer().baseUrl}/owner/v3/loan-details/loan-details?orderId=${orderId}`, {
    headers: { authorization: `Session ${session.sessionId}` },
  }).then(
    (r) =>
      r.json() as Promise<{
        data: { orderNo?: string; orderStatus: number; userOrderDetail: { detail: { text: string; value: string }[] } };
      }>,
  );
const centavos = (money: string) => Math.round(Number(money.replace(/[^\d.]/g, '')) * 100);

beforeAll(async () => {
  if (!hasBrowser) return;
  phone = await phonePage();
  desk = await phonePage({ width: 1366, height: 800 });
});
afterAll(async () => {
  await phone?.context.close();
  await desk?.context.close();
});

describeBrowser("a settled loan's credit pays the next loan, with the borrower's consent", () => {
  it('the borrower asks on the settled order, finance approves on its desk, and the running loan owes ₱200.00 less', async () => {
    const session = await apiLoginApplied(PHONE);
    await bindWallet(session, PHONE, 'Cita Credit');
    // The first loan is paid ₱200.00 over its payoff, by a manual posting (four eyes): settled, with credit.
    const first = await runningLoanOf(session);
    const firstRows = (await details(session, first)).data.userOrderDetail.detail;
    const orderNo = firstRows.find((r) => r.text === 'Contract number')!.value;
    const payoff = centavos(firstRows.find((r) => r.text === 'To settle today')!.value);
    const { makerAuth, checkerAuth } = await financeMakerChecker();
    const entered = await staffPost(
      '/admin/loans/manual-payment',
      { orderNo, reference: `OVERPAY-${orderNo}`, amount: String(payoff + OVERPAID) },
      makerAuth,
    );
    expect(entered.code).toBe(0);
    expect(
      (
        await staffPost(
          '/admin/loans/manual-payment/approve',
          { requestId: String((entered.data.posting as { id: number }).id) },
          checkerAuth,
        )
      ).code,
    ).toBe(0);
    expect((await details(session, first)).data.orderStatus).toBe(200);
    const second = await runningLoanOf(session);
    const secondRows = (await details(session, second)).data.userOrderDetail.detail;
    const secondNo = secondRows.find((r) => r.text === 'Contract number')!.value;
    const owed = centavos(secondRows.find((r) => r.text === 'To settle today')!.value);

    // The borrower, on the settled order, sees the credit and asks to use it on the running loan.
    const { page } = phone;
    await page.goto(phone.url(`/loanDetail?orderId=${first}&sessionId=${session.sessionId}&userId=${session.userId}`));
    await phone.ready();
    const credit = page.getByTestId('credit-use');
    await credit
      .getByText('Finance can refund it to your payout account, or you can use it to pay your next loan.')
      .waitFor();
    // A settled order first asks for a rating (spec 001 §4): the borrower closes it.
    await page.getByTestId('rating-dialog').waitFor();
    await page.locator('.adm-mask').click({ position: { x: 20, y: 20 } });
    await page.getByTestId('rating-dialog').waitFor({ state: 'hidden' });
    await credit.getByTestId('credit-use-ask').click();
    const dialog = page.getByTestId('credit-use-dialog');
    await dialog.getByText(`Use ₱200.00 of your credit to pay your loan ${secondNo}?`, { exact: false }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await phone.screenshot('credit-use-consent');
    await dialog.getByTestId('credit-use-dialog-confirm').click();
    await page
      .getByTestId('credit-use-answer')
      .getByText(`We will use ₱200.00 of your credit to pay ${secondNo} once finance checks it.`)
      .waitFor();
    await credit.getByText(`Waiting for finance: ₱200.00 of your credit to pay ${secondNo}.`).waitFor();
    expect(await credit.getByTestId('credit-use-ask').count()).toBe(0);

    // Finance approves on the desk; it is posted on the running loan.
    const finance = await staffAccount('fina.transfers@hiram.test', 'Fina Transfers', 'finance');
    await signInAt(desk, finance, '#creditTransfers');
    const row = desk.page.locator('tr', { hasText: secondNo }).first();
    await row.getByRole('button', { name: 'Approve and post' }).click();
    await desk.page.getByText(`₱200.00 posted on ${secondNo}`).waitFor();
    await row.getByText('posted', { exact: true }).waitFor();
    await desk.screenshot('admin-credit-transfer-posted');
    const after = (await details(session, second)).data.userOrderDetail.detail;
    expect(centavos(after.find((r) => r.text === 'To settle today')!.value)).toBe(owed - OVERPAID);

    // The settled order no longer shows the credit or the button.
    await page.reload();
    await page.getByTestId('order-detail').waitFor();
    expect(await page.getByTestId('credit-use').count()).toBe(0);
    expect(phone.errors).toEqual([]);
    expect(desk.errors).toEqual([]);
  });
});
