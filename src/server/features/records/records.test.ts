import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { Code } from '../../../shared/codes';
import type { LoanDetails } from '../../../shared/contracts/loan-details';
import type { OrderRecords, PaymentCertificate, PaymentReceipt } from '../../../shared/contracts/records';
import { manilaToday } from '../../../shared/format/date';
import { formatMoney } from '../../../shared/format/money';
import { OrderStatus } from '../../../shared/order-status';
import { PAYMENT_CHANNELS } from '../../../shared/payment-channels';
import { borrowers, loanOrders, payments } from '../../db/schema';
import { addDays } from '../../domain/loan';
import { authHeader, buildTestApp } from '../../test/test-app';
import { newBorrower } from '../../test/test-borrowers';
import {
  ledgerProblems,
  decide,
  disburse,
  submitApplication,
  postPayment,
  reversePayment,
  payoffOf,
  stateOn,
  readLoanState,
} from '../../money';
import { bindWallet, financePair, staffCall } from '../../test/payout-support';

const SECRET = 'records-test-sandbox-secret-0123456789abcdef';
const t = await buildTestApp({ env: { PAYMENT_SANDBOX_SECRET: SECRET } });
const db = t.database.db;
const today = manilaToday();
const GCASH = PAYMENT_CHANNELS[0]!.channelNumber;

type Headers = Record<string, string>;
type Reply<T = Record<string, unknown>> = { status: number; code: number | string; message: string; data: T | null };

const get = <T>(
  path: string,
  query: Record<string, string | number>,
  headers: Headers,
  lang = 'en',
): Promise<Reply<T>> =>
  t.app
    .inject({
      method: 'GET',
      url: `/owner${path}`,
      query: Object.fromEntries(Object.entries(query).map(([k, v]) => [k, String(v)])),
      headers: { ...headers, 'accept-language': lang },
    })
    .then((r) => ({ status: r.statusCode, ...(r.json() as Omit<Reply<T>, 'status'>) }));
const post = (path: string, body: Record<string, string | number>, headers: Headers) =>
  t.app
    .inject({
      method: 'POST',
      url: `/owner${path}`,
      headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams(Object.entries(body).map(([k, v]) => [k, String(v)])).toString(),
    })
    .then((r) => r.json() as Omit<Reply, 'status'>);

const records = (orderId: number, headers: Headers, lang?: string) =>
  get<OrderRecords>('/v3/records/order', { orderId }, headers, lang);
const receipt = (orderId: number, paymentId: number, headers: Headers, lang?: string) =>
  get<PaymentReceipt>('/v3/records/receipt', { orderId, paymentId }, headers, lang);
const certificate = (orderId: number, headers: Headers, lang?: string) =>
  get<PaymentCertificate>('/v3/records/certificate', { orderId }, headers, lang);

/** A borrower of their own, signed in. */
async function signedInBorrower(fullName: string): Promise<{ borrowerId: number; headers: Headers }> {
  const borrowerId = await newBorrower(db, fullName);
  const [row] = await db.select().from(borrowers).where(eq(borrowers.id, borrowerId));
  return { borrowerId, headers: authHeader(await t.login(row!.phone)) };
}

/** A ₱5,000 loan of product 1 (91 days), disbursed on `day`. */
async function disbursedLoan(borrowerId: number, day = today) {
  const order = await submitApplication(db, { borrowerId, productId: 1, amount: 500_000 }, day);
  await decide(db, order.id, { approve: true, actor: 'test' }, day);
  await disburse(db, order.id, 'test', day);
  return order;
}

const loanOf = async (orderId: number) => {
  const row = (await db.query.loanOrders.findFirst({ where: eq(loanOrders.id, orderId) }))!;
  const state = readLoanState(row.loanState);
  return { ...row, loanState: state, state };
};

/** Pays through the sandbox as the borrower would: the pay request, then Pay on its checkout page. */
async function payWithGcash(orderId: number, amount: number, headers: Headers): Promise<string> {
  const asked = await post('/v3/repayment/pay-request', { orderId, amount, channelNumber: GCASH }, headers);
  expect(asked.code, asked.message).toBe(0);
  const { payUrl, reference } = asked.data as { payUrl: string; reference: string };
  const key = new URL(payUrl, 'http://x').searchParams.get('key') ?? '';
  const paid = await t.app.inject({
    method: 'POST',
    url: `/sandbox/pay/${reference}/pay`,
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'sec-fetch-site': 'same-origin' },
    payload: new URLSearchParams({ key }).toString(),
  });
  expect(paid.body).toContain('Payment received');
  return reference;
}

