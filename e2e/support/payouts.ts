import { staffAccount, staffAuth, staffPost } from './staff-desk';
import { e2eServer } from './server';

/** The two finance users of the browser tests: one requests payouts, the other approves them. */
export async function financeMakerChecker() {
  const maker = await staffAccount('mika.maker@hiram.test', 'Mika Maker', 'finance');
  const checker = await staffAccount('chad.checker@hiram.test', 'Chad Checker', 'finance');
  return {
    maker,
    checker,
    makerAuth: await staffAuth(maker.email, maker.password),
    checkerAuth: await staffAuth(checker.email, checker.password),
  };
}

/** Binds a GCash wallet for a signed-in borrower through the bind call, as the bind page does. */
export async function bindWallet(
  session: { sessionId: string },
  walletNo: string,
  accountName = 'E2E Borrower',
): Promise<void> {
  const body = new URLSearchParams({
    product_id: '1',
    cardType: '1',
    channel: '90006',
    walletNo,
    accountName,
    birthDate: '1990-01-15',
  });
  const res = await fetch(`${e2eServer().baseUrl}/owner/v3/bind-card/bind-card-new`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', authorization: `Session ${session.sessionId}` },
    body: body.toString(),
  }).then((r) => r.json() as Promise<{ code: number; message: string }>);
  if (res.code !== 0) throw new Error(`could not bind ${walletNo}: ${res.message}`);
}

/**
 * What "Confirm sent" used to be, through the API: one finance user requests the disbursal,
 * another approves it, and the sandbox's signed callback opens the loan (170). Answers the
 * approval's reply, or the request's when it was refused.
 */
export async function disburseThroughPayout(orderId: number) {
  const { makerAuth, checkerAuth } = await financeMakerChecker();
  const requested = await staffPost('/admin/payouts/disbursal/request', { orderId: String(orderId) }, makerAuth);
  if (requested.code !== 0) return requested;
  const payout = requested.data.payout as { id: number };
  return staffPost('/admin/payouts/approve', { payoutId: String(payout.id) }, checkerAuth);
}
