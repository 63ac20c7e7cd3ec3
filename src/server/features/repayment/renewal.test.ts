import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { completeApplicationFor } from '../../db/seed/complete-application';
import { describe, expect, it } from 'vitest';
import { Code } from '../../../shared/codes';
import { manilaToday } from '../../../shared/format/date';
import { OrderStatus } from '../../../shared/order-status';
import { PAYMENT_CHANNELS } from '../../../shared/payment-channels';
import { borrowers, loanDisclosures, loanOrders, payments, payRequests, products } from '../../db/schema';
import { addDays, type IsoDate } from '../../domain/loan';
import { sandboxProvider, SIGNATURE_HEADER, sign, TIMESTAMP_HEADER } from '../../providers/payment/sandbox-provider';
import { authHeader, buildTestApp } from '../../test/test-app';
import { bringUpToDate, decide, disburse, submitApplication, ledgerProblems, postPayment } from '../../money';
import { repaymentService } from './repayment-service';
import { SANDBOX_CALLBACK_PATH } from './routes';

const SECRET = 'renewal-test-sandbox-secret-0123456789abcdef';
const t = await buildTestApp({ env: { PAYMENT_SANDBOX_SECRET: SECRET } });
const db = t.database.db;
const today = manilaToday();
const GCASH = PAYMENT_CHANNELS[0]!.channelNumber;
let phones = 0;

/** A borrower of its own with one loan of `productId` disbursed `daysAgo` days ago, accrued to `through`. */
async function borrowerWithLoan(productId: number, amount: number, daysAgo: number, through: IsoDate = today) {
  const phone = `0917999${String(++phones).padStart(4, '0')}`;
  const [borrower] = await db
    .insert(borrowers)
    .values({ phone, fullName: `Renewal Test ${phones}` })
    .returning();
  await completeApplicationFor(db, borrower!.id);
  const start = addDays(today, -daysAgo);
  const order = await submitApplication(db, { borrowerId: borrower!.id, productId, amount }, start);
  await decide(db, order.id, { approve: true, actor: 'test' }, start);
  await disburse(db, order.id, 'test', start);
  await bringUpToDate(db, order.id, through);
  return { borrowerId: borrower!.id, orderId: order.id, headers: authHeader(await t.login(phone)) };
}

const get = (path: string, query: Record<string, number>, headers: Record<string, string>) =>
  t.app
    .inject({
      method: 'GET',
      url: `/owner${path}`,
      query: Object.fromEntries(Object.entries(query).map(([k, v]) => [k, String(v)])),
      headers,
    })
    .then((r) => r.json());
const post = (path: string, body: Record<string, number>, headers: Record<string, string>) =>
  t.app
    .inject({
      method: 'POST',
      url: `/owner${path}`,
      headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams(Object.entries(body).map(([k, v]) => [k, String(v)])).toString(),
    })
    .then((r) => r.json());
function callback(event: Record<string, unknown>) {
  const body = JSON.stringify(event);
  const timestamp = String(Date.now());
  return t.app
    .inject({
      method: 'POST',
      url: SANDBOX_CALLBACK_PATH,
      headers: {
        'content-type': 'application/json',
        [TIMESTAMP_HEADER]: timestamp,
        [SIGNATURE_HEADER]: sign(SECRET, timestamp, body),
      },
      payload: body,
    })
    .then((r) => r.json());
}
const orderOf = async (id: number) => (await db.query.loanOrders.findFirst({ where: eq(loanOrders.id, id) }))!;
const renewalsOf = (orderId: number) =>
  db
    .select()
    .from(loanDisclosures)
    .where(and(eq(loanDisclosures.orderId, orderId), eq(loanDisclosures.kind, 'renewal')));