const allocationTotal = (a: PaymentReceipt['allocation']) =>
  a ? a.principal + a.interest + a.fees + a.penalties + a.otherCharges + a.credit : Number.NaN;

describe('records of an order: the schedule, payments and receipts as the engine and postings hold them', () => {
  it('a payment through GCash: listed with its channel and reference; its receipt sums to the payment and leaves the engine’s balance', async () => {
    const { borrowerId, headers } = await signedInBorrower('Lorna Records');
    const order = await disbursedLoan(borrowerId);
    const reference = await payWithGcash(order.id, 100_000, headers);

    const r = await records(order.id, headers);
    expect(r.code, r.message).toBe(0);
    const loan = await loanOf(order.id);
    const payoff = payoffOf(stateOn(loan, today));
    expect(r.data).toMatchObject({
      orderId: order.id,
      orderNo: order.orderNo,
      productId: 1,
      status: OrderStatus.REPAYING,
      amount: 500_000,
      disbursedOn: today,
      totalPaid: 100_000,
      credit: 0,
      settled: false,
      agreement: true,
    });
    expect(r.data!.payments).toEqual([
      {
        paymentId: expect.any(Number),
        paidOn: today,
        recordedAt: expect.any(String),
        channel: 'GCash',
        reference,
        amount: 100_000,
        kind: 'repayment',
        status: 'posted',
        reversedAt: null,
      },
    ]);
    // The schedule is the engine's loan: one installment of principal and interest, paid and left.
    const [installment] = loan.state.installments;
    expect(r.data!.schedule).toEqual([
      {
        kind: 'installment',
        period: 1,
        dueDate: installment!.dueDate,
        principal: 500_000,
        interest: installment!.interest,
        fees: 0,
        paid: 100_000,
        left: 500_000 + installment!.interest - 100_000,
        state: 'open',
      },
    ]);
    // What is left on the schedule is the contract's (the whole term's interest); paid off today it
    // costs less, interest only to today, and the order page shows that as the total to settle.
    expect(r.data!.totals).toEqual({
      principal: 500_000,
      interest: installment!.interest,
      fees: 0,
      paid: 100_000,
      left: 500_000 + installment!.interest - 100_000,
    });
    expect(payoff).toBeLessThan(500_000 + installment!.interest - 100_000);
    const page = await get<LoanDetails>('/v3/loan-details/loan-details', { orderId: order.id }, headers);
    expect(page.data!.userOrderDetail.detail).toContainEqual({ text: 'To settle today', value: formatMoney(payoff) });
    // The accepted disclosure is on record.
    expect(r.data!.disclosures).toEqual([
      { id: expect.any(Number), kind: 'origination', acceptedAt: expect.any(String) },
    ]);

    const paymentId = r.data!.payments[0]!.paymentId;
    const rc = await receipt(order.id, paymentId, headers);
    expect(rc.code, rc.message).toBe(0);
    expect(rc.data).toMatchObject({
      orderNo: order.orderNo,
      borrowerName: 'Lorna Records',
      payment: { reference, channel: 'GCash', amount: 100_000, paidOn: today, status: 'posted' },
      extended: false,
      remaining: payoff,
      creditLeft: 0,
      lender: {
        name: t.config.LENDER_NAME,
        secRegistrationNo: t.config.LENDER_SEC_REG_NO,
        certificateOfAuthorityNo: t.config.LENDER_CA_NO,
        address: t.config.LENDER_ADDRESS,
      },
    });
    // Before maturity a payment pays interest first, then principal, as it was posted.
    expect(rc.data!.allocation).toEqual({
      principal: 100_000 - installment!.interest,
      interest: installment!.interest,
      fees: 0,
      penalties: 0,
      otherCharges: 0,
      credit: 0,
    });
    expect(allocationTotal(rc.data!.allocation)).toBe(100_000);

    // Not settled: no certificate, and the refusal says why.
    const refused = await certificate(order.id, headers);
    expect(refused).toMatchObject({
      status: 409,
      code: Code.NOT_SETTLED,
      data: null,
      message: 'This loan is not paid in full yet. The certificate of full payment is issued once the loan is settled.',
    });
    expect((await certificate(order.id, headers, 'fil')).message).toMatch(/^Hindi pa buo ang bayad/);
  });

  it('a settled order: the paying-off receipt leaves nothing owed and shows the credit paid over; the certificate names borrower, contract, amounts, day and lender', async () => {
    const { borrowerId, headers } = await signedInBorrower('Dario Settled');
    const order = await disbursedLoan(borrowerId);
    await payWithGcash(order.id, 200_000, headers);
    const payoff = payoffOf(stateOn(await loanOf(order.id), today));
    const posted = await postPayment(
      db,
      {
        orderId: order.id,
        provider: 'manual',
        reference: `REC-PAYOFF-${order.id}`,
        amount: payoff + 25_000,
        kind: 'repayment',
        postedBy: 'test',
      },
      today,
    );
    expect(posted.orderStatus).toBe(OrderStatus.SETTLED);

    const r = await records(order.id, headers, 'fil');
    expect(r.data).toMatchObject({ status: 200, settled: true, totalPaid: 200_000 + payoff + 25_000, credit: 25_000 });
    expect(r.data!.totals.left).toBe(0);
    expect(r.data!.schedule.map((row) => row.state)).toEqual(['paid']);
    // Money received outside the providers is labelled in the reader's language.
    expect(r.data!.payments.map((p) => p.channel)).toEqual([
      'GCash',
      'Direktang ibinayad sa nagpapautang (inilagay ng aming finance team)',
    ]);

    for (const p of r.data!.payments) {
      const rc = await receipt(order.id, p.paymentId, headers);
      expect(allocationTotal(rc.data!.allocation), `receipt of ${p.amount}`).toBe(p.amount);
    }
    const last = await receipt(order.id, posted.paymentId, headers);
    expect(last.data).toMatchObject({
      remaining: 0,
      creditLeft: 25_000,
      allocation: { credit: 25_000 },
      payment: { channel: 'Paid to the lender directly (entered by our finance team)' },
    });

    const c = await certificate(order.id, headers);
    expect(c.code, c.message).toBe(0);
    expect(c.data).toEqual({
      orderId: order.id,
      orderNo: order.orderNo,
      productId: 1,
      certificateNo: `CFP-${order.orderNo}`,
      borrowerName: 'Dario Settled',
      amount: 500_000,
      totalPaid: 200_000 + payoff + 25_000,
      settledOn: today,
      issuedOn: today,
      credit: 25_000,
      lender: {
        name: t.config.LENDER_NAME,
        secRegistrationNo: t.config.LENDER_SEC_REG_NO,
        certificateOfAuthorityNo: t.config.LENDER_CA_NO,
        address: t.config.LENDER_ADDRESS,
      },
    });
    expect(await ledgerProblems(db)).toEqual([]);
  });

  it('money.md worked example, two payments made late and confirmed out of order: each receipt shows its allocation as posted and the engine’s balance right after it', async () => {
    const { borrowerId, headers } = await signedInBorrower('Ramon Late');
    const order = await disbursedLoan(borrowerId, '2026-01-05');
    // Confirmed out of order: the later payment first.
    const second = await postPayment(
      db,
      {
        orderId: order.id,
        provider: 'manual',
        reference: `REC-OO-2-${order.id}`,
        amount: 200_000,
        kind: 'repayment',
        postedBy: 'test',
        valueDate: '2026-05-16',
      },
      '2026-05-17',
    );
    const first = await postPayment(
      db,
      {
        orderId: order.id,
        provider: 'manual',
        reference: `REC-OO-1-${order.id}`,
        amount: 150_000,
        kind: 'repayment',
        postedBy: 'test',
        valueDate: '2026-04-16',
      },
      '2026-05-17',
    );
    const stored = async (paymentId: number) =>
      (await db.select().from(payments).where(eq(payments.id, paymentId)))[0]!.allocation;
    const asPosted = (a: Record<string, number>) => ({
      principal: a.principal,
      interest: a.interest,
      fees: a.fees,
      penalties: a.penalties,
      otherCharges: (a.legalCharges ?? 0) + (a.enforcementCosts ?? 0),
      credit: a.credit,
    });

    // ₱1,500 on 04-16: ₱94.70 penalties, ₱682.50 interest, ₱722.80 principal (money.md).
    const one = await receipt(order.id, first.paymentId, headers);
    expect(one.data!.allocation).toEqual({
      principal: 72_280,
      interest: 68_250,
      fees: 0,
      penalties: 9_470,
      otherCharges: 0,
      credit: 0,
    });
    expect(one.data!.allocation).toEqual(asPosted(await stored(first.paymentId)));
    expect(one.data!.remaining).toBe(500_000 - 72_280);
    // ₱2,000 on 05-16: the penalties since, then principal; what is left is the loan the engine keeps.
    const two = await receipt(order.id, second.paymentId, headers);
    expect(two.data!.allocation).toEqual(asPosted(await stored(second.paymentId)));
    expect(two.data!.allocation).toMatchObject({ interest: 0, credit: 0 });
    expect(allocationTotal(two.data!.allocation)).toBe(200_000);
    const loan = await loanOf(order.id);
    expect(loan.state.late.through).toBe('2026-05-16');
    expect(two.data!.remaining).toBe(payoffOf(loan.state));
    expect(two.data!.remaining).toBe(500_000 - 72_280 - two.data!.allocation!.principal);
    // Listed in the order they count (value date), whatever order they were confirmed in.
    const r = await records(order.id, headers);
    expect(r.data!.payments.map((p) => p.paidOn)).toEqual(['2026-04-16', '2026-05-16']);
    // The schedule today carries the penalties since, as the engine accrues them.
    const penalties = r.data!.schedule.find((row) => row.kind === 'penalties');
    expect(penalties).toMatchObject({
      fees: stateOn(loan, today).late.charged,
      paid: 9_470 + two.data!.allocation!.penalties,
      state: 'late',
    });
    expect(r.data!.totals.left).toBe(payoffOf(stateOn(loan, today)));
  });

  it('credit: the receipt shows what its payment left, refunds paid before it taken off; the records show the credit left today', async () => {
    const { borrowerId, headers } = await signedInBorrower('Celia Credit');
    await bindWallet(db, borrowerId, '09171239001', 'Celia Credit');
    const order = await disbursedLoan(borrowerId);
    const payoff = payoffOf((await loanOf(order.id)).state);
    const over = await postPayment(
      db,
      {
        orderId: order.id,
        provider: 'manual',
        reference: `REC-CR-${order.id}`,
        amount: payoff + 25_000,
        kind: 'repayment',
        postedBy: 'test',
      },
      today,
    );
    const { maker, checker } = await financePair(t);
    const asked = await staffCall(t, '/admin/payouts/refund/request', maker, { orderId: order.id, amount: 10_000 });
    expect(
      (await staffCall(t, '/admin/payouts/approve', checker, { payoutId: asked.data.payout!.id })).data.payout?.status,
    ).toBe('succeeded');
    const late = await postPayment(
      db,
      {
        orderId: order.id,
        provider: 'manual',
        reference: `REC-CR-LATE-${order.id}`,
        amount: 5_000,
        kind: 'repayment',
        postedBy: 'test',
      },
      today,
    );

    // Each receipt as it stood: ₱250.00 over when paid off; ₱50.00 more later, after ₱100.00 was refunded.
    expect((await receipt(order.id, over.paymentId, headers)).data).toMatchObject({
      remaining: 0,
      creditLeft: 25_000,
      allocation: { credit: 25_000 },
    });
    expect((await receipt(order.id, late.paymentId, headers)).data).toMatchObject({
      remaining: 0,
      creditLeft: 20_000,
      allocation: { credit: 5_000 },
    });
    expect((await records(order.id, headers)).data).toMatchObject({ credit: 20_000, totalPaid: payoff + 30_000 });
    expect((await certificate(order.id, headers)).data).toMatchObject({ credit: 20_000, settledOn: today });
  });

  it('a reversed payment shows as reversed, not as paid: no allocation on its receipt, not in the total, and a reopened loan has no certificate', async () => {
    const { borrowerId, headers } = await signedInBorrower('Vilma Reversed');
    const order = await disbursedLoan(borrowerId);
    const payoff = payoffOf((await loanOf(order.id)).state);
    const posted = await postPayment(
      db,
      {
        orderId: order.id,
        provider: 'manual',
        reference: `REC-RV-${order.id}`,
        amount: payoff,
        kind: 'repayment',
        postedBy: 'test',
      },
      today,
    );
    expect((await certificate(order.id, headers)).code).toBe(0);
    await reversePayment(db, { paymentId: posted.paymentId, reason: 'bank recalled it', actor: 'test' }, today);

    const r = await records(order.id, headers);
    expect(r.data).toMatchObject({ status: OrderStatus.REPAYING, settled: false, totalPaid: 0 });
    expect(r.data!.payments).toEqual([
      expect.objectContaining({
        paymentId: posted.paymentId,
        amount: payoff,
        status: 'reversed',
        reversedAt: expect.any(String),
      }),
    ]);
    const reopened = (await loanOf(order.id)).state;
    expect(r.data!.totals).toMatchObject({ paid: 0, left: 500_000 + reopened.installments[0]!.interest });
    const rc = await receipt(order.id, posted.paymentId, headers);
    expect(rc.data).toMatchObject({
      payment: { status: 'reversed' },
      allocation: null,
      remaining: null,
      creditLeft: null,
    });
    expect((await certificate(order.id, headers)).code).toBe(Code.NOT_SETTLED);
  });

  it('an order not paid out yet has no schedule and no payments; its accepted disclosure is there', async () => {
    const { borrowerId, headers } = await signedInBorrower('Nina Waiting');
    const order = await submitApplication(db, { borrowerId, productId: 1, amount: 500_000 }, today);
    const r = await records(order.id, headers);
    expect(r.data).toMatchObject({
      status: OrderStatus.REVIEW,
      schedule: [],
      payments: [],
      totalPaid: 0,
      disbursedOn: null,
      settled: false,
    });
    expect(r.data!.totals).toEqual({ principal: 0, interest: 0, fees: 0, paid: 0, left: 0 });
    expect(r.data!.disclosures).toHaveLength(1);
  });
});

