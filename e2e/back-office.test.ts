import { afterAll, beforeAll, expect, it } from 'vitest';
import { href } from '../src/shared/pages';
import { apiLoginApplied, describeBrowser, hasBrowser, type PhonePage, phonePage } from './support/browser';
import { E2E_ADMIN } from './support/operator';
import { bindWallet, financeMakerChecker } from './support/payouts';
import { approveGrantsOf, openedDialog, signInAt, staffAuth } from './support/staff-desk';
import { e2eServer } from './support/server';

/** A borrower no other browser test signs in with (the SMS resend wait is per phone). */
const BORROWER = '09175563600';
let staff: PhonePage;
let borrower: PhonePage;
let session: { sessionId: string; userId: string };

function post(path: string, body: Record<string, string>, headers: Record<string, string>) {
  return fetch(`${e2eServer().baseUrl}/owner${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    body: new URLSearchParams(body).toString(),
  }).then((r) => r.json() as Promise<{ code: number | string; data: Record<string, unknown> }>);
}

beforeAll(async () => {
  if (!hasBrowser) return;
  session = await apiLoginApplied(BORROWER);
  staff = await phonePage({ width: 1366, height: 800 });
  borrower = await phonePage();
  // The admin gives itself every desk (an admin's own account keeps its admin role).
  const auth = await staffAuth(E2E_ADMIN.email, E2E_ADMIN.password);
  const me = (await (await fetch(`${e2eServer().baseUrl}/owner/admin/auth/me`, { headers: auth })).json()).data as {
    id: number;
  };
  const saved = await post(
    '/admin/staff/save',
    { id: String(me.id), email: E2E_ADMIN.email, name: 'Admin', roles: 'admin,support,credit,finance', active: '1' },
    auth,
  );
  if (saved.code !== 0) throw new Error(`could not give the admin every role: ${JSON.stringify(saved)}`);
  // Finance is a money role: it waits for a second admin.
  await approveGrantsOf(me.id);
});
afterAll(async () => {
  await staff?.context.close();
  await borrower?.context.close();
});

async function signIn() {
  const { page } = staff;
  await page.goto(staff.url('/admin'));
  await page.getByTestId('staff-email').fill(E2E_ADMIN.email);
  await page.getByTestId('staff-password').fill('wrong password');
  await page.getByTestId('staff-sign-in').click();
  await page.getByTestId('sign-in-error').waitFor();
  expect(await page.getByTestId('sign-in-error').textContent()).toContain('The e-mail or the password is wrong');
  await signInAt(staff, E2E_ADMIN);
}

describeBrowser('Back office', () => {
  it('support answers a complaint; the borrower sees the reply and the rating dialog', async () => {
    const filed = await post(
      '/user-problem/problem-save',
      { problemType: '2', problemDetail: 'My payment through GCash is not showing.' },
      { authorization: `Session ${session.sessionId}` },
    );
    expect(filed.code).toBe('00');
    const problemId = filed.data.problemId as number;

    await signIn();
    const { page } = staff;
    await page.goto(staff.url('/admin#complaints'));
    await page.getByTestId(`answer-${problemId}`).click();
    await page.getByTestId('reply-text').fill('We found your GCash payment and posted it today.');
    await staff.screenshot('admin-complaint-reply');
    await page.getByTestId('reply-send').click();
    await page.getByText('Reply sent').waitFor();

    await borrower.page.goto(
      borrower.url(`${href('complaintDetails', { problemId })}&${new URLSearchParams(session)}`),
    );
    const result = borrower.page.getByTestId('process-result');
    await result.waitFor();
    expect(await result.textContent()).toContain('We found your GCash payment');
    await borrower.page.getByText('Please rate this service').waitFor({ timeout: 6000 });
    await borrower.screenshot('complaint-reply-from-back-office');
  });

  it('credit approves, finance disburses, and the borrower’s order shows 170', async () => {
    const pushed = await post(
      '/v3/loan-confirm/push',
      { productId: '1', amount: '300000', periods: '1', termUnit: '1' },
      { authorization: `Session ${session.sessionId}` },
    );
    expect(pushed.code).toBe(0);
    const orderId = pushed.data.orderId as number;
    const { page } = staff;

    await page.goto(staff.url('/admin#applications'));
    const row = page.locator('tr', { hasText: BORROWER }).last();
    await row.waitFor();
    await staff.screenshot('admin-applications');
    await row.getByRole('button', { name: 'Approve' }).click();
    await (await openedDialog(page)).getByRole('button', { name: 'Approve' }).click();
    await page
      .getByText(/approved$/)
      .first()
      .waitFor();

    // The admin (with the finance role) asks for the payout; a second finance user approves it; the sandbox confirms it.
    await bindWallet(session, BORROWER, 'Back Office Borrower');
    await page.goto(staff.url('/admin#disbursements'));
    const toSend = page.locator('tr', { hasText: BORROWER }).last();
    await toSend.waitFor();
    await toSend.getByRole('button', { name: 'Request payout' }).click();
    await toSend.getByText('payout requested').waitFor();
    const { checkerAuth } = await financeMakerChecker();
    const queue = (
      await (
        await fetch(`${e2eServer().baseUrl}/owner/admin/payouts/disbursals?orderNo=${orderId}`, {
          headers: checkerAuth,
        })
      ).json()
    ).data.list as { orderId: number; payout: { id: number } }[];
    const approved = await post(
      '/admin/payouts/approve',
      { payoutId: String(queue.find((o) => o.orderId === orderId)?.payout.id) },
      checkerAuth,
    );
    expect(approved.data).toMatchObject({ payout: { status: 'succeeded' } });

    await page.goto(staff.url('/admin#audit'));
    await page
      .getByText(/^Admin requested the payout of HRM\d{8} \(₱[\d,.]+ to GCASH 09175563600\)$/)
      .first()
      .waitFor();
    await staff.screenshot('admin-audit');

    await borrower.page.goto(
      borrower.url(`${href('loanDetail', { productId: 1, orderId })}&${new URLSearchParams(session)}`),
    );
    await borrower.page.getByTestId('order-banner').waitFor();
    expect(await borrower.page.getByTestId('order-banner').getAttribute('data-status')).toBe('170');
    // The one refusal is the wrong password tried on purpose at sign-in.
    expect(staff.errors.filter((e) => !e.includes('403'))).toEqual([]);
  });
});
