import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { Code } from '../../../../shared/codes';
import { manilaToday } from '../../../../shared/format/date';
import {
  applicationAnswers,
  borrowers,
  creditNotes,
  loanOrders,
  orderEvents,
  payoutAccounts,
} from '../../../db/schema';
import { authHeader, buildTestApp } from '../../../test/test-app';
import { newBorrower } from '../../../test/test-borrowers';
import { decide, disburse, submitApplication, postPayment, payoffOf, readLoanState } from '../../../money';
import { exposureOf } from './credit-review';
import { createStaff } from '../staff/staff-service';
import { STAFF_PASSWORD, signInStaff } from '../../../test/staff-support';

const t = await buildTestApp();
const db = t.database.db;
const today = manilaToday();
await createStaff(db, {
  email: 'rey.review@hiram.test',
  name: 'Rey Review',
  roles: ['credit'],
  password: STAFF_PASSWORD,
});
const credit = { authorization: `Staff ${await signInStaff(t, 'rey.review@hiram.test')}` };

const get = async (url: string) => (await t.app.inject({ url: `/owner${url}`, headers: credit })).json();
const post = async (url: string, payload: Record<string, string>) =>
  (await t.app.inject({ method: 'POST', url: `/owner${url}`, headers: credit, payload })).json();
const queueRow = async (orderId: number) =>
  (await get('/admin/loans/applications?pageSize=100&order=desc')).data.list.find(
    (o: { orderId: number }) => o.orderId === orderId,
  );
const phoneOf = async (borrowerId: number) =>
  (await db.select({ phone: borrowers.phone }).from(borrowers).where(eq(borrowers.id, borrowerId)))[0]!.phone;

async function applying(fullName: string) {
  const borrowerId = await newBorrower(db, fullName);
  const order = await submitApplication(db, { borrowerId, productId: 1, amount: 300_000 }, today);
  return { borrowerId, order };
}
const setIdNumber = (borrowerId: number, idNumber: string) =>
  db
    .update(applicationAnswers)
    .set({ answers: sql`${applicationAnswers.answers} || ${JSON.stringify({ idNumber })}::jsonb` })
    .where(and(eq(applicationAnswers.borrowerId, borrowerId), eq(applicationAnswers.section, 'public')));

