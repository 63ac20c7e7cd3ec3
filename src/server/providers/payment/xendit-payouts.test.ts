import { randomInt } from 'node:crypto';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import type { PayoutRequest } from './payout-provider';
import { sandboxPayouts } from './sandbox-payouts';
import { FAKE_SECRET_KEY, startFakeXendit } from './xendit-fake';
import { xenditPayouts } from './xendit-payouts';
import { CALLBACK_TOKEN_HEADER } from './xendit-provider';

const fake = await startFakeXendit();
afterAll(() => fake.close());

const TOKEN = 'payout-callback-token-from-the-dashboard-0123';
const slept: number[] = [];
const payouts = xenditPayouts({
  secretKey: FAKE_SECRET_KEY,
  callbackToken: TOKEN,
  baseUrl: fake.url,
  // Long enough that a loaded test machine answers a normal request within it; the slow replies
  // below wait well past it.
  timeoutMs: 1_000,
  attempts: 3,
  backoffMs: 10,
  sleep: async (ms) => {
    slept.push(ms);
  },
});

const nextReference = () => `DSB-HRM${randomInt(10_000_000, 99_999_999)}-1`;
const request = (overrides: Partial<PayoutRequest> = {}): PayoutRequest => ({
  reference: nextReference(),
  amount: 485_000,
  destination: { channel: 'GCASH', accountNo: '09171234567', holderName: 'Juan Dela Cruz' },
  description: 'Loan HRM00000082',
  ...overrides,
});
const header = { [CALLBACK_TOKEN_HEADER]: TOKEN };

beforeEach(() => {
  fake.receivedPayouts.length = 0;
  slept.length = 0;
});

