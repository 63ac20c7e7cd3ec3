import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { Code } from '../../../shared/codes';
import { OrderStatus } from '../../../shared/order-status';
import { manilaToday } from '../../../shared/format/date';
import { cobRuns, loanOrders, orderEvents } from '../../db/schema';
import { addDays } from '../../domain/loan';
import { AppError } from '../../http/app-error';
import { buildTestApp } from '../../test/test-app';
import { staffHeader } from '../../test/staff-support';
import { ledgerProblems } from '../ledger/ledger-check';
import { decide, disburse, submitApplication } from './lifecycle';
import { newBorrower } from '../../test/test-borrowers';
import { bindWallet, disburseThroughPayout } from '../../test/payout-support';
import { readLoanState } from './stored-state';

const OPERATOR_TOKEN = 'lifecycle-test-operator-token';
const t = await buildTestApp({ env: { OPERATOR_TOKEN } });
const db = t.database.db;
const borrowerId = 1;
const operator = { authorization: `Operator ${OPERATOR_TOKEN}` };

async function orderCount(): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(loanOrders);
  return Number(row?.n ?? 0);
}

async function codeOf(promise: Promise<unknown>): Promise<number | string> {
  try {
    await promise;
  } catch (err) {
    if (err instanceof AppError) return err.code;
    throw err;
  }
  return 'no error';
}

describe('Order lifecycle', () => {
  it('an amount outside the product range is refused, naming the field, and creates nothing', async () => {
    const before = await orderCount();
    await expect(submitApplication(db, { borrowerId, productId: 1, amount: 100 }, '2026-01-05')).rejects.toMatchObject({
      code: Code.BAD_REQUEST,
      message: 'Choose an amount between ₱3,000.00 and ₱10,000.00',
      data: { field: 'amount' },
    });
    expect(await orderCount()).toBe(before);
  });

  it('architecture.md: Order states: submit → 21, approve → 110, disburse → 170 with the schedule fixed from the disbursal date', async () => {
    const order = await submitApplication(
      db,
      { borrowerId: await newBorrower(db), productId: 1, amount: 500_000 },
      '2026-01-05',
    );
    expect(order.status).toBe(OrderStatus.REVIEW);
    expect(order.orderNo).toBe(`HRM${String(order.id).padStart(8, '0')}`);
    await decide(db, order.id, { approve: true, actor: 'credit-1' }, '2026-01-06');
    // Disbursed a week after the application: the due date runs from the disbursal.
    const disbursed = await disburse(db, order.id, 'finance-1', '2026-01-12');
    expect(disbursed.status).toBe(OrderStatus.REPAYING);
    const row = await db.query.loanOrders.findFirst({ where: eq(loanOrders.id, order.id) });
    expect(row?.dueDate).toBe(addDays('2026-01-12', 91));
    expect(readLoanState(row!.loanState).installments[0]?.dueDate).toBe(addDays('2026-01-12', 91));
    const events = await db.select().from(orderEvents).where(eq(orderEvents.orderId, order.id));
    expect(events.map((e) => [e.fromStatus, e.toStatus, e.actor])).toEqual([
      [null, 21, 'borrower'],
      [21, 110, 'credit-1'],
      [110, 170, 'finance-1'],
    ]);
    expect(await ledgerProblems(db)).toEqual([]);
  });

  it('architecture.md: Order states: the state table refuses what it does not allow', async () => {
    const order = await submitApplication(
      db,
      { borrowerId: await newBorrower(db), productId: 1, amount: 500_000 },
      '2026-01-05',
    );
    expect(await codeOf(disburse(db, order.id, 'finance-1', '2026-01-05'))).toBe(Code.CONFLICT);
    await decide(
      db,
      order.id,
      { approve: false, reason: 'Income could not be verified', actor: 'credit-1' },
      '2026-01-05',
    );
    expect(await codeOf(decide(db, order.id, { approve: true, actor: 'credit-1' }, '2026-01-05'))).toBe(Code.CONFLICT);
    const row = await db.query.loanOrders.findFirst({ where: eq(loanOrders.id, order.id) });
    expect(row).toMatchObject({ status: OrderStatus.REJECTED, decisionReason: 'Income could not be verified' });
  });
});

