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
  CREDIT_ACCOUNT,
  CREDIT_TRANSFERS_ACCOUNT,
  ledgerProblems,
  decide,
  disburse,
  submitApplication,
  postPayment,
  payoffOf,
  readLoanState,
} from '../../money';
import { bindWallet, staffCall } from '../../test/payout-support';

const t = await buildTestApp();
const db = t.database.db;
const today = manilaToday();
const finance = await staffHeader(t, ['finance'], 'fe.finance@hiram.test');
const OVERPAID = 25_000;

const orderRow = async (id: number) => (await db.query.loanOrders.findFirst({ where: eq(loanOrders.id, id) }))!;
const payoff = async (id: number) => payoffOf(readLoanState((await orderRow(id)).loanState));

async function loan(borrowerId: number, amount: number) {
  const order = await submitApplication(db, { borrowerId, productId: 1, amount }, today);
  await decide(db, order.id, { approve: true, actor: 'credit' }, today);
  await disburse(db, order.id, 'test', today);
  return order;
}

/** A borrower whose first loan was paid ₱250.00 over its payoff (settled, holding credit) and who has a second loan running. */
async function settledAndRunning(wallet: string) {
  const borrowerId = await newBorrower(db);
  await bindWallet(db, borrowerId, wallet, 'Celia Credit');
  const settled = await loan(borrowerId, 500_000);
  await postPayment(
    db,
    {
      orderId: settled.id,
      provider: 'manual',
      reference: `PAYOFF-${settled.id}`,
      amount: (await payoff(settled.id)) + OVERPAID,
      kind: 'repayment',
      postedBy: 'test',
    },
    today,
  );
  const running = await loan(borrowerId, 300_000);
  const [b] = await db.select().from(borrowers).where(eq(borrowers.id, borrowerId));
  const headers = authHeader(await t.login(b!.phone));
  return { borrowerId, settled, running, headers };
}

const details = async (orderId: number, headers: Record<string, string>) =>
  (await t.app.inject({ method: 'GET', url: `/owner/v3/loan-details/loan-details?orderId=${orderId}`, headers })).json()
    .data;
const apply = async (orderId: number, toOrderId: number, headers: Record<string, string>) =>
  (
    await t.app.inject({
      method: 'POST',
      url: '/owner/v3/loan-details/apply-credit',
      headers,
      payload: { orderId, toOrderId },
    })
  ).json();
const requests = async () =>
  (await t.app.inject({ method: 'GET', url: '/owner/admin/credit-transfers', headers: finance })).json().data.list;
const net = async (orderId: number, account: string) =>
  (
    await db
      .select()
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.orderId, orderId), eq(ledgerEntries.account, account)))
  ).reduce((s, l) => s + l.debit - l.credit, 0);

