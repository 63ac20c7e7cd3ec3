import { randomInt } from 'node:crypto';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { Code } from '../../../shared/codes';
import { PAYMENT_CHANNELS, type PaymentChannel } from '../../../shared/payment-channels';
import { AppError } from '../../http/app-error';
import { FAKE_SECRET_KEY, startFakeXendit } from './xendit-fake';
import { XenditError } from './xendit-client';
import { CALLBACK_TOKEN_HEADER, xenditProvider } from './xendit-provider';

const fake = await startFakeXendit();
afterAll(() => fake.close());

const TOKEN = 'callback-token-from-the-dashboard-0123456789';
const slept: number[] = [];
const provider = xenditProvider({
  secretKey: FAKE_SECRET_KEY,
  callbackToken: TOKEN,
  publicUrl: 'https://hiram.ph',
  baseUrl: fake.url,
  // Long enough that a loaded test machine answers a normal request within it (at 200 ms a busy
  // run timed a plain reply out and retried it); the slow replies below wait well past it.
  timeoutMs: 1_000,
  attempts: 3,
  backoffMs: 10,
  sleep: async (ms) => {
    slept.push(ms);
  },
});

const channel = (code: string): PaymentChannel => {
  const found = PAYMENT_CHANNELS.find((c) => c.code === code);
  if (!found) throw new Error(code);
  return found;
};
/** A pay reference as repayment-service makes them: 14 digits. */
const nextReference = () => `${randomInt(10_000_000, 99_999_999)}${randomInt(100_000, 999_999)}`;
const create = (code: string, amount = 150_050, reference = nextReference()) =>
  provider.create({ reference, amount, channel: channel(code), orderNo: 'HR0086', borrowerId: 7 });

/** What the thrown error was, for expectations on it. */
async function failure(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected a failure');
}

beforeEach(() => {
  fake.received.length = 0;
  slept.length = 0;
});

describe('Xendit create: channels to payment methods', () => {
  it('GCash: an e-wallet payment request under our reference as idempotency key, in pesos; the borrower goes to the mobile checkout', async () => {
    const reference = nextReference();
    const made = await create('GCASH', 150_050, reference);
    expect(made.payUrl).toMatch(/^https:\/\/ewallet-mock-connector\.xendit\.co\/.*mobile=1$/);
    expect(made.payCode).toMatch(/^pr-/);
    const [sent] = fake.received;
    expect(sent?.headers['idempotency-key']).toBe(reference);
    expect(sent?.headers.authorization).toBe(`Basic ${Buffer.from(`${FAKE_SECRET_KEY}:`).toString('base64')}`);
    expect(sent?.body).toMatchObject({
      reference_id: reference,
      amount: 1500.5,
      currency: 'PHP',
      country: 'PH',
      payment_method: {
        type: 'EWALLET',
        reusability: 'ONE_TIME_USE',
        ewallet: {
          channel_code: 'GCASH',
          channel_properties: { success_return_url: 'https://hiram.ph/', failure_return_url: 'https://hiram.ph/' },
        },
      },
    });
  });

  it("Maya is Xendit's PAYMAYA", async () => {
    await create('MAYA');
    expect(fake.received[0]?.body).toMatchObject({ payment_method: { ewallet: { channel_code: 'PAYMAYA' } } });
  });

  it.each(['7ELEVEN', 'CEBUANA', 'PALAWAN', 'ECPAY'])(
    '%s: the payment code for the cashier and its expiry on our code page',
    async (code) => {
      const made = await create(code, 99_900);
      expect(fake.received[0]?.body).toMatchObject({
        payment_method: { type: 'OVER_THE_COUNTER', over_the_counter: { channel_code: code } },
      });
      expect(made.payCode).toMatch(/^XND\d+$/);
      const url = new URL(made.payUrl, 'https://hiram.ph');
      expect(url.pathname).toBe('/repaymentOfCode');
      expect(Object.fromEntries(url.searchParams)).toMatchObject({
        showType: '1',
        payCode: made.payCode,
        repayAmount: '99900',
        payCodeImg: channel(code).logo,
      });
      expect(Date.parse(url.searchParams.get('expiresAt') ?? '')).toBeGreaterThan(Date.now());
    },
  );

  it('QR Ph: the QR string Xendit returns, shown as a QR', async () => {
    const made = await create('QRPH');
    expect(fake.received[0]?.body).toMatchObject({
      payment_method: { type: 'QR_CODE', qr_code: { channel_code: 'QRPH' } },
    });
    expect(made.payCode).toMatch(/^00020101021228QRPH/);
    expect(new URL(made.payUrl, 'https://hiram.ph').searchParams.get('showType')).toBe('2');
  });

  it('asked again with the same reference, it answers the same payment (no second one at Xendit)', async () => {
    const reference = nextReference();
    const first = await create('7ELEVEN', 20_000, reference);
    const again = await create('7ELEVEN', 20_000, reference);
    expect(again).toEqual(first);
  });
});