describe('Xendit Payouts v2: creating a payout', () => {
  it('POST /v2/payouts in pesos to the channel, our reference as reference_id and Idempotency-key; Xendit accepts it', async () => {
    const input = request();
    const answer = await payouts.payout(input);
    expect(answer).toEqual({ outcome: 'accepted', providerId: expect.stringMatching(/^disb-/) });
    const [sent] = fake.receivedPayouts;
    expect(sent?.headers['idempotency-key']).toBe(input.reference);
    expect(sent?.headers.authorization).toBe(`Basic ${Buffer.from(`${FAKE_SECRET_KEY}:`).toString('base64')}`);
    expect(sent?.body).toMatchObject({
      reference_id: input.reference,
      channel_code: 'PH_GCASH',
      channel_properties: { account_number: '09171234567', account_holder_name: 'Juan Dela Cruz' },
      amount: 4850,
      currency: 'PHP',
    });
  });

  it.each([
    ['MAYA', 'PH_PAYMAYA'],
    ['BDO', 'PH_BDO'],
    ['BPI', 'PH_BPI'],
    ['UBP', 'PH_UBP'],
  ])('%s goes to Xendit channel %s', async (channel, code) => {
    await payouts.payout(request({ destination: { channel, accountNo: '001234567890', holderName: 'Ana Reyes' } }));
    expect(fake.receivedPayouts[0]?.body.channel_code).toBe(code);
  });

  it('a channel Xendit has no code for is refused before any call', async () => {
    expect(payouts.supports('NOBANK')).toBe(false);
    const answer = await payouts.payout(
      request({ destination: { channel: 'NOBANK', accountNo: '1', holderName: 'A' } }),
    );
    expect(answer).toMatchObject({ outcome: 'refused', code: 'CHANNEL_CODE_NOT_SUPPORTED_ERROR' });
    expect(fake.receivedPayouts).toHaveLength(0);
  });

  it('idempotent retry: asked again with the same reference, Xendit answers the same payout (one payout made)', async () => {
    const input = request();
    const before = fake.payouts().length;
    const first = await payouts.payout(input);
    const again = await payouts.payout(input);
    expect(again).toEqual(first);
    expect(fake.payouts().length).toBe(before + 1);
  });

  it('a Xendit that refuses a reused key (409 DUPLICATE_ERROR) is asked by reference: the payout already made is the answer', async () => {
    const strictFake = await startFakeXendit(FAKE_SECRET_KEY, { replays: false });
    try {
      const strict = xenditPayouts({ secretKey: FAKE_SECRET_KEY, callbackToken: TOKEN, baseUrl: strictFake.url });
      const input = request();
      const first = await strict.payout(input);
      expect(await strict.payout(input)).toEqual(first);
      expect(strictFake.payouts()).toHaveLength(1);
      // Another amount under the same key is not that payout, but the key proves a payout was
      // made under the reference: never a failure (a new request would pay twice); it stays on its
      // way, with the reason shown, for finance to check with the provider.
      expect(await strict.payout({ ...input, amount: 485_100 })).toMatchObject({
        outcome: 'unanswered',
        reason: expect.stringMatching(/DUPLICATE_ERROR/),
      });
    } finally {
      await strictFake.close();
    }
  });

  it('429 and 503 are retried with backoff under the same key, then accepted', async () => {
    fake.failNext(429, 'RATE_LIMIT_EXCEEDED');
    fake.failNext(503, 'SERVER_ERROR');
    const answer = await payouts.payout(request());
    expect(answer.outcome).toBe('accepted');
    expect(fake.receivedPayouts).toHaveLength(3);
    expect(new Set(fake.receivedPayouts.map((r) => r.headers['idempotency-key'])).size).toBe(1);
    expect(slept).toEqual([10, 20]);
  });

  it('no answer after every attempt (timeouts, 500) is "unanswered": asked again later with the same reference, never refused', async () => {
    fake.delayNext(2_500, 3);
    expect(await payouts.payout(request())).toMatchObject({
      outcome: 'unanswered',
      reason: expect.stringMatching(/TIMEOUT/),
    });
    fake.failNext(500, 'SERVER_ERROR', 3);
    expect(await payouts.payout(request())).toMatchObject({ outcome: 'unanswered' });
  });

  it('a timeout whose payout was made anyway: the retry with the same key gets that payout, not a second one', async () => {
    fake.delayNext(2_500);
    const before = fake.payouts().length;
    const answer = await payouts.payout(request());
    expect(answer.outcome).toBe('accepted');
    expect(fake.receivedPayouts).toHaveLength(2);
    expect(fake.payouts().length).toBe(before + 1);
  });

  it.each([
    [400, 'RECIPIENT_ACCOUNT_NUMBER_ERROR', /account number is not valid/],
    [400, 'RECIPIENT_AMOUNT_ERROR', /amount is outside/],
    [400, 'MAXIMUM_TRANSFER_LIMIT_ERROR', /transfer limit/],
    [400, 'INSUFFICIENT_BALANCE', /balance at the provider/],
    [403, 'REQUEST_FORBIDDEN_ERROR', /REQUEST_FORBIDDEN_ERROR/],
  ])('%i %s is refused at once with the reason in words, not retried', async (status, code, words) => {
    fake.failNext(status, code);
    const answer = await payouts.payout(request());
    expect(answer).toMatchObject({ outcome: 'refused', code, reason: expect.stringMatching(words) });
    expect(fake.receivedPayouts).toHaveLength(1);
  });

  it('a wrong secret key is refused by Xendit as INVALID_API_KEY', async () => {
    const wrong = xenditPayouts({ secretKey: 'xnd_wrong', callbackToken: TOKEN, baseUrl: fake.url });
    expect(await wrong.payout(request())).toMatchObject({ outcome: 'refused', code: 'INVALID_API_KEY' });
  });
});

