import { randomInt } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { PAYMENT_CHANNELS, type PaymentChannel } from '../../../shared/payment-channels';
import { AppError } from '../../http/app-error';
import { XenditError, xenditClient } from './xendit-client';
import { FAKE_SECRET_KEY, startFakeXendit } from './xendit-fake';
import { xenditPayouts } from './xendit-payouts';
import { CALLBACK_TOKEN_HEADER, xenditProvider } from './xendit-provider';
import { xenditV3Provider } from './xendit-v3-provider';
import { payoutStatusText } from './payout-status-texts';
import { payoutFailureText } from './payout-provider';

const fake = await startFakeXendit();
afterAll(() => fake.close());
const TOKEN = 'v3-callback-token-from-the-dashboard-0123';
const OLD = 'v3-callback-token-before-the-rotation-0123';
const settings = {
  secretKey: FAKE_SECRET_KEY,
  callbackToken: TOKEN,
  previousCallbackToken: OLD,
  publicUrl: 'https://hiram.ph',
  baseUrl: fake.url,
  attempts: 3,
  backoffMs: 1,
  sleep: async () => {},
};
const provider = xenditV3Provider(settings);
const channel = (code: string): PaymentChannel => PAYMENT_CHANNELS.find((c) => c.code === code)!;
const nextReference = () => `${randomInt(10_000_000, 99_999_999)}${randomInt(100_000, 999_999)}`;
const create = (code: string, reference = nextReference(), amount = 150_050) =>
  provider.create({ reference, amount, channel: channel(code), orderNo: 'HR0086', borrowerId: 7 });
const headers = (token: string) => ({ [CALLBACK_TOKEN_HEADER]: token });

describe('Xendit Payments API v3: create', () => {
  it('POST /v3/payment_requests with api-version, channel_code at the top level and request_amount in pesos; Maya gets a cancel return URL', async () => {
    const reference = nextReference();
    const made = await create('MAYA', reference);
    const sent = fake.receivedV3.at(-1)!;
    expect(sent.headers['api-version']).toBe('2024-11-11');
    expect(sent.headers['idempotency-key']).toBe(reference);
    expect(sent.body).toMatchObject({
      reference_id: reference,
      type: 'PAY',
      request_amount: 1500.5,
      currency: 'PHP',
      channel_code: 'PAYMAYA',
      channel_properties: { cancel_return_url: 'https://hiram.ph/', success_return_url: 'https://hiram.ph/' },
    });
    expect(sent.body).not.toHaveProperty('payment_method');
    expect(made.payUrl).toMatch(/^https:\/\/ewallet-mock-connector\.xendit\.co\//);
    expect(made.requestId).toMatch(/^pr-/);
    expect(Date.parse(made.expiresAt!) - Date.now()).toBeLessThanOrEqual(15 * 60_000);
  });

  it('a counter: the PRESENT_TO_CUSTOMER payment code on our code page; QR Ph: the QR string', async () => {
    const otc = await create('7ELEVEN');
    expect(otc.payCode).toMatch(/^XND\d+$/);
    expect(otc.payUrl).toContain(`payCode=${otc.payCode}`);
    const qr = await create('QRPH');
    expect(qr.payCode).toMatch(/^00020101021228QRPH/);
  });

  it.each([
    ['INVALID_VALUE_ERROR', 'cannot take this amount'],
    ['MAXIMUM_AMOUNT_LIMIT_ERROR', 'cannot take this amount'],
    ['CHANNEL_NOT_ACTIVATED', 'is not available at the moment'],
    ['ACCOUNT_ACCESS_BLOCKED', 'is not available at the moment'],
  ])('%s asks the borrower to choose another method', async (code, text) => {
    fake.failNext(400, code);
    const error = await create('GCASH').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).message).toContain(text);
  });

  it('standing reads EXPIRED after 15 minutes, and cancel cancels an open request', async () => {
    const expired = await create('MAYA');
    const open = await create('GCASH');
    fake.advance(16 * 60_000);
    expect(await provider.standing!({ reference: '', requestId: expired.requestId! })).toBe('closed');
    const counter = await create('7ELEVEN');
    expect(await provider.standing!({ reference: '', requestId: counter.requestId! })).toBe('open');
    expect(await provider.cancel!({ reference: '', requestId: counter.requestId! })).toBe(true);
    expect(await provider.standing!({ reference: '', requestId: counter.requestId! })).toBe('closed');
    // Nothing left to cancel: an expired one is refused by Xendit, and that is no error.
    expect(await provider.cancel!({ reference: '', requestId: open.requestId! })).toBe(false);
  });
});