describe('Xendit create: documented errors, timeouts and retries', () => {
  it('429 RATE_LIMIT_EXCEEDED and 503 CHANNEL_UNAVAILABLE are retried with backoff under the same key', async () => {
    fake.failNext(429, 'RATE_LIMIT_EXCEEDED');
    fake.failNext(503, 'CHANNEL_UNAVAILABLE');
    const made = await create('GCASH');
    expect(made.payUrl).toMatch(/^https:/);
    expect(fake.received).toHaveLength(3);
    expect(new Set(fake.received.map((r) => r.headers['idempotency-key'])).size).toBe(1);
    expect(slept).toEqual([10, 20]);
  });

  it('500 SERVER_ERROR on every attempt: the borrower is told to try later after three attempts', async () => {
    fake.failNext(500, 'SERVER_ERROR', 3);
    const error = await failure(create('GCASH'));
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).code).toBe(Code.UNAVAILABLE);
    expect(fake.received).toHaveLength(3);
  });

  it('a reply slower than the timeout is retried; the retry gets the payment the slow one made', async () => {
    fake.delayNext(2_500);
    const reference = nextReference();
    const made = await create('CEBUANA', 30_000, reference);
    expect(made.payCode).toMatch(/^XND/);
    expect(fake.received).toHaveLength(2);
  });

  it('timeouts on every attempt end in "not available", not a hang', async () => {
    fake.delayNext(2_500, 3);
    const error = await failure(create('QRPH'));
    expect((error as AppError).code).toBe(Code.UNAVAILABLE);
    expect(fake.received).toHaveLength(3);
  });

  it('400 INVALID_VALUE_ERROR (an amount the channel does not take): choose another method, not retried', async () => {
    fake.failNext(400, 'INVALID_VALUE_ERROR');
    const error = await failure(create('ECPAY'));
    expect(error).toMatchObject({ code: Code.BAD_REQUEST, data: { field: 'channelNumber' } });
    expect(fake.received).toHaveLength(1);
  });

  it('403 CHANNEL_NOT_ACTIVATED: that method is not available, not retried', async () => {
    fake.failNext(403, 'CHANNEL_NOT_ACTIVATED');
    const error = await failure(create('PALAWAN'));
    expect(error).toMatchObject({ code: Code.UNAVAILABLE });
    expect((error as AppError).message).toMatch(/^Palawan Express is not available/);
    expect(fake.received).toHaveLength(1);
  });

  it.each([
    [400, 'API_VALIDATION_ERROR'],
    [401, 'INVALID_API_KEY'],
    [403, 'REQUEST_FORBIDDEN_ERROR'],
    [404, 'DATA_NOT_FOUND'],
    [409, 'DUPLICATE_ERROR'],
  ])('%i %s is our fault: thrown as it is (logged, hidden from the borrower), not retried', async (status, code) => {
    fake.failNext(status, code);
    const error = await failure(create('GCASH'));
    expect(error).toBeInstanceOf(XenditError);
    expect(error).toMatchObject({ status, errorCode: code, retryable: false });
    expect(fake.received).toHaveLength(1);
  });

  it('a wrong secret key is refused by Xendit as INVALID_API_KEY', async () => {
    const wrong = xenditProvider({
      secretKey: 'xnd_wrong',
      callbackToken: TOKEN,
      publicUrl: 'https://hiram.ph',
      baseUrl: fake.url,
    });
    const error = await failure(
      wrong.create({
        reference: nextReference(),
        amount: 100,
        channel: channel('GCASH'),
        orderNo: 'HR1',
        borrowerId: 1,
      }),
    );
    expect(error).toMatchObject({ status: 401, errorCode: 'INVALID_API_KEY' });
  });

  it('the same key with another amount is 409 DUPLICATE_ERROR, never a second payment', async () => {
    const reference = nextReference();
    await create('7ELEVEN', 10_000, reference);
    const error = await failure(create('7ELEVEN', 10_100, reference));
    expect(error).toMatchObject({ status: 409, errorCode: 'DUPLICATE_ERROR' });
  });

  it('when Xendit refuses a reused key instead of replaying, the payment request already made is found by its reference', async () => {
    const refusing = await startFakeXendit(FAKE_SECRET_KEY, { replays: false });
    try {
      const strict = xenditProvider({
        secretKey: FAKE_SECRET_KEY,
        callbackToken: TOKEN,
        publicUrl: 'https://hiram.ph',
        baseUrl: refusing.url,
      });
      const reference = nextReference();
      const input = { reference, amount: 25_000, channel: channel('7ELEVEN'), orderNo: 'HR0086', borrowerId: 7 };
      const first = await strict.create(input);
      expect(await strict.create(input)).toEqual(first);
      expect(refusing.received).toHaveLength(2);
      // Another amount under the same reference is not that request: the refusal stands.
      expect(await failure(strict.create({ ...input, amount: 25_100 }))).toMatchObject({
        status: 409,
        errorCode: 'DUPLICATE_ERROR',
      });
    } finally {
      await refusing.close();
    }
  });

  it('debit of a bound account is honestly unsupported', async () => {
    const answer = await provider.debit({
      reference: nextReference(),
      amount: 100,
      account: { kind: 'bank', accountNo: '1', holderName: 'A' },
      orderNo: 'HR1',
    });
    expect(answer).toMatchObject({ accepted: false });
  });
});