describe('records are the borrower’s own', () => {
  it('another borrower is refused every record of the order, like a missing one, and learns nothing of it', async () => {
    const owner = await signedInBorrower('Olive Owner');
    const other = await signedInBorrower('Oscar Other');
    const order = await disbursedLoan(owner.borrowerId);
    const posted = await postPayment(
      db,
      {
        orderId: order.id,
        provider: 'manual',
        reference: `REC-OWN-${order.id}`,
        amount: payoffOf((await loanOf(order.id)).state),
        kind: 'repayment',
        postedBy: 'test',
      },
      today,
    );
    expect((await certificate(order.id, owner.headers)).code).toBe(0);

    for (const refused of [
      await records(order.id, other.headers),
      await receipt(order.id, posted.paymentId, other.headers),
      await certificate(order.id, other.headers),
    ]) {
      expect(refused).toMatchObject({ status: 404, code: Code.NOT_FOUND, data: null });
      expect(JSON.stringify(refused)).not.toContain(order.orderNo);
      expect(JSON.stringify(refused)).not.toContain('Olive');
    }
    // Nor through an order of their own: the payment must be that order's.
    const theirs = await disbursedLoan(other.borrowerId);
    expect(await receipt(theirs.id, posted.paymentId, other.headers)).toMatchObject({
      status: 404,
      code: Code.NOT_FOUND,
    });
    // Without a session, nothing.
    expect((await records(order.id, {})).code).toBe(Code.SESSION_EXPIRED);
    expect((await certificate(order.id, {})).code).toBe(Code.SESSION_EXPIRED);
  });

  it('refuses a malformed id with the field named', async () => {
    const { headers } = await signedInBorrower('Mila Malformed');
    expect(await get('/v3/records/receipt', { orderId: 'abc', paymentId: 1 }, headers)).toMatchObject({
      code: Code.BAD_REQUEST,
      data: { field: 'orderId' },
    });
    expect(await get('/v3/records/certificate', {}, headers)).toMatchObject({
      code: Code.BAD_REQUEST,
      data: { field: 'orderId' },
    });
  });

  it('a day later the schedule shows what is late, from the stored loan', async () => {
    const { borrowerId, headers } = await signedInBorrower('Lito Late');
    const order = await disbursedLoan(borrowerId, addDays(today, -100));
    const r = await records(order.id, headers);
    expect(r.data!.schedule[0]).toMatchObject({ kind: 'installment', state: 'late', paid: 0 });
    expect(r.data!.totals.left).toBe(payoffOf(stateOn(await loanOf(order.id), today)));
  });
});