describe('Xendit Payments API v3: webhooks', () => {
  it('payment.capture posts; payment.failure and payment_request.expiry close the request', async () => {
    const made = await create('GCASH');
    const reference = fake.receivedV3.at(-1)!.body.reference_id as string;
    const paid = provider.verify(headers(TOKEN), fake.callbackFor(reference, 'payment.capture'), Date.now());
    expect(paid).toMatchObject({ ok: true, event: { reference, amount: 150_050, status: 'paid' } });
    expect(made.requestId).toBeDefined();
    const other = await create('MAYA');
    const ref2 = fake.receivedV3.at(-1)!.body.reference_id as string;
    expect(provider.verify(headers(TOKEN), fake.callbackFor(ref2, 'payment.failure'), Date.now())).toMatchObject({
      ok: true,
      event: { status: 'failed' },
    });
    const expiry = provider.verify(headers(TOKEN), fake.callbackFor(ref2, 'payment_request.expiry'), Date.now());
    expect(expiry).toMatchObject({
      ok: true,
      event: { status: 'failed', eventId: `${other.requestId}:payment_request.expiry` },
    });
  });

  it('a v2 callback of a request made before the account moved to v3 still posts; an unknown event is ignored; a forged token is refused', async () => {
    // Made on v2 (before the switch), paid after it: Xendit tells it through the v2 topic.
    const before = xenditProvider(settings);
    const reference = nextReference();
    await before.create({ reference, amount: 150_050, channel: channel('GCASH'), orderNo: 'HR0086', borrowerId: 7 });
    const v2Body = fake.callbackFor(reference, 'payment.succeeded');
    expect(provider.verify(headers(TOKEN), v2Body, Date.now())).toMatchObject({
      ok: true,
      event: { reference, status: 'paid', amount: 150_050 },
    });
    expect(provider.verify(headers('forged'), v2Body, Date.now())).toEqual({ ok: false, reason: 'signature' });
    await create('GCASH');
    const v3Reference = fake.receivedV3.at(-1)!.body.reference_id as string;
    const body = fake.callbackFor(v3Reference, 'payment.capture');
    expect(provider.verify(headers('forged'), body, Date.now())).toEqual({ ok: false, reason: 'signature' });
    expect(provider.verify(headers(TOKEN), body.replace('payment.capture', 'payment.refunded'), Date.now())).toEqual({
      ok: false,
      reason: 'ignored',
    });
  });

  it('during a token rotation both the current and the previous token are believed; an older one is not', async () => {
    await create('GCASH');
    const reference = fake.receivedV3.at(-1)!.body.reference_id as string;
    const body = fake.callbackFor(reference, 'payment.capture');
    expect(provider.verify(headers(OLD), body, Date.now()).ok).toBe(true);
    expect(provider.verify(headers(TOKEN), body, Date.now()).ok).toBe(true);
    const rotated = xenditV3Provider({ ...settings, previousCallbackToken: undefined });
    expect(rotated.verify(headers(OLD), body, Date.now())).toEqual({ ok: false, reason: 'signature' });
  });
});

