import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { Code } from '../../../shared/codes';
import { manilaToday } from '../../../shared/format/date';
import { OrderStatus } from '../../../shared/order-status';
import { borrowers, ledgerEntries, loanOrders, payments } from '../../db/schema';
import { authHeader, buildTestApp } from '../../test/test-app';
import { newBorrower } from '../../test/test-borrowers';
import { staffHeader } from '../../test/staff-support';
import {
  ledgerProblems,
  decide,
  disburse,
  submitApplication,
  postPayment,
  reversePayment,
  payoffOf,
  CREDIT_ACCOUNT,
  REFUNDS_PAID_ACCOUNT,
  readLoanState,
} from '../../money';
import { bindWallet, staffCall } from '../../test/payout-support';

const t = await buildTestApp();
const db = t.database.db;
const today = manilaToday();
const maker = await staffHeader(t, ['finance'], 'rina.maker@hiram.test');
const checker = await staffHeader(t, ['finance'], 'rico.checker@hiram.test');
const OVERPAID = 25_000;

/** A loan paid off with ₱250.00 more than it owed: settled (200), holding that as credit. */
async function settledWithCredit(wallet = '09171230001') {
  const borrowerId = await newBorrower(db);
  await bindWallet(db, borrowerId, wallet, 'Rufo Refund');
  const order = await submitApplication(db, { borrowerId, productId: 1, amount: 500_000 }, today);
  await decide(db, order.id, { approve: true, actor: 'credit' }, today);
  await disburse(db, order.id, 'test', today);
  const row = (await db.query.loanOrders.findFirst({ where: eq(loanOrders.id, order.id) }))!;
  const payoff = payoffOf(readLoanState(row.loanState));
  await postPayment(
    db,
    {
      orderId: order.id,
      provider: 'manual',
      reference: `PAYOFF-${order.id}`,
      amount: payoff + OVERPAID,
      kind: 'repayment',
      postedBy: 'test',
    },
    today,
  );
  return { ...order, borrowerId };
}

const credits = async () =>
  (await t.app.inject({ method: 'GET', url: '/owner/admin/payouts/credits', headers: maker })).json().data.list as {
    orderId: number;
    credit: number;
    refunded: number;
    available: number;
    refund: { status: string } | null;
  }[];
const creditOf = async (orderId: number) => (await credits()).find((c) => c.orderId === orderId);
const request = (orderId: number, amount?: number) =>
  staffCall(t, '/admin/payouts/refund/request', maker, { orderId, ...(amount ? { amount } : {}) });
const approve = (payoutId: number, headers = checker) => staffCall(t, '/admin/payouts/approve', headers, { payoutId });
const net = async (orderId: number, account: string) =>
  (
    await db
      .select()
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.orderId, orderId), eq(ledgerEntries.account, account)))
  ).reduce((s, l) => s + l.debit - l.credit, 0);