describe('spec 001 §2.9: an extension is offered only while the loan is due or overdue', () => {
  it('a loan not yet in its repayment window (170) is refused on delay-detail and pay-request, with the reason and nothing stored', async () => {
    const { orderId, headers } = await borrowerWithLoan(1, 500_000, 10);
    const order = await orderOf(orderId);
    expect(order.status).toBe(OrderStatus.REPAYING);
    const detail = await get('/v3/repayment/delay-detail', { orderId }, headers);
    expect(detail).toMatchObject({ code: Code.EXTENSION_NOT_OFFERED, data: { reason: 'not-due' } });
    expect(detail.message).toBe(
      `An extension opens 3 days before your due date (${order.dueDate}); until then there is nothing to extend`,
    );
    const pay = await post(
      '/v3/repayment/pay-request',
      { orderId, amount: 78_250, channelNumber: GCASH, isDelay: 1 },
      headers,
    );
    expect(pay).toMatchObject({ code: Code.EXTENSION_NOT_OFFERED, data: { reason: 'not-due' } });
    expect(await db.select().from(payRequests).where(eq(payRequests.orderId, orderId))).toHaveLength(0);
  });

  it('a due loan whose product has no extensions (Hiram Flex) is refused with that reason', async () => {
    const { orderId, headers } = await borrowerWithLoan(3, 500_000, 29);
    expect((await orderOf(orderId)).status).toBe(OrderStatus.DUE);
    const detail = await get('/v3/repayment/delay-detail', { orderId }, headers);
    expect(detail).toMatchObject({ code: Code.EXTENSION_NOT_OFFERED, data: { reason: 'not-allowed' } });
    expect(detail.message).toMatch(/does not offer extensions/);
  });

  it('a multi-installment loan shows the real next installment and the renewal terms before paying', async () => {
    // Hiram Plus ₱20,000, installment 1 (333,333 + 60,000) due today. Delay: 60,000 interest + 1.5% fee
    // 30,000 = 90,000. After it installment 1 is 333,333 + 60,000 + 60,000 extension interest, 60,000 paid:
    // next payment 393,333 (₱3,933.33) in 30 days — not ₱20,600 (principal + extension interest).
    const { orderId, headers } = await borrowerWithLoan(2, 2_000_000, 30);
    expect((await orderOf(orderId)).status).toBe(OrderStatus.DUE);
    const res = await get('/v3/repayment/delay-detail', { orderId }, headers);
    expect(res.code, JSON.stringify(res)).toBe(0);
    expect(res.data.delayInfo.delayAmount).toBe(90_000);
    expect(res.data.nextPaymentDate).toBe(addDays(today, 30));
    expect(res.data.repayPlan[1]).toMatchObject({
      title: 'Next installment after extending',
      amount: 393_333,
      time: addDays(today, 30),
    });
    expect(res.data.renewal).toMatchObject({
      validThrough: addDays(today, 1),
      interestDue: 60_000,
      extensionFee: 30_000,
      extensionInterest: 60_000,
    });
    expect(res.data.renewal.schedule).toHaveLength(6);
    expect(res.data.renewal.schedule[0]).toEqual({ dueDate: addDays(today, 30), amount: 393_333 });
  });
});