describe('Xendit payout webhook', () => {
  const made = async () => {
    const input = request();
    await payouts.payout(input);
    return input.reference;
  };

  it('payout.succeeded with the dashboard token is believed: reference, Xendit id, centavos, the time it succeeded', async () => {
    const reference = await made();
    const body = fake.payoutCallbackFor(reference, 'payout.succeeded', { updated: '2026-11-20T02:15:00.000Z' });
    expect(payouts.verifyPayout(header, body, Date.now())).toEqual({
      ok: true,
      event: {
        eventId: expect.stringMatching(/^disb-.*:payout\.succeeded$/),
        reference,
        providerId: expect.stringMatching(/^disb-/),
        amount: 485_000,
        status: 'succeeded',
        failureCode: undefined,
        at: '2026-11-20T02:15:00.000Z',
      },
    });
  });

  it('payout.failed carries its failure code (a payout that fails after being accepted)', async () => {
    const reference = await made();
    const verified = payouts.verifyPayout(
      header,
      fake.payoutCallbackFor(reference, 'payout.failed', { failure_code: 'INSUFFICIENT_BALANCE' }),
      Date.now(),
    );
    expect(verified).toMatchObject({ ok: true, event: { status: 'failed', failureCode: 'INSUFFICIENT_BALANCE' } });
  });

  it('a duplicate delivery verifies to the same event id (the app takes it once)', async () => {
    const reference = await made();
    const body = fake.payoutCallbackFor(reference, 'payout.succeeded');
    const first = payouts.verifyPayout(header, body, Date.now());
    const again = payouts.verifyPayout(header, body, Date.now());
    expect(first.ok && again.ok && first.event.eventId === again.event.eventId).toBe(true);
  });

  it('a forged, missing, repeated or differently long token is refused', async () => {
    const body = fake.payoutCallbackFor(await made(), 'payout.succeeded');
    expect(payouts.verifyPayout({}, body, Date.now())).toEqual({ ok: false, reason: 'signature' });
    expect(payouts.verifyPayout({ [CALLBACK_TOKEN_HEADER]: `${TOKEN.slice(0, -1)}x` }, body, Date.now())).toEqual({
      ok: false,
      reason: 'signature',
    });
    expect(payouts.verifyPayout({ [CALLBACK_TOKEN_HEADER]: TOKEN.slice(1) }, body, Date.now())).toEqual({
      ok: false,
      reason: 'signature',
    });
    expect(payouts.verifyPayout({ [CALLBACK_TOKEN_HEADER]: [TOKEN, TOKEN] }, body, Date.now())).toEqual({
      ok: false,
      reason: 'signature',
    });
  });

  it('not a payout event, another currency, or an amount finer than a centavo is malformed; an event we do not act on is ignored', async () => {
    const reference = await made();
    expect(payouts.verifyPayout(header, 'not json', Date.now())).toEqual({ ok: false, reason: 'malformed' });
    expect(
      payouts.verifyPayout(
        header,
        fake.payoutCallbackFor(reference, 'payout.succeeded', { currency: 'USD' }),
        Date.now(),
      ),
    ).toEqual({ ok: false, reason: 'malformed' });
    expect(
      payouts.verifyPayout(
        header,
        fake.payoutCallbackFor(reference, 'payout.succeeded', { amount: 4850.005 }),
        Date.now(),
      ),
    ).toEqual({ ok: false, reason: 'malformed' });
    expect(payouts.verifyPayout(header, JSON.stringify({ event: 'payment.succeeded', data: {} }), Date.now())).toEqual({
      ok: false,
      reason: 'ignored',
    });
    // payout.reversed (money back after a success) is acted on, with REVERSED as its code.
    expect(
      payouts.verifyPayout(header, fake.payoutCallbackFor(reference, 'payout.reversed'), Date.now()),
    ).toMatchObject({ ok: true, event: { status: 'reversed', failureCode: 'REVERSED' } });
    // An event named like an Object method is not one of ours.
    const methodNamed = JSON.stringify({
      ...JSON.parse(fake.payoutCallbackFor(reference, 'payout.succeeded')),
      event: 'toString',
    });
    expect(payouts.verifyPayout(header, methodNamed, Date.now())).toEqual({ ok: false, reason: 'ignored' });
  });
});

describe('sandbox payouts', () => {
  const delivered: unknown[] = [];
  const sandbox = sandboxPayouts('sandbox-secret-for-the-payout-contract-test', async (event) => {
    delivered.push(event);
  });

  it('accepts, then sends its signed callback: succeeded, or failed INVALID_DESTINATION for accounts ending in 0002', async () => {
    delivered.length = 0;
    await sandbox.payout(request({ reference: 'DSB-A-1' }));
    await sandbox.payout(
      request({ reference: 'DSB-B-1', destination: { channel: 'BDO', accountNo: '001234560002', holderName: 'A' } }),
    );
    expect(delivered).toMatchObject([
      { reference: 'DSB-A-1', status: 'succeeded' },
      { reference: 'DSB-B-1', status: 'failed', failureCode: 'INVALID_DESTINATION' },
    ]);
  });

  it('its callbacks verify only with its signature and within five minutes', async () => {
    const event = {
      eventId: 'evt-0000001',
      reference: 'DSB-A-1',
      providerId: 'sandbox-po-DSB-A-1',
      amount: 100,
      status: 'succeeded' as const,
      at: new Date().toISOString(),
    };
    const now = Date.now();
    const signed = sandbox.signPayoutEvent(event, now);
    expect(sandbox.verifyPayout(signed.headers, signed.body, now)).toEqual({ ok: true, event });
    expect(sandbox.verifyPayout(signed.headers, signed.body.replace('100', '900'), now)).toEqual({
      ok: false,
      reason: 'signature',
    });
    expect(sandbox.verifyPayout(signed.headers, signed.body, now + 6 * 60 * 1000)).toEqual({
      ok: false,
      reason: 'stale',
    });
  });
});
