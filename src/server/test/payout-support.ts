import { expect } from 'vitest';
import type { Db } from '../db/client';
import { payoutAccounts } from '../db/schema';
import type { TestApp } from './test-app';
import { staffHeader } from './staff-support';

type Headers = Record<string, string>;
type Reply = {
  code: number | string;
  message: string;
  data: Record<string, unknown> & { payout?: { id: number; reference: string; status: string; amount: number } };
};

/**
 * Binds a GCash wallet for a borrower straight in the table (the bind form has its own tests),
 * replacing the one test borrowers get with their application.
 */
export async function bindWallet(
  db: Db,
  borrowerId: number,
  accountNo = '09171234567',
  accountName = 'Test Borrower',
): Promise<void> {
  await db
    .insert(payoutAccounts)
    .values({ borrowerId, cardType: 1, channelNumber: 90006, accountName, accountNo, fields: {} })
    .onConflictDoUpdate({
      target: [payoutAccounts.borrowerId, payoutAccounts.cardType],
      set: { channelNumber: 90006, accountName, accountNo, fields: {} },
    });
}

/** Two finance users: the one who requests (maker) and the one who approves (checker). */
export async function financePair(t: TestApp): Promise<{ maker: Headers; checker: Headers }> {
  return { maker: await staffHeader(t, ['finance']), checker: await staffHeader(t, ['finance']) };
}

export function staffCall(
  t: TestApp,
  url: string,
  headers: Headers,
  payload: Record<string, string | number> = {},
): Promise<Reply> {
  return t.app
    .inject({
      method: 'POST',
      url: `/owner${url}`,
      headers,
      payload: Object.fromEntries(Object.entries(payload).map(([k, v]) => [k, String(v)])),
    })
    .then((r) => r.json() as Reply);
}

/**
 * What "Confirm sent" used to be: finance requests the disbursal, a second finance user approves
 * it, and the sandbox's signed callback confirms it (the loan becomes 170). Answers the approval.
 */
export async function disburseThroughPayout(t: TestApp, orderId: number, pair?: { maker: Headers; checker: Headers }) {
  const { maker, checker } = pair ?? (await financePair(t));
  const requested = await staffCall(t, '/admin/payouts/disbursal/request', maker, { orderId });
  expect(requested.code, requested.message).toBe(0);
  const approved = await staffCall(t, '/admin/payouts/approve', checker, { payoutId: requested.data.payout!.id });
  expect(approved.code, approved.message).toBe(0);
  return approved.data.payout!;
}
