import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { Code } from '../../../shared/codes';
import { manilaToday } from '../../../shared/format/date';
import { PAYMENT_CHANNELS } from '../../../shared/payment-channels';
import { payments, payRequests } from '../../db/schema';
import { seedProducts } from '../../db/seed/seed-products';
import { FAKE_SECRET_KEY, startFakeXendit } from '../../providers/payment/xendit-fake';
import { CALLBACK_TOKEN_HEADER } from '../../providers/payment/xendit-provider';
import { orderFor } from '../../test/orders';
import { authHeader, buildTestApp } from '../../test/test-app';
import { ledgerProblems } from '../../money';
import { XENDIT_CALLBACK_PATH } from '../../providers/payment/payment-setup';

const TOKEN = 'xendit-callback-token-for-this-test-0123456789';
const fake = await startFakeXendit();
afterAll(() => fake.close());
const t = await buildTestApp({
  seed: false,
  env: {
    PAYMENT_PROVIDER: 'xendit',
    // These shapes are Payment Requests v2 and Payouts v2 (v3 has tests of its own).
    XENDIT_API: 'v2',
    XENDIT_SECRET_KEY: FAKE_SECRET_KEY,
    XENDIT_CALLBACK_TOKEN: TOKEN,
    XENDIT_BASE_URL: fake.url,
    PUBLIC_URL: 'https://hiram.test',
    ALLOWED_REDIRECT_HOSTS: 'ewallet-mock-connector.xendit.co',
  },
});
const db = t.database.db;
await seedProducts(db);
const { orderId, phone } = await orderFor(db, 'disbursed', { daysAgo: 89 });
const a = authHeader(await t.login(phone));
const channel = (code: string) => PAYMENT_CHANNELS.find((c) => c.code === code)!.channelNumber;

async function requestPayment(amount: number, code = 'GCASH') {
  const res = await t.app.inject({
    method: 'POST',
    url: '/owner/v3/repayment/pay-request',
    headers: { ...a, 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({
      orderId: String(orderId),
      amount: String(amount),
      channelNumber: String(channel(code)),
      isDelay: '0',
    }).toString(),
  });
  const body = res.json();
  expect(body.code, JSON.stringify(body)).toBe(0);
  return body.data as { payUrl: string; reference: string };
}

const deliver = (body: string, token: string | null = TOKEN) =>
  t.app.inject({
    method: 'POST',
    url: XENDIT_CALLBACK_PATH,
    headers: { 'content-type': 'application/json', ...(token === null ? {} : { [CALLBACK_TOKEN_HEADER]: token }) },
    payload: body,
  });
const postingsOf = (reference: string) => db.select().from(payments).where(eq(payments.reference, reference));

describe('Xendit collections through the app', () => {
  it("GCash sends the borrower to Xendit's checkout; the pay request is stored under Xendit", async () => {
    const { payUrl, reference } = await requestPayment(12_000);
    expect(payUrl).toMatch(/^https:\/\/ewallet-mock-connector\.xendit\.co\//);
    expect(fake.received.at(-1)?.headers['idempotency-key']).toBe(reference);
    const [stored] = await db.select().from(payRequests).where(eq(payRequests.reference, reference));
    expect(stored).toMatchObject({ provider: 'xendit', amount: 12_000 });
  });

  it('7-Eleven shows the payment code page with the code and its expiry', async () => {
    const { payUrl } = await requestPayment(13_000, '7ELEVEN');
    const url = new URL(payUrl, 'https://hiram.test');
    expect(url.pathname).toBe('/repaymentOfCode');
    expect(url.searchParams.get('payCode')).toMatch(/^XND\d+$/);
    expect(url.searchParams.get('expiresAt')).toBeTruthy();
  });

  it('a forged or missing token, or a different amount, is refused and posts nothing', async () => {
    const { reference } = await requestPayment(14_000);
    const body = fake.callbackFor(reference, 'payment.succeeded');
    expect((await deliver(body, 'not-the-token')).json().code).toBe(Code.SESSION_EXPIRED);
    expect((await deliver(body, null)).json().code).toBe(Code.SESSION_EXPIRED);
    expect((await deliver(fake.callbackFor(reference, 'payment.succeeded', { amount: 139.99 }))).json().code).toBe(
      Code.CONFLICT,
    );
    expect(await postingsOf(reference)).toEqual([]);
  });

  it('payment.succeeded posts once, value-dated by its paid-at; the same delivery again is acknowledged and changes nothing', async () => {
    const { reference } = await requestPayment(15_000);
    const body = fake.callbackFor(reference, 'payment.succeeded');
    const first = await deliver(body);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ code: 0, data: { status: 'paid', duplicate: false } });
    const again = await deliver(body);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ code: 0, data: { acknowledged: true, changed: false } });
    const postings = await postingsOf(reference);
    expect(postings).toHaveLength(1);
    expect(postings[0]).toMatchObject({ provider: 'xendit', amount: 15_000, valueDate: manilaToday() });
    expect(await ledgerProblems(db)).toEqual([]);
  });

  it('a payment.failed arriving after payment.succeeded (out of order) leaves the posting standing', async () => {
    const { reference } = await requestPayment(16_000);
    expect((await deliver(fake.callbackFor(reference, 'payment.succeeded'))).json().code).toBe(0);
    const late = await deliver(fake.callbackFor(reference, 'payment.failed'));
    expect(late.json()).toMatchObject({ code: 0, data: { status: 'paid', duplicate: true } });
    expect((await postingsOf(reference))[0]?.status).toBe('posted');
  });

  it('payment.failed first, then payment.succeeded: the payment posts', async () => {
    const { reference } = await requestPayment(17_000, 'QRPH');
    expect((await deliver(fake.callbackFor(reference, 'payment.failed'))).json()).toMatchObject({
      code: 0,
      data: { status: 'failed' },
    });
    expect((await deliver(fake.callbackFor(reference, 'payment.succeeded'))).json()).toMatchObject({
      code: 0,
      data: { status: 'paid' },
    });
    expect(await postingsOf(reference)).toHaveLength(1);
  });

  it('an event collections do not act on is acknowledged so Xendit stops resending it', async () => {
    const res = await deliver(JSON.stringify({ event: 'payment.awaiting_capture', data: {} }));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ code: 0, data: { acknowledged: true } });
  });

  it('the sandbox callback does not exist when Xendit collects', async () => {
    expect(
      (await t.app.inject({ method: 'POST', url: '/owner/payments/sandbox/callback', payload: {} })).json().code,
    ).toBe(Code.NOT_FOUND);
  });
});
