import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { Code } from '../../../shared/codes';
import { auditLog, loanOrders, manualPostings, payments } from '../../db/schema';
import { payoffOf } from '../loans/repayable';
import { manilaToday } from '../../../shared/format/date';
import type { IsoDate } from '../../domain/loan';
import { buildTestApp } from '../../test/test-app';
import { staffHeader } from '../../test/staff-support';
import { ledgerProblems } from '../ledger/ledger-check';
import { decide, disburse, submitApplication } from '../loans/lifecycle';
import { newBorrower } from '../../test/test-borrowers';
import { readLoanState } from '../loans/stored-state';

const t = await buildTestApp();
const db = t.database.db;
const today = '2026-11-26';
const maker = await staffHeader(t, ['finance'], 'maker@hiram.test');
const checker = await staffHeader(t, ['finance'], 'checker@hiram.test');

async function openLoan() {
  const order = await submitApplication(
    db,
    { borrowerId: await newBorrower(db), productId: 1, amount: 500_000 },
    today,
  );
  await decide(db, order.id, { approve: true, actor: 'test' }, today);
  await disburse(db, order.id, 'test', today);
  const row = await db.query.loanOrders.findFirst({ where: eq(loanOrders.id, order.id) });
  return {
    id: order.id,
    orderNo: order.orderNo,
    // What settles the loan on the server's day (early payoff: interest only to that day): the cap counts from it.
    payoff: payoffOf(readLoanState(row?.loanState), manilaToday() as IsoDate),
  };
}

const call = (path: string, headers: Record<string, string>, payload: Record<string, string | number>) =>
  t.app.inject({ method: 'POST', url: `/owner/admin/loans/${path}`, headers, payload }).then((r) => r.json());