describe('spec 001 §2.9, §9: an extension paid within its quote window extends at the quoted amount', () => {
  it('quoted and paid on the due date, confirmed the next day without a paid-at: still an extension, renewal recorded', async () => {
    // Hiram Cash ₱5,000 for 91 days, due yesterday; close of business has not run for today.
    const yesterday = addDays(today, -1);
    const { borrowerId, orderId, headers } = await borrowerWithLoan(1, 500_000, 92, yesterday);
    // The borrower asked yesterday: 68,250 interest + 2% fee 10,000 = 78,250, honoured through today.
    const service = repaymentService(db, sandboxProvider(SECRET));
    const { reference } = await service.payRequest(
      borrowerId,
      { orderId, amount: 78_250, channelNumber: GCASH, isDelay: 1 },
      yesterday,
    );
    await db
      .update(payRequests)
      .set({ createdAt: sql`now() - interval '1 day'` })
      .where(eq(payRequests.reference, reference));
    const [request] = await db.select().from(payRequests).where(eq(payRequests.reference, reference));
    expect(request!.quote).toMatchObject({ quotedOn: yesterday, validThrough: today, delayAmount: 78_250 });
    // Confirmed today with no paid-at: the value date is today, a late day, when 78,250 no longer covers
    // the first day's penalty. The stored quote is honoured: the day is waived and the loan extends.
    const res = await callback({ eventId: randomUUID(), reference, amount: 78_250, status: 'paid' });
    expect(res, JSON.stringify(res)).toMatchObject({
      code: 0,
      data: { status: 'paid', orderStatus: OrderStatus.REPAYING },
    });
    const after = await orderOf(orderId);
    expect(after.dueDate).toBe(addDays(today, 91));
    const [posting] = await db.select().from(payments).where(eq(payments.reference, reference));
    expect(posting).toMatchObject({ valueDate: today, kind: 'extension' });
    expect(posting!.allocation).toMatchObject({
      extended: 1,
      interest: 68_250,
      fees: 10_000,
      penalties: 0,
      principal: 0,
      credit: 0,
    });
    const [renewal] = await renewalsOf(orderId);
    expect(renewal!.quote).toMatchObject({
      kind: 'renewal',
      reference,
      paidOn: today,
      nextDueDate: addDays(today, 91),
      offered: { delayAmount: 78_250 },
    });
    expect(await ledgerProblems(db)).toEqual([]);
    // The borrower reads the renewal among the disclosures of the order, after the original one.
    const mine = await get('/v3/loan-order/disclosures', { orderId }, headers);
    expect(mine.data.accepted.map((d: { kind: string }) => d.kind)).toEqual(['origination', 'renewal']);
    expect(mine.data.accepted[1].details).toContainEqual({ text: 'Extension payment', value: '₱782.50' });
    expect(mine.data.accepted[1].disclosure).toContainEqual({ text: 'Extension fee', value: '₱100.00' });
    expect(mine.data.accepted[1].repay_plans[0]).toMatchObject({ pay_time: addDays(today, 91) });
  });

  it('paid on the due date (the provider’s paid-at), confirmed the next day: the extension counts from the due date', async () => {
    const yesterday = addDays(today, -1);
    const { borrowerId, orderId } = await borrowerWithLoan(1, 500_000, 92, yesterday);
    const service = repaymentService(db, sandboxProvider(SECRET));
    const { reference } = await service.payRequest(
      borrowerId,
      { orderId, amount: 78_250, channelNumber: GCASH, isDelay: 1 },
      yesterday,
    );
    await db
      .update(payRequests)
      .set({ createdAt: sql`now() - interval '1 day'` })
      .where(eq(payRequests.reference, reference));
    const res = await callback({
      eventId: randomUUID(),
      reference,
      amount: 78_250,
      status: 'paid',
      paidAt: `${yesterday}T23:59:00+08:00`,
    });
    expect(res.data.orderStatus).toBe(OrderStatus.REPAYING);
    const [posting] = await db.select().from(payments).where(eq(payments.reference, reference));
    expect(posting).toMatchObject({ valueDate: yesterday });
    expect(posting!.allocation).toMatchObject({ extended: 1, interest: 68_250, fees: 10_000, penalties: 0 });
    expect((await orderOf(orderId)).dueDate).toBe(addDays(yesterday, 91));
  });

  it('an overdue loan comes out current: new due date counted from the payment day, status 170', async () => {
    const { orderId, headers } = await borrowerWithLoan(1, 500_000, 191);
    expect((await orderOf(orderId)).status).toBe(OrderStatus.OVERDUE);
    const delay = await get('/v3/repayment/delay-detail', { orderId }, headers);
    expect(delay.data.nextPaymentDate).toBe(addDays(today, 91));
    const pay = await post(
      '/v3/repayment/pay-request',
      { orderId, amount: delay.data.delayInfo.delayAmount, channelNumber: GCASH, isDelay: 1 },
      headers,
    );
    const res = await callback({
      eventId: randomUUID(),
      reference: pay.data.reference,
      amount: delay.data.delayInfo.delayAmount,
      status: 'paid',
    });
    expect(res.data.orderStatus).toBe(OrderStatus.REPAYING);
    expect((await orderOf(orderId)).dueDate).toBe(addDays(today, 91));
    expect(await renewalsOf(orderId)).toHaveLength(1);
  });
});