describe('Xendit Payouts v3', () => {
  const payouts = xenditPayouts({ ...settings, api: 'v3' });
  const send = (reference: string) =>
    payouts.payout({
      reference,
      amount: 500_000,
      destination: { channel: 'GCASH', accountNo: '09171234567', holderName: 'Juan Dela Cruz' },
      description: 'Loan disbursal',
    });

  it('POST /v3/payouts with api-version; the v3_payout webhooks are believed, and a v2 payout.* event too (a payout asked before the switch)', async () => {
    const reference = `DSB-${nextReference()}`;
    expect(await send(reference)).toMatchObject({ outcome: 'accepted' });
    expect(fake.receivedPayouts.at(-1)!.headers['api-version']).toBe('2024-11-11');
    const body = fake.payoutCallbackFor(reference, 'v3_payout.succeeded');
    expect(payouts.verifyPayout(headers(TOKEN), body, Date.now())).toMatchObject({
      ok: true,
      event: { reference, status: 'succeeded', amount: 500_000 },
    });
    expect(
      payouts.verifyPayout(headers(TOKEN), fake.payoutCallbackFor(reference, 'payout.succeeded'), Date.now()),
    ).toMatchObject({ ok: true, event: { reference, status: 'succeeded' } });
    const unknown = fake
      .payoutCallbackFor(reference, 'v3_payout.succeeded')
      .replace('v3_payout.succeeded', 'v3_payout.refunded');
    expect(payouts.verifyPayout(headers(TOKEN), unknown, Date.now())).toEqual({ ok: false, reason: 'ignored' });
  });

  it('a timed-out payout asked again is found by reference in the SDK page {data, has_more, links}: one payout, never two', async () => {
    const reference = `DSB-${nextReference()}`;
    expect(await send(reference)).toMatchObject({ outcome: 'accepted' });
    const strict = xenditPayouts({ ...settings, api: 'v3' });
    fake.payoutLookup = 'page';
    fake.failNext(409, 'DUPLICATE_ERROR');
    expect(
      await strict.payout({
        reference,
        amount: 500_000,
        destination: { channel: 'GCASH', accountNo: '09171234567', holderName: 'Juan Dela Cruz' },
        description: 'Loan disbursal',
      }),
    ).toMatchObject({ outcome: 'accepted' });
    expect(fake.payouts().filter((p) => p.reference_id === reference)).toHaveLength(1);
  });

  it('compliance statuses read as words: for finance in English, for the borrower in English and Filipino', () => {
    expect(payoutFailureText('COMPLIANCE_REJECTED')).toMatch(/compliance review.*\(COMPLIANCE_REJECTED\)$/);
    expect(payoutFailureText('PENDING_COMPLIANCE_ASSESSMENT')).toMatch(/^Held by/);
    expect(payoutStatusText('PENDING_COMPLIANCE_ASSESSMENT', 'fil')).toMatch(/Sinusuri/);
    expect(payoutStatusText('COMPLIANCE_REJECTED', 'en')).toMatch(/could not send/);
    expect(payoutStatusText('SUCCEEDED', 'en')).toBeNull();
  });
});

describe('the client honours Rate-Limit-Reset', () => {
  it('a 429 with Rate-Limit-Reset: 7 waits 7 seconds (not its own shorter backoff) before asking again', async () => {
    const waits: number[] = [];
    const client = xenditClient({
      secretKey: FAKE_SECRET_KEY,
      baseUrl: fake.url,
      backoffMs: 10,
      sleep: async (ms) => {
        waits.push(ms);
      },
    });
    fake.failNext(429, 'RATE_LIMIT_EXCEEDED', 1, { 'Rate-Limit-Reset': '7' });
    const body = (reference: string) => ({
      reference_id: reference,
      channel_code: 'PH_GCASH',
      channel_properties: { account_number: '09171234567', account_holder_name: 'Juan Dela Cruz' },
      amount: 100,
      currency: 'PHP',
    });
    await client.post('/v2/payouts', 'rate-limited-1', body('rate-limited-1'));
    expect(waits).toEqual([7_000]);
    fake.failNext(429, 'RATE_LIMIT_EXCEEDED', 3, { 'Rate-Limit-Reset': '3600' });
    const error = await client.post('/v2/payouts', 'rate-limited-2', body('rate-limited-2')).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(XenditError);
    // Capped: an hour is not waited out inside a request.
    expect(waits.slice(1)).toEqual([60_000, 60_000]);
  });
});