describe('manual posting: by contract number, bounded, approved by a second finance user', () => {
  it('is entered by contract number, waits for a second person, then posts once; both are in the audit log', async () => {
    const loan = await openLoan();
    const entered = await call('manual-payment', maker, {
      orderNo: loan.orderNo.toLowerCase(),
      reference: 'BDO-778812',
      amount: 150_000,
    });
    expect(entered).toMatchObject({
      code: 0,
      data: {
        duplicate: false,
        posting: { orderNo: loan.orderNo, status: 'pending', requestedBy: 'maker@hiram.test' },
      },
    });
    expect(await db.select().from(payments).where(eq(payments.orderId, loan.id))).toHaveLength(0);

    const own = await call('manual-payment/approve', maker, { requestId: entered.data.posting.id });
    expect(own.code).toBe(Code.FORBIDDEN);
    expect(await db.select().from(payments).where(eq(payments.orderId, loan.id))).toHaveLength(0);

    const approved = await call('manual-payment/approve', checker, { requestId: entered.data.posting.id });
    expect(approved).toMatchObject({ code: 0, data: { duplicate: false, orderId: loan.id } });
    const [payment] = await db.select().from(payments).where(eq(payments.orderId, loan.id));
    expect(payment).toMatchObject({
      provider: 'manual',
      reference: 'BDO-778812',
      amount: 150_000,
      postedBy: 'maker@hiram.test + checker@hiram.test',
    });
    const [request] = await db.select().from(manualPostings).where(eq(manualPostings.id, entered.data.posting.id));
    expect(request).toMatchObject({ status: 'posted', decidedBy: 'checker@hiram.test', paymentId: payment?.id });
    const actions = (await db.select().from(auditLog))
      .filter((a) => a.entity === 'order' && a.entityId === String(loan.id))
      .map((a) => `${a.actor} ${a.action}`);
    expect(actions).toEqual(
      expect.arrayContaining([
        'maker@hiram.test operatorLoans.manualPayment',
        'checker@hiram.test operatorLoans.approveManualPayment',
      ]),
    );
    expect(await ledgerProblems(db)).toEqual([]);
  });

  it('a reference reused with another amount or contract is a conflict; the same entry again is the same request', async () => {
    const loan = await openLoan();
    const other = await openLoan();
    const first = await call('manual-payment', maker, {
      orderNo: loan.orderNo,
      reference: 'BPI-REUSED',
      amount: 10_000,
    });
    const again = await call('manual-payment', maker, {
      orderNo: loan.orderNo,
      reference: 'BPI-REUSED',
      amount: 10_000,
    });
    expect(again).toMatchObject({ code: 0, data: { duplicate: true, posting: { id: first.data.posting.id } } });
    expect(
      await call('manual-payment', maker, { orderNo: loan.orderNo, reference: 'BPI-REUSED', amount: 99_000 }),
    ).toMatchObject({ code: Code.CONFLICT });
    expect(
      await call('manual-payment', maker, { orderNo: other.orderNo, reference: 'BPI-REUSED', amount: 10_000 }),
    ).toMatchObject({ code: Code.CONFLICT });
    expect(await db.select().from(manualPostings).where(eq(manualPostings.reference, 'BPI-REUSED'))).toHaveLength(1);
  });

  it('refuses more than the payoff plus the tolerance, absurd amounts, unknown contracts and future dates, naming the field', async () => {
    const loan = await openLoan();
    const over = await call('manual-payment', maker, {
      orderNo: loan.orderNo,
      reference: 'OVER-1',
      amount: loan.payoff + 50_001,
    });
    expect(over).toMatchObject({ code: Code.BAD_REQUEST, data: { field: 'amount' } });
    expect(over.message).toMatch(/most this loan can take/);
    const atBound = await call('manual-payment', maker, {
      orderNo: loan.orderNo,
      reference: 'OVER-2',
      amount: loan.payoff + 50_000,
    });
    expect(atBound.code).toBe(0);
    expect(
      (
        await call('manual-payment', maker, {
          orderNo: loan.orderNo,
          reference: 'OVER-3',
          amount: 9_000_000_000_000_000,
        })
      ).code,
    ).toBe(Code.BAD_REQUEST);
    expect(
      await call('manual-payment', maker, { orderNo: 'HRM99999999', reference: 'NONE-1', amount: 100 }),
    ).toMatchObject({ code: Code.NOT_FOUND, data: { field: 'orderNo' } });
    expect(
      await call('manual-payment', maker, {
        orderNo: loan.orderNo,
        reference: 'FUT-1',
        amount: 100,
        valueDate: '2099-01-01',
      }),
    ).toMatchObject({ code: Code.BAD_REQUEST, data: { field: 'valueDate' } });
    expect(
      (
        await call('manual-payment', maker, {
          orderNo: loan.orderNo,
          reference: 'FUT-2',
          amount: 100,
          valueDate: '2026-02-31',
        })
      ).code,
    ).toBe(Code.BAD_REQUEST);
    expect(await db.select().from(manualPostings).where(eq(manualPostings.orderId, loan.id))).toHaveLength(1);
  });

  it('a rejected entry never posts', async () => {
    const loan = await openLoan();
    const entered = await call('manual-payment', maker, { orderNo: loan.orderNo, reference: 'REJ-1', amount: 10_000 });
    expect(
      await call('manual-payment/reject', checker, {
        requestId: entered.data.posting.id,
        reason: 'Not on the bank statement',
      }),
    ).toMatchObject({ code: 0, data: { posting: { status: 'rejected' } } });
    expect((await call('manual-payment/approve', checker, { requestId: entered.data.posting.id })).code).toBe(
      Code.CONFLICT,
    );
    expect(await db.select().from(payments).where(eq(payments.orderId, loan.id))).toHaveLength(0);
  });

  it('a reversal takes two finance users: one asks with a reason, another approves, and the loan goes back as it was', async () => {
    const loan = await openLoan();
    const entered = await call('manual-payment', maker, {
      orderNo: loan.orderNo,
      reference: 'REV-1',
      amount: loan.payoff,
    });
    const posted = await call('manual-payment/approve', checker, { requestId: entered.data.posting.id });
    expect(posted.data.orderStatus).toBe(200);
    expect((await call('reverse-payment', checker, { paymentId: posted.data.paymentId, reason: '' })).code).toBe(
      Code.BAD_REQUEST,
    );
    // The finding: one finance user alone reversed a payment. Now asking changes nothing yet.
    const asked = await call('reverse-payment', checker, {
      paymentId: posted.data.paymentId,
      reason: 'Deposit bounced',
    });
    expect(asked).toMatchObject({ code: 0, data: { duplicate: false, reversal: { status: 'pending' } } });
    const [still] = await db.select().from(payments).where(eq(payments.id, posted.data.paymentId));
    expect(still?.status).toBe('posted');
    const requestId = asked.data.reversal.id;
    expect((await call('reverse-payment/approve', checker, { requestId })).code).toBe(Code.FORBIDDEN);
    const reversed = await call('reverse-payment/approve', maker, { requestId });
    expect(reversed).toMatchObject({ code: 0, data: { duplicate: false, orderStatus: 170 } });
    const again = await call('reverse-payment/approve', maker, { requestId });
    expect(again).toMatchObject({ code: 0, data: { duplicate: true } });
    const [after] = await db.select().from(payments).where(eq(payments.id, posted.data.paymentId));
    expect(after?.reversedBy).toBe('checker@hiram.test + maker@hiram.test');
    expect(await ledgerProblems(db)).toEqual([]);
  });

  it('a rejected reversal leaves the payment posted and cannot be approved', async () => {
    const loan = await openLoan();
    const entered = await call('manual-payment', maker, { orderNo: loan.orderNo, reference: 'REV-2', amount: 10_000 });
    const posted = await call('manual-payment/approve', checker, { requestId: entered.data.posting.id });
    const asked = await call('reverse-payment', maker, { paymentId: posted.data.paymentId, reason: 'Looks doubled' });
    const requestId = asked.data.reversal.id;
    const rejected = await call('reverse-payment/reject', checker, { requestId, reason: 'Bank confirmed it' });
    expect(rejected).toMatchObject({ code: 0, data: { reversal: { status: 'rejected' } } });
    expect((await call('reverse-payment/approve', checker, { requestId })).code).toBe(Code.CONFLICT);
    const [payment] = await db.select().from(payments).where(eq(payments.id, posted.data.paymentId));
    expect(payment?.status).toBe('posted');
  });

  it('the cap holds at approval: of two postings each within payoff plus tolerance when entered, the second is refused once the first has paid the loan', async () => {
    const loan = await openLoan();
    const amount = loan.payoff + 40_000;
    const first = await call('manual-payment', maker, { orderNo: loan.orderNo, reference: 'CAP-1', amount });
    const second = await call('manual-payment', maker, { orderNo: loan.orderNo, reference: 'CAP-2', amount });
    expect([first.code, second.code]).toEqual([0, 0]);
    expect((await call('manual-payment/approve', checker, { requestId: first.data.posting.id })).code).toBe(0);
    const refused = await call('manual-payment/approve', checker, { requestId: second.data.posting.id });
    expect(refused.code).toBe(Code.CONFLICT);
    expect(refused.message).toContain('at most ₱500.00');
    const posted = await db.select().from(payments).where(eq(payments.orderId, loan.id));
    expect(posted.map((p) => p.reference)).toEqual(['CAP-1']);
    const [row] = await db.select().from(manualPostings).where(eq(manualPostings.reference, 'CAP-2'));
    expect(row?.status).toBe('pending');
    expect(await ledgerProblems(db)).toEqual([]);
  });
});
