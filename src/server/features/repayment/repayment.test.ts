import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { Code } from '../../../shared/codes';
import { manilaToday } from '../../../shared/format/date';
import { OrderStatus } from '../../../shared/order-status';
import { PAYMENT_CHANNELS } from '../../../shared/payment-channels';
import { loanOrders, payments, payRequests } from '../../db/schema';
import { seedProducts } from '../../db/seed/seed-products';
import { addDays, quoteExtension } from '../../domain/loan';
import { orderFor } from '../../test/orders';
import { authHeader, buildTestApp } from '../../test/test-app';
import { ledgerProblems, readLoanState } from '../../money';
import { sign, TIMESTAMP_HEADER, SIGNATURE_HEADER } from '../../providers/payment/sandbox-provider';
import { SANDBOX_CALLBACK_PATH } from './routes';

const SECRET = 'repayment-test-sandbox-secret-0123456789abcdef';
const t = await buildTestApp({ seed: false, env: { PAYMENT_SANDBOX_SECRET: SECRET } });
const db = t.database.db;
await seedProducts(db);
// A loan 89 days into its 91-day term (due, so it may be extended), and its borrower's session.
const due = await orderFor(db, 'disbursed', { daysAgo: 89 });
const DUE = due.orderId;
const a = authHeader(await t.login(due.phone));
const today = manilaToday();
const GCASH = PAYMENT_CHANNELS[0]!.channelNumber;

const get = (path: string, query: Record<string, string | number>, headers = a) =>
  t.app
    .inject({
      method: 'GET',
      url: `/owner${path}`,
      query: Object.fromEntries(Object.entries(query).map(([k, v]) => [k, String(v)])),
      headers,
    })
    .then((r) => r.json());
const post = (path: string, body: Record<string, string | number>, headers = a) =>
  t.app
    .inject({
      method: 'POST',
      url: `/owner${path}`,
      headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams(Object.entries(body).map(([k, v]) => [k, String(v)])).toString(),
    })
    .then((r) => r.json());

function callback(event: Record<string, unknown>, options: { secret?: string; timestampMs?: number } = {}) {
  const body = JSON.stringify(event);
  const timestamp = String(options.timestampMs ?? Date.now());
  return t.app.inject({
    method: 'POST',
    url: SANDBOX_CALLBACK_PATH,
    headers: {
      'content-type': 'application/json',
      [TIMESTAMP_HEADER]: timestamp,
      [SIGNATURE_HEADER]: sign(options.secret ?? SECRET, timestamp, body),
    },
    payload: body,
  });
}

const orderOf = async (id: number) => (await db.query.loanOrders.findFirst({ where: eq(loanOrders.id, id) }))!;
const postingsOf = async (reference: string) => db.select().from(payments).where(eq(payments.reference, reference));

async function requestPayment(orderId: number, amount: number, isDelay: 0 | 1 = 0, channelNumber = GCASH) {
  const res = await post('/v3/repayment/pay-request', { orderId, amount, channelNumber, isDelay });
  expect(res.code, JSON.stringify(res)).toBe(0);
  return res.data as { payUrl: string; reference: string };
}

describe('spec 001 §2.8, §3, §7 installment repayment detail', () => {
  it('shows what is due now, the channels in the product’s order and the contract number to pay with', async () => {
    const res = await get('/v3/repayment/installment-detail', { orderId: DUE, productId: 1 });
    expect(res.code).toBe(0);
    const order = await orderOf(DUE);
    expect(res.data).toMatchObject({
      orderId: DUE,
      orderNo: order.orderNo,
      productName: 'Hiram Cash',
      isShowReyTop: 1,
    });
    expect(res.data.repayAmount).toBeGreaterThan(500_000);
    expect(res.data.repayDate).toBe(order.dueDate);
    expect(res.data.repayList.map((c: { channel_number: number }) => c.channel_number)).toEqual(
      PAYMENT_CHANNELS.map((c) => c.channelNumber),
    );
    expect(res.data.defDetail.payCode).toBe(order.orderNo);
    expect(res.data.defDetail.payNotice.map((g: { title: string }) => g.title)).toEqual([
      'E-wallet (bills payment)',
      'Over the counter',
    ]);
    expect(res.data.detail[0]).toEqual({ text: 'Contract number', value: order.orderNo });
  });

  it('another borrower’s order, or the wrong product for it, answers not found', async () => {
    const { orderId: theirs, phone } = await orderFor(db, 'disbursed', { daysAgo: 10 });
    expect((await get('/v3/repayment/installment-detail', { orderId: theirs })).code).toBe(Code.NOT_FOUND);
    expect((await get('/v3/repayment/delay-detail', { orderId: theirs })).code).toBe(Code.NOT_FOUND);
    expect((await post('/v3/repayment/pay-request', { orderId: theirs, amount: 100, channelNumber: GCASH })).code).toBe(
      Code.NOT_FOUND,
    );
    // Their own borrower is answered: the refusal is about whose the order is.
    const own = authHeader(await t.login(phone));
    expect((await get('/v3/repayment/installment-detail', { orderId: theirs }, own)).code).toBe(0);
    expect((await get('/v3/repayment/installment-detail', { orderId: DUE, productId: 2 })).code).toBe(Code.NOT_FOUND);
  });
});