describe('spec 001 §9: the repay page offers the payoff once prepayment is open, and paying it settles the loan', () => {
  it('Hiram Flex ₱10,000, installments 1–2 paid on time, a day later: pay off ₱5,006.00 with ₱264.00 rebated', async () => {
    const { orderId, headers } = await borrowerWithLoan(3, 1_000_000, 61);
    const start = addDays(today, -61);
    for (const [days, amount] of [
      [30, 286_000],
      [60, 277_000],
    ] as const) {
      const paid = await postPayment(
        db,
        {
          orderId,
          provider: 'manual',
          reference: `flex-${orderId}-${days}`,
          amount,
          kind: 'repayment',
          postedBy: 'test',
          valueDate: addDays(start, days),
        },
        today,
      );
      expect(paid.duplicate).toBe(false);
    }
    const detail = await get('/v3/repayment/installment-detail', { orderId }, headers);
    expect(detail.data.payoff).toEqual({ amount: 500_600, rebate: 26_400, asOf: today });
    const pay = await post('/v3/repayment/pay-request', { orderId, amount: 500_600, channelNumber: GCASH }, headers);
    expect(pay.code, JSON.stringify(pay)).toBe(0);
    const res = await callback({
      eventId: randomUUID(),
      reference: pay.data.reference,
      amount: 500_600,
      status: 'paid',
    });
    expect(res.data.orderStatus).toBe(OrderStatus.SETTLED);
    const [posting] = await db.select().from(payments).where(eq(payments.reference, pay.data.reference));
    expect(posting!.allocation).toMatchObject({ credit: 0 });
    expect(await ledgerProblems(db)).toEqual([]);
  });

  it('the payoff quoted yesterday and confirmed today without a paid-at still settles the loan at the quoted figure', async () => {
    const yesterday = addDays(today, -1);
    const { borrowerId, orderId } = await borrowerWithLoan(3, 1_000_000, 62, yesterday);
    const start = addDays(today, -62);
    await postPayment(
      db,
      {
        orderId,
        provider: 'manual',
        reference: `flex-${orderId}-1`,
        amount: 286_000,
        kind: 'repayment',
        postedBy: 'test',
        valueDate: addDays(start, 30),
      },
      yesterday,
    );
    await postPayment(
      db,
      {
        orderId,
        provider: 'manual',
        reference: `flex-${orderId}-2`,
        amount: 277_000,
        kind: 'repayment',
        postedBy: 'test',
        valueDate: addDays(start, 60),
      },
      yesterday,
    );
    // Yesterday was day 61: payoff 500,600 (as above); today it would be 501,200.
    const service = repaymentService(db, sandboxProvider(SECRET));
    const { reference } = await service.payRequest(
      borrowerId,
      { orderId, amount: 500_600, channelNumber: GCASH, isDelay: 0 },
      yesterday,
    );
    await db
      .update(payRequests)
      .set({ createdAt: sql`now() - interval '1 day'` })
      .where(eq(payRequests.reference, reference));
    const [request] = await db.select().from(payRequests).where(eq(payRequests.reference, reference));
    expect(request!.quote).toEqual({
      kind: 'payoff',
      payoff: 500_600,
      rebate: 26_400,
      quotedOn: yesterday,
      validThrough: today,
    });
    const res = await callback({ eventId: randomUUID(), reference, amount: 500_600, status: 'paid' });
    expect(res.data.orderStatus).toBe(OrderStatus.SETTLED);
    expect(await ledgerProblems(db)).toEqual([]);
  });

  it('early payoff from the first day: on day 20 the payoff charges interest only to today', async () => {
    // Hiram Flex ₱10,000, 4 × 30 days at 0.12% a day: installment 1 earns 36,000 over 30 days,
    // 1,200 a day; day 20: 24,000. Payoff 1,024,000; 90,000 − 24,000 = 66,000 not charged.
    const { orderId, headers } = await borrowerWithLoan(3, 1_000_000, 20);
    const detail = await get('/v3/repayment/installment-detail', { orderId }, headers);
    expect(detail.code).toBe(0);
    expect(detail.data.payoff).toEqual({ amount: 1_024_000, rebate: 66_000, asOf: today });
    expect(detail.data.lockIn).toBeUndefined();
  });

  it('spec 001 §2.8: on day 0 of a one-payment loan the amount to pay today settles it, and the amount on the repayment date is said beside it', async () => {
    // Hiram Cash ₱5,000 for 91 days at 0.15% a day: 68,250 of interest falls due on the date; on
    // day 0 none of it is earned, so paying 500,000 today settles the loan.
    const { orderId, headers } = await borrowerWithLoan(1, 500_000, 0);
    const detail = await get('/v3/repayment/installment-detail', { orderId }, headers);
    expect(detail.data.repayAmount).toBe(500_000);
    expect(detail.data.payoff).toEqual({ amount: 500_000, rebate: 68_250, asOf: today });
    expect(detail.data.amountOnDueDate).toBe(568_250);
  });

  it('spec 001 §2.8: an installment due for less than the payoff is the amount due, with no second amount for the date', async () => {
    const { orderId, headers } = await borrowerWithLoan(3, 1_000_000, 20);
    const detail = await get('/v3/repayment/installment-detail', { orderId }, headers);
    expect(detail.data.repayAmount).toBeLessThan(detail.data.payoff.amount);
    expect(detail.data.amountOnDueDate).toBeUndefined();
  });

  it('a product lock-in: no payoff offer before it ends, and the repay page says what paying in full now costs', async () => {
    const [flex] = await db.select().from(products).where(eq(products.id, 3));
    const lockIn = { minDaysAfterDisbursal: 7, minTermShareBps: 5_000 };
    await db
      .update(products)
      .set({ terms: { ...flex!.terms, prepayment: lockIn } })
      .where(eq(products.id, 3));
    try {
      // Lock-in: ceil(120 ÷ 2) = 60 days. On day 20 paying in full is everything owed, 1,090,000,
      // of which 90,000 − 24,000 = 66,000 is interest not yet earned.
      const { orderId, headers } = await borrowerWithLoan(3, 1_000_000, 20);
      const detail = await get('/v3/repayment/installment-detail', { orderId }, headers);
      expect(detail.data.payoff).toBeUndefined();
      expect(detail.data.lockIn).toEqual({ until: addDays(today, 40), payAll: 1_090_000, unearnedInterest: 66_000 });
    } finally {
      await db.update(products).set({ terms: flex!.terms }).where(eq(products.id, 3));
    }
  });
});