describe("refunds of a settled loan's credit: requested by one finance user, approved by another, booked on the provider's word", () => {
  it('is listed with its credit; a refund above it is refused; approved by another user it is paid to the account and booked Dr borrower_credit, Cr cash_refunds_paid', async () => {
    const order = await settledWithCredit();
    expect(await creditOf(order.id)).toMatchObject({
      credit: OVERPAID,
      refunded: 0,
      available: OVERPAID,
      refund: null,
    });
    expect(await request(order.id, OVERPAID + 1)).toMatchObject({
      code: Code.BAD_REQUEST,
      data: { field: 'amount' },
      message: expect.stringMatching(/At most ₱250\.00/),
    });

    const asked = await request(order.id, 10_000);
    expect(asked).toMatchObject({
      code: 0,
      data: { payout: { reference: `RFD-${order.orderNo}-1`, kind: 'refund', amount: 10_000, status: 'requested' } },
    });
    // On its way, it already counts: a second request cannot take the same money.
    expect(await creditOf(order.id)).toMatchObject({ available: OVERPAID - 10_000, refunded: 0 });
    expect((await request(order.id, 5_000)).code).toBe(Code.CONFLICT);
    expect((await approve(asked.data.payout!.id, maker)).code).toBe(Code.FORBIDDEN);
    expect(await net(order.id, REFUNDS_PAID_ACCOUNT)).toBe(0);

    expect(await approve(asked.data.payout!.id)).toMatchObject({ code: 0, data: { payout: { status: 'succeeded' } } });
    expect(await net(order.id, REFUNDS_PAID_ACCOUNT)).toBe(-10_000);
    expect(await net(order.id, CREDIT_ACCOUNT)).toBe(-(OVERPAID - 10_000));
    expect(await creditOf(order.id)).toMatchObject({
      credit: OVERPAID,
      refunded: 10_000,
      available: OVERPAID - 10_000,
    });
    expect(await ledgerProblems(db)).toEqual([]);

    // The borrower's order page shows the credit left.
    const [borrower] = await db.select().from(borrowers).where(eq(borrowers.id, order.borrowerId));
    const page = await t.app.inject({
      method: 'GET',
      url: `/owner/v3/loan-details/loan-details?orderId=${order.id}`,
      headers: authHeader(await t.login(borrower!.phone)),
    });
    expect(page.json().data.userOrderDetail.detail).toContainEqual({
      text: 'Your credit (paid over what was owed)',
      value: '₱150.00',
    });
  });

  it('cannot run twice: once all of it is refunded there is nothing left to ask for, and approving again books nothing more', async () => {
    const order = await settledWithCredit();
    const asked = await request(order.id);
    expect(asked.data.payout?.amount).toBe(OVERPAID);
    await approve(asked.data.payout!.id);
    expect(await approve(asked.data.payout!.id)).toMatchObject({ code: 0, data: { payout: { status: 'succeeded' } } });
    expect(await net(order.id, REFUNDS_PAID_ACCOUNT)).toBe(-OVERPAID);
    expect(await request(order.id)).toMatchObject({
      code: Code.CONFLICT,
      message: expect.stringMatching(/no credit left/),
    });
    expect(await creditOf(order.id)).toMatchObject({ refunded: OVERPAID, available: 0 });
    expect(await ledgerProblems(db)).toEqual([]);
  });

  it('a rebuild after the refund (a late payment, then its reversal) does not bring the refunded credit back', async () => {
    const order = await settledWithCredit();
    await approve((await request(order.id)).data.payout!.id);
    const late = await postPayment(
      db,
      {
        orderId: order.id,
        provider: 'manual',
        reference: `LATE-${order.id}`,
        amount: 5_000,
        kind: 'repayment',
        postedBy: 'test',
      },
      today,
    );
    expect(late.orderStatus).toBe(OrderStatus.SETTLED);
    expect(await creditOf(order.id)).toMatchObject({ credit: OVERPAID + 5_000, refunded: OVERPAID, available: 5_000 });
    expect(await ledgerProblems(db)).toEqual([]);
    await reversePayment(db, { paymentId: late.paymentId, reason: 'bank recalled it', actor: 'test' }, today);
    expect(await creditOf(order.id)).toMatchObject({ credit: OVERPAID, refunded: OVERPAID, available: 0 });
    expect(await net(order.id, REFUNDS_PAID_ACCOUNT)).toBe(-OVERPAID);
    expect(await ledgerProblems(db)).toEqual([]);
  });

  it('a failed refund books nothing and leaves the credit to refund again; an open loan has no credit to refund', async () => {
    const order = await settledWithCredit('09171230002');
    const asked = await request(order.id);
    expect((await approve(asked.data.payout!.id)).data.payout).toMatchObject({
      status: 'failed',
      failureCode: 'INVALID_DESTINATION',
    });
    expect(await net(order.id, REFUNDS_PAID_ACCOUNT)).toBe(0);
    expect(await creditOf(order.id)).toMatchObject({ available: OVERPAID, refund: { status: 'failed' } });

    const open = await submitApplication(
      db,
      { borrowerId: await newBorrower(db), productId: 1, amount: 500_000 },
      today,
    );
    await decide(db, open.id, { approve: true, actor: 'credit' }, today);
    await disburse(db, open.id, 'test', today);
    expect(await request(open.id)).toMatchObject({
      code: Code.CONFLICT,
      message: expect.stringMatching(/settled loan/),
    });
    expect(await db.select().from(payments).where(eq(payments.orderId, open.id))).toHaveLength(0);
  });
});