describe('Operator API', () => {
  it('refuses a call without a staff credential and changes nothing', async () => {
    const order = await submitApplication(
      db,
      { borrowerId: await newBorrower(db), productId: 1, amount: 500_000 },
      '2026-01-05',
    );
    const res = await t.app.inject({
      method: 'POST',
      url: '/owner/admin/loans/approve',
      payload: { orderId: order.id },
    });
    expect(res.json().code).toBe(Code.SESSION_EXPIRED);
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/owner/admin/loans/approve',
      headers: { authorization: 'Operator not-the-token' },
      payload: { orderId: order.id },
    });
    expect(wrong.json().code).toBe(Code.SESSION_EXPIRED);
    expect((await db.query.loanOrders.findFirst({ where: eq(loanOrders.id, order.id) }))?.status).toBe(
      OrderStatus.REVIEW,
    );
  });

  it('approve, disburse and a manual payment posted twice by reference post once; the operator token is neither hand of four eyes', async () => {
    // Applied today: an application from before 2026-04-01 was priced under BSP Circular 1133 and
    // would need the borrower to accept the SEC circular's disclosure before a disbursal today.
    const borrower = await newBorrower(db);
    await bindWallet(db, borrower);
    const order = await submitApplication(db, { borrowerId: borrower, productId: 1, amount: 500_000 }, manilaToday());
    // A person enters it: the operator token is never either half of a four-eyes decision.
    const maker = await staffHeader(t, ['credit', 'finance']);
    const call = (url: string, payload: object) =>
      t.app.inject({ method: 'POST', url: `/owner/admin/loans/${url}`, headers: maker, payload }).then((r) => r.json());
    expect(await call('approve', { orderId: order.id })).toMatchObject({ code: 0, data: { status: 110 } });
    expect(await disburseThroughPayout(t, order.id)).toMatchObject({ status: 'succeeded' });
    expect((await db.query.loanOrders.findFirst({ where: eq(loanOrders.id, order.id) }))?.status).toBe(
      OrderStatus.REPAYING,
    );
    // The operator token is automation, not a person: it cannot enter money.
    const byToken = await t.app
      .inject({
        method: 'POST',
        url: '/owner/admin/loans/manual-payment',
        headers: operator,
        payload: { orderNo: order.orderNo, reference: 'OR-123456', amount: 10_000 },
      })
      .then((r) => r.json());
    expect(byToken.code).toBe(Code.FORBIDDEN);
    const entered = await call('manual-payment', { orderNo: order.orderNo, reference: 'OR-123456', amount: 10_000 });
    expect(entered).toMatchObject({ code: 0, data: { duplicate: false, posting: { status: 'pending' } } });
    const checker = await staffHeader(t, ['finance']);
    const approve = (headers: Record<string, string>) =>
      t.app
        .inject({
          method: 'POST',
          url: '/owner/admin/loans/manual-payment/approve',
          headers,
          payload: { requestId: entered.data.posting.id },
        })
        .then((r) => r.json());
    // The one who entered it cannot approve it.
    expect((await approve(maker)).code).toBe(Code.FORBIDDEN);
    expect((await approve(operator)).code).toBe(Code.FORBIDDEN);
    const first = await approve(checker);
    const again = await approve(checker);
    expect(first).toMatchObject({ code: 0, data: { duplicate: false } });
    expect(again).toMatchObject({ code: 0, data: { duplicate: true, paymentId: first.data.paymentId } });
    const bad = await t.app
      .inject({
        method: 'POST',
        url: '/owner/admin/loans/manual-payment',
        headers: maker,
        payload: { orderNo: order.orderNo, reference: 'OR-123457', amount: -5 },
      })
      .then((r) => r.json());
    expect(bad.code).toBe(Code.BAD_REQUEST);
    expect(bad.message).toMatch(/amount/i);
    expect(await ledgerProblems(db)).toEqual([]);
  });

  it('business dates never run ahead: close of business for tomorrow, a disbursal dated 2030 or before the approval, and 2026-02-31 are refused with 400 and change nothing', async () => {
    const today = manilaToday();
    const tomorrow = addDays(today, 1);
    const cob = await t.app.inject({
      method: 'POST',
      url: '/owner/admin/loans/close-of-business',
      headers: operator,
      payload: { date: tomorrow },
    });
    expect(cob.json()).toMatchObject({ code: Code.BAD_REQUEST, data: { field: 'date' } });
    expect(await db.select().from(cobRuns).where(eq(cobRuns.businessDate, tomorrow))).toHaveLength(0);

    const order = await submitApplication(
      db,
      { borrowerId: await newBorrower(db), productId: 1, amount: 500_000 },
      today,
    );
    await decide(db, order.id, { approve: true, actor: 'test' }, today);
    // The disbursal date comes from the payout provider's confirmation (features/payouts), held to the approval and now; disburse still guards it.
    for (const disbursalDate of ['2030-01-01', '1900-01-01', '2026-02-31', tomorrow]) {
      await expect(disburse(db, order.id, 'finance-1', disbursalDate, today), disbursalDate).rejects.toMatchObject({
        code: Code.BAD_REQUEST,
        data: { field: 'disbursalDate' },
      });
    }
    expect((await db.query.loanOrders.findFirst({ where: eq(loanOrders.id, order.id) }))?.status).toBe(
      OrderStatus.APPROVED,
    );
  });

  it('a back-dated disbursal is brought up to today: its status is today’s, not the disbursal day’s', async () => {
    const start = addDays(manilaToday(), -95);
    const order = await submitApplication(
      db,
      { borrowerId: await newBorrower(db), productId: 1, amount: 500_000 },
      start,
    );
    await decide(db, order.id, { approve: true, actor: 'test' }, start);
    expect(await disburse(db, order.id, 'finance-1', start, manilaToday())).toMatchObject({
      status: OrderStatus.OVERDUE,
    });
    const row = await db.query.loanOrders.findFirst({ where: eq(loanOrders.id, order.id) });
    if (!row?.loanState) throw new Error('not disbursed');
    expect(readLoanState(row.loanState).late.through).toBe(manilaToday());
    expect(await ledgerProblems(db)).toEqual([]);
  });

  it('close of business for a malformed date is refused naming the field', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/owner/admin/loans/close-of-business',
      headers: operator,
      payload: { date: '22/11/2026' },
    });
    expect(res.json().code).toBe(Code.BAD_REQUEST);
    expect(res.json().message).toMatch(/date/i);
  });
});