describe('credit applied to the next loan, with the borrower consent', () => {
  it('the borrower asks from the settled order, finance approves, the running loan is paid ₱250.00 from provider credit and the books net to zero', async () => {
    const { settled, running, headers } = await settledAndRunning('09171239001');
    const page = await details(settled.id, headers);
    expect(page.creditUse).toEqual({
      toOrderId: running.id,
      button: `Use it to pay ${running.orderNo}`,
      confirm: expect.stringContaining(`Use ₱250.00 of your credit to pay your loan ${running.orderNo}?`),
    });
    const owedBefore = await payoff(running.id);

    const asked = await apply(settled.id, running.id, headers);
    expect(asked).toMatchObject({ code: 0, data: { reference: `CRD-${settled.orderNo}-1`, amount: OVERPAID } });
    expect(asked.data.message).toBe(
      `We will use ₱250.00 of your credit to pay ${running.orderNo} once finance checks it.`,
    );
    // Asked once; a second tap is refused and the page says it waits.
    expect((await apply(settled.id, running.id, headers)).code).toBe(Code.CONFLICT);
    expect(await details(settled.id, headers)).toMatchObject({
      creditNote: `Waiting for finance: ₱250.00 of your credit to pay ${running.orderNo}.`,
    });
    expect((await details(settled.id, headers)).creditUse).toBeUndefined();
    // Nothing moved yet.
    expect(await payoff(running.id)).toBe(owedBefore);

    const row = (await requests()).find((r: { reference: string }) => r.reference === asked.data.reference);
    expect(row).toMatchObject({
      fromOrderNo: settled.orderNo,
      toOrderNo: running.orderNo,
      amount: OVERPAID,
      status: 'requested',
    });

    const approved = await staffCall(t, '/admin/credit-transfers/approve', finance, { transferId: row.id });
    expect(approved).toMatchObject({
      code: 0,
      data: { transfer: { status: 'posted', amount: OVERPAID, decidedBy: expect.any(String) } },
    });
    expect(await payoff(running.id)).toBe(owedBefore - OVERPAID);
    const [paid] = await db
      .select()
      .from(payments)
      .where(and(eq(payments.orderId, running.id), eq(payments.provider, 'credit')));
    expect(paid).toMatchObject({ reference: asked.data.reference, amount: OVERPAID, status: 'posted' });
    // The settled loan's credit is spent; the clearing account nets to zero across the two loans.
    expect(await net(settled.id, CREDIT_ACCOUNT)).toBe(0);
    expect(await net(settled.id, CREDIT_TRANSFERS_ACCOUNT)).toBe(-OVERPAID);
    expect(await net(running.id, CREDIT_TRANSFERS_ACCOUNT)).toBe(OVERPAID);
    expect(await net(running.id, 'cash_collections')).toBe(0);
    expect(await ledgerProblems(db)).toEqual([]);
    const after = await details(settled.id, headers);
    expect(after.creditUse).toBeUndefined();
    expect(after.userOrderDetail.detail.map((r: { text: string }) => r.text)).not.toContain(
      'Your credit (paid over what was owed)',
    );
    // Approving again changes nothing.
    expect((await staffCall(t, '/admin/credit-transfers/approve', finance, { transferId: row.id })).code).toBe(
      Code.CONFLICT,
    );
    // No refund can take the same money now.
    expect((await staffCall(t, '/admin/payouts/refund/request', finance, { orderId: settled.id })).code).toBe(
      Code.CONFLICT,
    );
    // A later payment on the settled loan rebuilds it: the credit applied stays applied, the new ₱50.00 is credit.
    await postPayment(
      db,
      {
        orderId: settled.id,
        provider: 'manual',
        reference: `LATE-${settled.id}`,
        amount: 5_000,
        kind: 'repayment',
        postedBy: 'test',
      },
      today,
    );
    expect(await net(settled.id, CREDIT_TRANSFERS_ACCOUNT)).toBe(-OVERPAID);
    expect(await net(settled.id, CREDIT_ACCOUNT)).toBe(-5_000);
    expect(await ledgerProblems(db)).toEqual([]);
  });

  it('credit larger than the running loan owes pays it off and the rest stays as credit; a refused request leaves everything as it was', async () => {
    const { borrowerId, settled, running, headers } = await settledAndRunning('09171239002');
    // The running loan is paid down to ₱100.00 owed.
    const owed = await payoff(running.id);
    await postPayment(
      db,
      {
        orderId: running.id,
        provider: 'manual',
        reference: `DOWN-${running.id}`,
        amount: owed - 10_000,
        kind: 'repayment',
        postedBy: 'test',
      },
      today,
    );
    const asked = await apply(settled.id, running.id, headers);
    expect(asked.data.amount).toBe(10_000);
    const row = (await requests()).find((r: { reference: string }) => r.reference === asked.data.reference);

    const refused = await staffCall(t, '/admin/credit-transfers/reject', finance, {
      transferId: row.id,
      reason: 'Borrower called to keep it for a refund',
    });
    expect(refused).toMatchObject({
      code: 0,
      data: { transfer: { status: 'rejected', reason: 'Borrower called to keep it for a refund' } },
    });
    expect(await payoff(running.id)).toBe(10_000);
    expect((await details(settled.id, headers)).creditUse).toMatchObject({ toOrderId: running.id });

    const again = await apply(settled.id, running.id, headers);
    expect(again.data.reference).toBe(`CRD-${settled.orderNo}-2`);
    const second = (await requests()).find((r: { reference: string }) => r.reference === again.data.reference);
    expect(await staffCall(t, '/admin/credit-transfers/approve', finance, { transferId: second.id })).toMatchObject({
      data: { transfer: { status: 'posted' } },
    });
    expect((await orderRow(running.id)).status).toBe(OrderStatus.SETTLED);
    // ₱150.00 of the ₱250.00 is still the borrower's.
    expect(await net(settled.id, CREDIT_ACCOUNT)).toBe(-15_000);
    expect((await details(settled.id, headers)).userOrderDetail.detail).toContainEqual({
      text: 'Your credit (paid over what was owed)',
      value: '₱150.00',
    });
    expect(await ledgerProblems(db)).toEqual([]);
    expect(borrowerId).toBeGreaterThan(0);
  });

  it("refuses another borrower's orders, an order without credit and the same order, changing nothing", async () => {
    const mine = await settledAndRunning('09171239003');
    const theirs = await settledAndRunning('09171239004');
    expect((await apply(theirs.settled.id, mine.running.id, mine.headers)).code).toBe(Code.NOT_FOUND);
    expect((await apply(mine.settled.id, theirs.running.id, mine.headers)).code).toBe(Code.NOT_FOUND);
    expect((await apply(mine.running.id, mine.settled.id, mine.headers)).code).toBe(Code.CONFLICT);
    expect(await apply(mine.settled.id, mine.settled.id, mine.headers)).toMatchObject({
      code: Code.BAD_REQUEST,
      data: { field: 'toOrderId' },
    });
    expect((await apply(mine.settled.id, 0, mine.headers)).code).toBe(Code.BAD_REQUEST);
    // A borrower cannot decide their own request: the desk calls are finance's.
    expect(
      (await t.app.inject({ method: 'GET', url: '/owner/admin/credit-transfers', headers: mine.headers })).statusCode,
    ).toBe(401);
    expect(
      await db
        .select()
        .from(payments)
        .where(and(eq(payments.orderId, mine.running.id), eq(payments.provider, 'credit'))),
    ).toEqual([]);
    expect((await details(mine.settled.id, mine.headers)).creditUse).toMatchObject({ toOrderId: mine.running.id });
  });

  it('two requests at once make one', async () => {
    const { settled, running, headers } = await settledAndRunning('09171239005');
    const replies = await Promise.all([1, 2, 3, 4].map(() => apply(settled.id, running.id, headers)));
    expect(replies.filter((r) => r.code === 0)).toHaveLength(1);
    expect(replies.filter((r) => r.code === Code.CONFLICT)).toHaveLength(3);
  });

  it('reversing the credit payment reverses the transfer whole: the credit returns to the settled loan, the running loan owes it again, the clearing account nets to zero', async () => {
    const { settled, running, headers } = await settledAndRunning('09171239007');
    const owedBefore = await payoff(running.id);
    const asked = await apply(settled.id, running.id, headers);
    const row = (await requests()).find((r: { reference: string }) => r.reference === asked.data.reference);
    expect((await staffCall(t, '/admin/credit-transfers/approve', finance, { transferId: row.id })).code).toBe(0);
    const [paid] = await db
      .select()
      .from(payments)
      .where(and(eq(payments.orderId, running.id), eq(payments.provider, 'credit')));

    const second = await staffHeader(t, ['finance'], 'fe.second@hiram.test');
    const reversal = await staffCall(t, '/admin/loans/reverse-payment', finance, {
      paymentId: paid!.id,
      reason: 'borrower withdrew consent',
    });
    expect(reversal.code).toBe(0);
    const done = await staffCall(t, '/admin/loans/reverse-payment/approve', second, {
      requestId: (reversal.data as { reversal: { id: number } }).reversal.id,
    });
    expect(done).toMatchObject({ code: 0, data: { duplicate: false } });

    expect(await payoff(running.id)).toBe(owedBefore);
    expect(await net(settled.id, CREDIT_ACCOUNT)).toBe(-OVERPAID);
    expect(await net(settled.id, CREDIT_TRANSFERS_ACCOUNT)).toBe(0);
    expect(await net(running.id, CREDIT_TRANSFERS_ACCOUNT)).toBe(0);
    const transfer = (await requests()).find((r: { reference: string }) => r.reference === asked.data.reference);
    expect(transfer.status).toBe('reversed');
    expect(await ledgerProblems(db)).toEqual([]);
    // The credit is the borrower's to use again.
    expect((await details(settled.id, headers)).creditUse).toMatchObject({ toOrderId: running.id });
  });
});