describe('spec 001 §2.9 delay repayment detail', () => {
  it('quotes the extension from the engine: delay amount, next payment date, the plan after it', async () => {
    const res = await get('/v3/repayment/delay-detail', { orderId: DUE });
    expect(res.code).toBe(0);
    const quote = quoteExtension(readLoanState((await orderOf(DUE)).loanState), today);
    if (!quote.allowed) throw new Error('the due loan should be extendable');
    expect(res.data.delayInfo.delayAmount).toBe(quote.delayAmount);
    expect(res.data.nextPaymentDate).toBe(quote.nextDueDate);
    expect(res.data.repayPlan[0]).toMatchObject({ title: 'Extension payment', amount: quote.delayAmount });
  });
});

describe('spec 001 §7 pay request', () => {
  it('an e-wallet opens the sandbox checkout; a counter shows the code; QR Ph shows a QR', async () => {
    const wallet = await requestPayment(DUE, 10_001);
    expect(wallet.payUrl).toMatch(new RegExp(`^/sandbox/pay/${wallet.reference}\\?key=[\\w-]{43}$`));
    const counter = await requestPayment(DUE, 10_000, 0, PAYMENT_CHANNELS[2]!.channelNumber);
    expect(counter.payUrl).toMatch(
      new RegExp(`^/repaymentOfCode\\?showType=1&payCode=${counter.reference}&payCodeImg=`),
    );
    const qr = await requestPayment(DUE, 10_000, 0, PAYMENT_CHANNELS[6]!.channelNumber);
    expect(qr.payUrl).toMatch(/^\/repaymentOfCode\?showType=2&payCode=hiram-sandbox/);
  });

  it('refuses a channel the product does not offer, more than is owed, and a wrong extension amount, storing nothing', async () => {
    const before = (await db.select().from(payRequests)).length;
    const channel = await post('/v3/repayment/pay-request', {
      orderId: DUE,
      amount: 100,
      channelNumber: 12345,
    });
    expect(channel).toMatchObject({ code: Code.BAD_REQUEST, data: { field: 'channelNumber' } });
    const tooMuch = await post('/v3/repayment/pay-request', {
      orderId: DUE,
      amount: 99_999_999,
      channelNumber: GCASH,
    });
    expect(tooMuch).toMatchObject({ code: Code.BAD_REQUEST, data: { field: 'amount' } });
    expect(tooMuch.message).toMatch(/^The most you can pay is ₱/);
    const delay = await post('/v3/repayment/pay-request', {
      orderId: DUE,
      amount: 1,
      channelNumber: GCASH,
      isDelay: 1,
    });
    expect(delay).toMatchObject({ code: Code.BAD_REQUEST, data: { field: 'amount' } });
    expect((await db.select().from(payRequests)).length).toBe(before);
  });
});