describe('the credit desk: duplicate signals, exposure, reasons from a list and the decision history', () => {
  it('a second application with the same ID number (written differently) shows the signal, naming the first borrower; it is approved only with a reason', async () => {
    const first = await applying('Lorna Una');
    const second = await applying('Lorna Dalawa');
    await setIdNumber(first.borrowerId, 'PSN 9911-2233-4455');
    await setIdNumber(second.borrowerId, 'psn-991122334455');
    expect(await queueRow(second.order.id)).toMatchObject({
      orderNo: second.order.orderNo,
      signals: 1,
      outstanding: 0,
    });

    const review = await get(`/admin/loans/review?orderId=${second.order.id}`);
    expect(review.code).toBe(0);
    expect(review.data.signals).toEqual([
      {
        kind: 'idNumber',
        value: 'psn-991122334455',
        detail: 'the same ID number in their application',
        borrowers: [{ borrowerId: first.borrowerId, phone: await phoneOf(first.borrowerId), fullName: 'Lorna Una' }],
      },
    ]);

    const bare = await post('/admin/loans/approve', { orderId: String(second.order.id) });
    expect(bare).toMatchObject({
      code: Code.BAD_REQUEST,
      data: { field: 'reasonCode' },
      message: 'This borrower shares details with other borrowers: choose why you approve it',
    });
    expect(await queueRow(second.order.id)).toBeDefined();
    expect((await post('/admin/loans/approve', { orderId: String(second.order.id), reasonCode: 'maybe' })).code).toBe(
      Code.BAD_REQUEST,
    );
    const approved = await post('/admin/loans/approve', {
      orderId: String(second.order.id),
      reasonCode: 'explained',
      note: 'Same person re-registered with a new SIM; first account closed.',
    });
    expect(approved).toMatchObject({ code: 0, data: { status: 110 } });
    // Without a signal no reason is needed.
    const plain = await applying('Nora Walang');
    expect(await queueRow(plain.order.id)).toMatchObject({ signals: 0 });
    expect((await post('/admin/loans/approve', { orderId: String(plain.order.id) })).code).toBe(0);
  });

  it('the same payout account, and a sign-in mobile that is another borrower’s e-wallet, are signals too', async () => {
    const owner = await applying('Paz Account');
    const sharer = await applying('Pio Account');
    const ownerPhone = await phoneOf(owner.borrowerId);
    // The sharer's GCash is the owner's mobile: the owner's sign-in is the sharer's wallet, and both bound the same number.
    await db
      .update(payoutAccounts)
      .set({ accountNo: ownerPhone })
      .where(eq(payoutAccounts.borrowerId, sharer.borrowerId));
    const review = await get(`/admin/loans/review?orderId=${sharer.order.id}`);
    expect(review.data.signals.map((s: { kind: string; value: string }) => [s.kind, s.value])).toEqual([
      ['payoutAccount', ownerPhone],
      ['phone', ownerPhone],
    ]);
    expect(review.data.signals[1].borrowers[0]).toMatchObject({
      borrowerId: owner.borrowerId,
      fullName: 'Paz Account',
    });
    expect((await queueRow(owner.order.id)).signals).toBe(2);
  });

  it('a refusal takes a reason from the list and words of credit’s own, which the borrower reads; neither is refused', async () => {
    const { borrowerId, order } = await applying('Rita Tanggi');
    expect(await post('/admin/loans/reject', { orderId: String(order.id) })).toMatchObject({
      code: Code.BAD_REQUEST,
      data: { field: 'reason' },
      message: 'Give the reason for the borrower',
    });
    expect(
      await post('/admin/loans/reject', {
        orderId: String(order.id),
        reasonCode: 'income',
        reason: 'Please apply for ₱2,000 or less.',
      }),
    ).toMatchObject({ code: 0, data: { status: 151 } });
    const page = await t.app.inject({
      url: `/owner/v3/loan-details/loan-details?orderId=${order.id}`,
      headers: authHeader(await t.login(await phoneOf(borrowerId))),
    });
    expect(page.json().data.userOrderDetail.detail).toContainEqual({
      text: 'Reason',
      value: 'The income you told us does not support this amount. Please apply for ₱2,000 or less.',
    });
  });

  it('a refusal keeps the reason the borrower reads and an internal note apart: the note reaches no borrower call', async () => {
    const { borrowerId, order } = await applying('Nilo Tala');
    const NOTE = 'Internal: selfie looks reused from borrower 4411, possible ring';
    expect(
      await post('/admin/loans/reject', {
        orderId: String(order.id),
        reasonCode: 'income',
        reason: 'You may apply again next month.',
        internalNote: NOTE,
      }),
    ).toMatchObject({ code: 0, data: { status: 151 } });
    const borrower = authHeader(await t.login(await phoneOf(borrowerId)));
    const seen = [
      `/owner/v3/loan-details/loan-details?orderId=${order.id}`,
      `/owner/v3/records/order?orderId=${order.id}`,
      '/owner/v3/home/overview',
    ];
    for (const url of seen) {
      const body = (await t.app.inject({ url, headers: borrower })).body;
      expect({ url, leaks: body.includes('selfie looks reused') }).toEqual({ url, leaks: false });
    }
    const details = (await t.app.inject({ url: seen[0]!, headers: borrower })).json();
    expect(details.data.userOrderDetail.detail).toContainEqual({
      text: 'Reason',
      value: 'The income you told us does not support this amount. You may apply again next month.',
    });
    const [kept] = await db.select().from(creditNotes).where(eq(creditNotes.orderId, order.id));
    expect(kept).toMatchObject({ note: NOTE, actor: expect.any(String) });
    const [event] = await db
      .select({ reason: orderEvents.reason })
      .from(orderEvents)
      .where(and(eq(orderEvents.orderId, order.id), eq(orderEvents.toStatus, 151)));
    expect(event?.reason).not.toContain('selfie');
  });

  it('the review lists the borrower’s other loans, what they owe and every decision on them; only an application in review is reviewed', async () => {
    const { borrowerId, order: earlier } = await applying('Vito Ulit');
    await decide(
      db,
      earlier.id,
      { approve: true, actor: 'cara@hiram.test', reason: 'Meets the lending rules.' },
      today,
    );
    await disburse(db, earlier.id, 'test', today);
    expect(await get(`/admin/loans/review?orderId=${earlier.id}`)).toMatchObject({
      code: Code.CONFLICT,
      message: `${earlier.orderNo} is not waiting for a credit decision`,
    });
    expect((await get('/admin/loans/review?orderId=999999')).code).toBe(Code.NOT_FOUND);
    // While it runs, it is what the borrower owes: its payoff today.
    const running = (await db.query.loanOrders.findFirst({ where: eq(loanOrders.id, earlier.id) }))!;
    const owed = payoffOf(readLoanState(running.loanState));
    expect(exposureOf([running], today)).toEqual({ openLoans: 1, outstanding: owed });

    await postPayment(
      db,
      {
        orderId: earlier.id,
        provider: 'manual',
        reference: `PAID-${earlier.id}`,
        amount: owed,
        kind: 'repayment',
        postedBy: 'test',
      },
      today,
    );
    const next = await submitApplication(db, { borrowerId, productId: 1, amount: 300_000 }, today);
    const review = (await get(`/admin/loans/review?orderId=${next.id}`)).data;
    expect(review.exposure).toEqual({ openLoans: 0, outstanding: 0 });
    expect(review.otherLoans).toEqual([
      {
        orderNo: earlier.orderNo,
        status: 200,
        statusText: expect.any(String),
        amount: 300_000,
        createdAt: expect.any(String),
      },
    ]);
    expect(review.decisions).toEqual([
      {
        orderNo: earlier.orderNo,
        status: 110,
        actor: 'cara@hiram.test',
        reason: 'Meets the lending rules.',
        at: expect.any(String),
      },
    ]);
  });
});
