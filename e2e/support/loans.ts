import { expect } from 'vitest';
import { PAYMENT_CHANNELS } from '../../src/shared/payment-channels';
import { apiLoginApplied } from './browser';
import type { TestSession } from './login';
import { disburseThroughPayout } from './payouts';
import { staffAccount, staffAuth, staffPost } from './staff-desk';
import { e2eServer } from './server';

type Reply = { code: number | string; message: string; data: Record<string, unknown> };

/** A borrower's call as the pages make it: a GET query, or a form-encoded POST. */
export function borrowerCall(
  session: TestSession,
  method: 'GET' | 'POST',
  path: string,
  fields: Record<string, string | number> = {},
): Promise<Reply> {
  const form = new URLSearchParams(Object.entries(fields).map(([k, v]) => [k, String(v)])).toString();
  const base = `${e2eServer().baseUrl}/owner${path}`;
  const headers = {
    authorization: `Session ${session.sessionId}`,
    ...(method === 'POST' ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
  };
  return fetch(method === 'GET' ? `${base}?${form}` : base, {
    method,
    headers,
    ...(method === 'POST' ? { body: form } : {}),
  }).then((r) => r.json() as Promise<Reply>);
}

/** The last payment of an order (for a settled order, the one that settled it), whose receipt the records page links. */
export async function lastPaymentOf(session: TestSession, orderId: number): Promise<number> {
  const reply = await borrowerCall(session, 'GET', '/v3/records/order', { orderId });
  const payments = (reply.data as { payments?: { paymentId: number }[] } | null)?.payments;
  const id = payments?.at(-1)?.paymentId;
  if (!id) throw new Error(`order ${orderId} has no payment: ${JSON.stringify(reply)}`);
  return id;
}

/**
 * A ₱4,000 loan of product 1 for a signed-in borrower with a complete application, through the
 * real calls: applied for, approved by credit and paid out through the sandbox's payouts (two
 * finance users): the loan is running (170).
 */
export async function runningLoanOf(session: TestSession): Promise<number> {
  return approveAndPayOut(await applicationOf(session));
}

/**
 * An application under review (21) approved by credit at the desk's call, then paid out through
 * the sandbox's payouts, one finance user asking and another approving: the loan runs (170).
 */
export async function approveAndPayOut(orderId: number): Promise<number> {
  await decidedBy(orderId, true);
  expect(await disburseThroughPayout(orderId)).toMatchObject({ code: 0, data: { payout: { status: 'succeeded' } } });
  return orderId;
}

/** The ₱4,000 application of `runningLoanOf`, submitted through the confirm page's call: under review (21). */
export async function applicationOf(session: TestSession): Promise<number> {
  const pushed = await borrowerCall(session, 'POST', '/v3/loan-confirm/push', {
    productId: 1,
    amount: 400_000,
    periods: 1,
    termUnit: 1,
  });
  expect(pushed.code, pushed.message).toBe(0);
  return pushed.data.orderId as number;
}

/** Credit's decision on an application at the desk's call: approved (110) or not (151). */
async function decidedBy(orderId: number, approve: boolean): Promise<number> {
  const credit = await staffAccount('cyra.credit@hiram.test', 'Cyra Credit', 'credit');
  const auth = await staffAuth(credit.email, credit.password);
  const decided = approve
    ? await staffPost('/admin/loans/approve', { orderId: String(orderId) }, auth)
    : await staffPost(
        '/admin/loans/reject',
        { orderId: String(orderId), reason: 'Income could not be verified' },
        auth,
      );
  expect(decided.code, decided.message).toBe(0);
  return orderId;
}

/** A new borrower's application decided by credit (approved: 110, not paid out; refused: 151). */
export async function decidedOrder(
  phone: string,
  approve: boolean,
): Promise<{ orderId: number; session: TestSession }> {
  const session = await apiLoginApplied(phone);
  return { orderId: await decidedBy(await applicationOf(session), approve), session };
}

/** A new borrower (signed in with a complete application, a GCash payout account of their own number) with a running loan (`runningLoanOf`). */
export async function disbursedLoan(phone: string): Promise<{ orderId: number; session: TestSession }> {
  const session = await apiLoginApplied(phone);
  return { orderId: await runningLoanOf(session), session };
}

/**
 * Pays through the sandbox as its checkout page does: the pay request (GCash unless said), then
 * Pay on the page the request answered, which makes the sandbox send its signed callback; only
 * that callback posts the payment. Answers the payment's reference.
 */
export async function payThroughSandbox(
  session: TestSession,
  orderId: number,
  amount: number,
  channelNumber = PAYMENT_CHANNELS[0]!.channelNumber,
): Promise<string> {
  const asked = await borrowerCall(session, 'POST', '/v3/repayment/pay-request', { orderId, amount, channelNumber });
  expect(asked.code, asked.message).toBe(0);
  const payUrl = new URL(asked.data.payUrl as string, e2eServer().baseUrl);
  const reference = asked.data.reference as string;
  const page = await fetch(new URL(`${payUrl.pathname}/pay`, payUrl), {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ key: payUrl.searchParams.get('key') ?? '' }).toString(),
  }).then((r) => r.text());
  expect(page).toContain('Payment received');
  return reference;
}

/** A new borrower's loan (`disbursedLoan`) paid off through the sandbox: settled (200). */
export async function settledLoan(phone: string): Promise<{ orderId: number; session: TestSession }> {
  const loan = await disbursedLoan(phone);
  const detail = await borrowerCall(loan.session, 'GET', '/v3/repayment/installment-detail', {
    orderId: loan.orderId,
  });
  expect(detail.code, detail.message).toBe(0);
  const rows = detail.data.detail as { text: string; value: string }[];
  // The last row is what settles the loan today.
  const payoff = Number(String(rows.at(-1)?.value).replace(/[^\d]/g, ''));
  await payThroughSandbox(loan.session, loan.orderId, payoff);
  return loan;
}

/** A new borrower's running loan (`disbursedLoan`) with its contract number, as the desks look it up. */
export async function disbursedLoanWithContract(
  phone: string,
): Promise<{ orderId: number; orderNo: string; session: TestSession }> {
  const loan = await disbursedLoan(phone);
  const records = await borrowerCall(loan.session, 'GET', '/v3/records/order', { orderId: loan.orderId });
  expect(records.code, records.message).toBe(0);
  return { ...loan, orderNo: records.data.orderNo as string };
}