describe('Xendit callback verification', () => {
  const paidCallback = async (overrides: Record<string, unknown> = {}) => {
    const reference = nextReference();
    await create('GCASH', 150_050, reference);
    return { reference, body: fake.callbackFor(reference, 'payment.succeeded', overrides) };
  };

  it('a callback with the dashboard token is believed: reference, amount in centavos, paid, paid-at', async () => {
    const { reference, body } = await paidCallback({ created: '2026-11-20T02:15:00.000Z' });
    const verified = provider.verify({ [CALLBACK_TOKEN_HEADER]: TOKEN }, body, Date.now());
    expect(verified).toEqual({
      ok: true,
      event: {
        eventId: expect.stringMatching(/:payment\.succeeded$/),
        reference,
        amount: 150_050,
        status: 'paid',
        paidAt: '2026-11-20T02:15:00.000Z',
      },
    });
  });

  it('payment.failed is a failure, with no paid-at', async () => {
    const reference = nextReference();
    await create('7ELEVEN', 5_000, reference);
    const verified = provider.verify(
      { [CALLBACK_TOKEN_HEADER]: TOKEN },
      fake.callbackFor(reference, 'payment.failed'),
      Date.now(),
    );
    expect(verified).toMatchObject({ ok: true, event: { status: 'failed', paidAt: undefined, amount: 5_000 } });
  });

  it('a forged, missing, repeated-header or differently long token is refused', async () => {
    const { body } = await paidCallback();
    expect(provider.verify({}, body, Date.now())).toEqual({ ok: false, reason: 'signature' });
    expect(provider.verify({ [CALLBACK_TOKEN_HEADER]: `${TOKEN.slice(0, -1)}x` }, body, Date.now())).toEqual({
      ok: false,
      reason: 'signature',
    });
    expect(provider.verify({ [CALLBACK_TOKEN_HEADER]: TOKEN.slice(1) }, body, Date.now())).toEqual({
      ok: false,
      reason: 'signature',
    });
    expect(provider.verify({ [CALLBACK_TOKEN_HEADER]: [TOKEN, TOKEN] }, body, Date.now())).toEqual({
      ok: false,
      reason: 'signature',
    });
  });

  it("a body that is not Xendit's payment callback is malformed; an event we do not act on is ignored", async () => {
    const h = { [CALLBACK_TOKEN_HEADER]: TOKEN };
    expect(provider.verify(h, 'not json', Date.now())).toEqual({ ok: false, reason: 'malformed' });
    expect(provider.verify(h, JSON.stringify({ event: 'payment.succeeded', data: { id: 'x' } }), Date.now())).toEqual({
      ok: false,
      reason: 'malformed',
    });
    const { body } = await paidCallback({ currency: 'USD' });
    expect(provider.verify(h, body, Date.now())).toEqual({ ok: false, reason: 'malformed' });
    expect(provider.verify(h, JSON.stringify({ event: 'payment.awaiting_capture', data: {} }), Date.now())).toEqual({
      ok: false,
      reason: 'ignored',
    });
  });

  it('an amount finer than a centavo is refused rather than rounded', async () => {
    const { body } = await paidCallback({ amount: 1500.505 });
    expect(provider.verify({ [CALLBACK_TOKEN_HEADER]: TOKEN }, body, Date.now())).toEqual({
      ok: false,
      reason: 'malformed',
    });
  });
});