describe('architecture.md: Providers sandbox callback', () => {
  it('refuses a bad signature, a stale timestamp, an unknown reference and a different amount, changing nothing', async () => {
    const { reference } = await requestPayment(DUE, 12_000);
    const event = { eventId: randomUUID(), reference, amount: 12_000, status: 'paid' };
    expect((await callback(event, { secret: 'not-the-secret-not-the-secret-xxxx' })).json().code).toBe(
      Code.SESSION_EXPIRED,
    );
    expect((await callback(event, { timestampMs: Date.now() - 6 * 60 * 1000 })).json().code).toBe(Code.BAD_REQUEST);
    expect((await callback({ ...event, reference: '00000000000000' })).json().code).toBe(Code.NOT_FOUND);
    expect((await callback({ ...event, amount: 11_999 })).json().code).toBe(Code.CONFLICT);
    const tampered = await t.app.inject({
      method: 'POST',
      url: SANDBOX_CALLBACK_PATH,
      headers: {
        'content-type': 'application/json',
        [TIMESTAMP_HEADER]: String(Date.now()),
        [SIGNATURE_HEADER]: sign(SECRET, String(Date.now()), '{}'),
      },
      payload: JSON.stringify(event),
    });
    expect(tampered.json().code).toBe(Code.SESSION_EXPIRED);
    expect(await postingsOf(reference)).toHaveLength(0);
  });

  it('posts a paid event once; the same event again is a replay and is refused', async () => {
    const { reference } = await requestPayment(DUE, 13_000);
    const event = { eventId: randomUUID(), reference, amount: 13_000, status: 'paid' };
    expect((await callback(event)).json()).toMatchObject({ code: 0, data: { status: 'paid', duplicate: false } });
    expect((await callback(event)).json().code).toBe(Code.CONFLICT);
    expect(await postingsOf(reference)).toHaveLength(1);
    expect(await ledgerProblems(db)).toEqual([]);
  });

  it('100 concurrent duplicate callbacks for one reference post once', async () => {
    const { reference } = await requestPayment(DUE, 14_000);
    const sameEvent = { eventId: randomUUID(), reference, amount: 14_000, status: 'paid' };
    const replies = await Promise.all([
      ...Array.from({ length: 50 }, () => callback(sameEvent)),
      ...Array.from({ length: 50 }, () => callback({ ...sameEvent, eventId: randomUUID() })),
    ]);
    expect(replies.filter((r) => r.statusCode >= 500)).toEqual([]);
    expect(await postingsOf(reference)).toHaveLength(1);
    expect((await db.query.payRequests.findFirst({ where: eq(payRequests.reference, reference) }))?.status).toBe(
      'paid',
    );
    expect(await ledgerProblems(db)).toEqual([]);
  });

  it('a failed event marks the request failed and leaves the order as it was', async () => {
    const before = await orderOf(DUE);
    const { reference } = await requestPayment(DUE, 15_000);
    expect(
      (await callback({ eventId: randomUUID(), reference, amount: 15_000, status: 'failed' })).json(),
    ).toMatchObject({ code: 0, data: { status: 'failed' } });
    const after = await orderOf(DUE);
    expect(after.loanState).toEqual(before.loanState);
    expect(after.status).toBe(before.status);
    expect(await postingsOf(reference)).toHaveLength(0);
  });

  it('a paid extension moves the due date one term past the payment day and the order back to 170', async () => {
    // 100 days after disbursal: nine days past the due date.
    const { orderId } = await orderFor(db, 'disbursed', { daysAgo: 100, borrowerId: due.borrowerId });
    const order = await orderOf(orderId);
    expect(order.status).toBe(OrderStatus.OVERDUE);
    const delay = await get('/v3/repayment/delay-detail', { orderId });
    expect(delay.code, JSON.stringify(delay)).toBe(0);
    const { reference } = await requestPayment(orderId, delay.data.delayInfo.delayAmount, 1);
    const res = await callback({
      eventId: randomUUID(),
      reference,
      amount: delay.data.delayInfo.delayAmount,
      status: 'paid',
    });
    expect(res.json()).toMatchObject({ code: 0, data: { status: 'paid', orderStatus: OrderStatus.REPAYING } });
    const after = await orderOf(orderId);
    expect(after.status).toBe(OrderStatus.REPAYING);
    expect(after.dueDate).toBe(delay.data.nextPaymentDate);
    // Nine days late: the new term counts from today, not from the old due date (which would leave it past).
    expect(after.dueDate).toBe(addDays(today, 91));
  });

  it('paying the whole payoff settles the order (200)', async () => {
    const { orderId } = await orderFor(db, 'disbursed', { daysAgo: 30, borrowerId: due.borrowerId });
    const detail = await get('/v3/repayment/installment-detail', { orderId });
    const payoff = Number(String(detail.data.detail.at(-1).value).replace(/[^\d]/g, ''));
    const { reference } = await requestPayment(orderId, payoff);
    expect(
      (await callback({ eventId: randomUUID(), reference, amount: payoff, status: 'paid' })).json().data.orderStatus,
    ).toBe(OrderStatus.SETTLED);
    expect((await orderOf(orderId)).status).toBe(OrderStatus.SETTLED);
    expect(await ledgerProblems(db)).toEqual([]);
  });
});

describe('sandbox checkout page: only for the borrower who asked, only from our own pages', () => {
  const keyOf = (payUrl: string) => new URL(payUrl, 'http://x').searchParams.get('key') ?? '';
  const form = (key: string, headers: Record<string, string> = {}) => ({
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    payload: new URLSearchParams({ key }).toString(),
  });

  it('shows the amount and reference; Fail says so and changes nothing; an unknown reference is 404', async () => {
    const { reference, payUrl } = await requestPayment(DUE, 16_000);
    const page = await t.app.inject({ method: 'GET', url: payUrl });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('₱160.00');
    expect(page.body).toContain(reference);
    const failed = await t.app.inject({
      method: 'POST',
      url: `/sandbox/pay/${reference}/fail`,
      ...form(keyOf(payUrl)),
    });
    expect(failed.body).toContain('The payment failed. Nothing was charged');
    expect(await postingsOf(reference)).toHaveLength(0);
    expect((await t.app.inject({ method: 'GET', url: '/sandbox/pay/123' })).statusCode).toBe(404);
  });

  it('the pay code alone is not enough: without the key, with a wrong key, or posted from another site nothing is paid', async () => {
    const { reference, payUrl } = await requestPayment(DUE, 16_100);
    expect((await t.app.inject({ method: 'GET', url: `/sandbox/pay/${reference}` })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'POST', url: `/sandbox/pay/${reference}/pay` })).statusCode).toBe(404);
    expect(
      (await t.app.inject({ method: 'POST', url: `/sandbox/pay/${reference}/pay`, ...form('x'.repeat(43)) }))
        .statusCode,
    ).toBe(404);
    const crossSite = await t.app.inject({
      method: 'POST',
      url: `/sandbox/pay/${reference}/pay`,
      ...form(keyOf(payUrl), { 'sec-fetch-site': 'cross-site' }),
    });
    expect(crossSite.statusCode).toBe(403);
    const otherOrigin = await t.app.inject({
      method: 'POST',
      url: `/sandbox/pay/${reference}/pay`,
      ...form(keyOf(payUrl), { origin: 'https://evil.example' }),
    });
    expect(otherOrigin.statusCode).toBe(403);
    expect(await postingsOf(reference)).toHaveLength(0);
    const paid = await t.app.inject({
      method: 'POST',
      url: `/sandbox/pay/${reference}/pay`,
      ...form(keyOf(payUrl), { 'sec-fetch-site': 'same-origin' }),
    });
    expect(paid.body).toContain('Payment received');
    expect(await postingsOf(reference)).toHaveLength(1);
  });

  it('a double tap on Pay makes one pay request', async () => {
    const [one, two] = await Promise.all([requestPayment(DUE, 16_200), requestPayment(DUE, 16_200)]);
    expect(two.reference).toBe(one.reference);
    expect(await db.select().from(payRequests).where(eq(payRequests.reference, one.reference))).toHaveLength(1);
  });
});

describe('provider confirmations after the fact', () => {
  it('refunded (or failed) after paid reverses the posting and the loan is as before', async () => {
    const before = await orderOf(DUE);
    const { reference } = await requestPayment(DUE, 17_000);
    expect((await callback({ eventId: randomUUID(), reference, amount: 17_000, status: 'paid' })).json().code).toBe(0);
    const refunded = await callback({ eventId: randomUUID(), reference, amount: 17_000, status: 'refunded' });
    expect(refunded.json()).toMatchObject({ code: 0, data: { status: 'refunded', duplicate: false } });
    const [posting] = await postingsOf(reference);
    expect(posting?.status).toBe('reversed');
    expect((await orderOf(DUE)).loanState).toEqual(before.loanState);
    expect(
      (await callback({ eventId: randomUUID(), reference, amount: 17_000, status: 'failed' })).json().data.duplicate,
    ).toBe(true);
    expect(await ledgerProblems(db)).toEqual([]);
  });

  it('the value date is the provider’s paid-at, held between the pay request and now', async () => {
    const { reference } = await requestPayment(DUE, 18_000);
    const yesterday = new Date(Date.now() - 24 * 3600 * 1000).toISOString();
    expect(
      (await callback({ eventId: randomUUID(), reference, amount: 18_000, status: 'paid', paidAt: yesterday })).json()
        .code,
    ).toBe(0);
    // Paid "yesterday" is before the pay request was made today: it counts from today.
    expect((await postingsOf(reference))[0]?.valueDate).toBe(today);
  });
});
