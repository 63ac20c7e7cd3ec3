import { readFileSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import * as tx from 'xendit-node/balance_and_transaction/models';
import * as pr from 'xendit-node/payment_request/models';
import * as po from 'xendit-node/payout/models';
import { FAKE_SECRET_KEY, startFakeXendit } from './xendit-fake';
import { type SdkModel, sdkProblems } from './xendit-sdk-contract';

/**
 * The local fake is held to Xendit's own models: every reply and webhook it produces is read by the
 * SDK (xendit-node, generated from Xendit's API description) for v2, and compared with the recorded
 * examples of the documentation (fixtures/xendit/) for v3, which the SDK does not model yet. A
 * shape we invented fails here before it can hide a bug in the adapter.
 */
const fake = await startFakeXendit();
afterAll(() => fake.close());
const auth = `Basic ${Buffer.from(`${FAKE_SECRET_KEY}:`).toString('base64')}`;
const call = async (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) => {
  const response = await fetch(`${fake.url}${path}`, {
    method,
    headers: {
      authorization: auth,
      'content-type': 'application/json',
      'idempotency-key': `k-${Math.random()}`,
      ...headers,
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return (await response.json()) as Record<string, unknown>;
};
const fixture = (name: string) =>
  JSON.parse(readFileSync(new URL(`./fixtures/xendit/${name}.json`, import.meta.url), 'utf8')) as Record<
    string,
    unknown
  >;

const model = (fromJSON: SdkModel['fromJSON'], toJSON: SdkModel['toJSON'], instanceOf?: SdkModel['instanceOf']) => ({
  fromJSON,
  toJSON,
  ...(instanceOf ? { instanceOf } : {}),
});
const PaymentRequest = model(pr.PaymentRequestFromJSON, pr.PaymentRequestToJSON, pr.instanceOfPaymentRequest);
const PaymentMethod = model(pr.PaymentMethodFromJSON, pr.PaymentMethodToJSON, pr.instanceOfPaymentMethod);
const PaymentCallback = model(pr.PaymentCallbackFromJSON, pr.PaymentCallbackToJSON, pr.instanceOfPaymentCallback);
const PaymentCallbackData = model(
  pr.PaymentCallbackDataFromJSON,
  pr.PaymentCallbackDataToJSON,
  pr.instanceOfPaymentCallbackData,
);
const Payout = model(po.PayoutFromJSON, po.PayoutToJSON, po.instanceOfPayout);
const PayoutPage = model(po.GetPayouts200ResponseFromJSON, po.GetPayouts200ResponseToJSON);
const PayoutRow = model(
  po.GetPayouts200ResponseDataInnerFromJSON,
  po.GetPayouts200ResponseDataInnerToJSON,
  po.instanceOfGetPayouts200ResponseDataInner,
);
const Channel = model(po.ChannelFromJSON, po.ChannelToJSON, po.instanceOfChannel);
const Transactions = model(
  tx.TransactionsResponseFromJSON,
  tx.TransactionsResponseToJSON,
  tx.instanceOfTransactionsResponse,
);
const Transaction = model(
  tx.TransactionResponseFromJSON,
  tx.TransactionResponseToJSON,
  tx.instanceOfTransactionResponse,
);
const PAYOUT_STATUSES: readonly string[] = Object.values(po.PayoutStatusEnum);

let serial = 0;
const reference = () => {
  serial += 1;
  return `${String(Date.now()).slice(-8)}${String(serial).padStart(6, '0')}`;
};
const v2Body = (ref: string, type: string, key: string, channelCode: string, props: Record<string, unknown>) => ({
  reference_id: ref,
  amount: 1500.5,
  currency: 'PHP',
  country: 'PH',
  payment_method: {
    type,
    reusability: 'ONE_TIME_USE',
    [key]: { channel_code: channelCode, channel_properties: props },
  },
});
const payoutBody = (ref: string) => ({
  reference_id: ref,
  channel_code: 'PH_GCASH',
  channel_properties: { account_number: '09171234567', account_holder_name: 'Juan Dela Cruz' },
  amount: 5000,
  description: 'Loan disbursal',
  currency: 'PHP',
});

describe('the checker itself', () => {
  it('passes the documented v2 payout webhook and fails an invented key, a missing required key and an unknown status', () => {
    const documented = fixture('v2-payout-webhook').data;
    expect(sdkProblems(documented, Payout)).toEqual([]);
    const invented = { ...(documented as object), paid_at: '2026-01-01T00:00:00Z' };
    expect(sdkProblems(invented, Payout)).toEqual(['paid_at: not in the SDK model']);
    const { id: _id, ...missing } = documented as Record<string, unknown>;
    expect(sdkProblems(missing, Payout)).toContain('body: a key the SDK requires is missing');
    const callback = { event: 'payment.succeeded', business_id: 'b', created: '2026-01-01T00:00:00Z', data: {} };
    expect(
      sdkProblems({ ...callback, data: { status: 'X' } }, PaymentCallback, { nested: [['data', PaymentCallbackData]] }),
    ).toContain('data: a key the SDK requires is missing');
    expect(
      sdkProblems(
        {
          id: 'x',
          created: 'not a date',
          updated: 'x',
          reference_id: 'r',
          business_id: 'b',
          currency: 'PHP',
          payment_method: {},
          status: 'PAID',
        },
        PaymentRequest,
      ),
    ).toEqual(expect.arrayContaining(['status: a value the SDK does not know']));
  });
});

describe('v2: every reply and webhook of the fake is read by the SDK', () => {
  it.each([
    [
      'GCash e-wallet',
      'EWALLET',
      'ewallet',
      'GCASH',
      {
        success_return_url: 'https://hiram.test/',
        failure_return_url: 'https://hiram.test/',
        cancel_return_url: 'https://hiram.test/',
      },
    ],
    [
      'Maya e-wallet',
      'EWALLET',
      'ewallet',
      'PAYMAYA',
      {
        success_return_url: 'https://hiram.test/',
        failure_return_url: 'https://hiram.test/',
        cancel_return_url: 'https://hiram.test/',
      },
    ],
    ['7-Eleven', 'OVER_THE_COUNTER', 'over_the_counter', '7ELEVEN', { customer_name: 'Loan HR0001' }],
    ['QR Ph', 'QR_CODE', 'qr_code', 'QRPH', {}],
  ])('POST /payment_requests (%s), GET by id and its callbacks', async (_name, type, key, code, props) => {
    const ref = reference();
    const made = await call('POST', '/payment_requests', v2Body(ref, type, key, code, props));
    expect(sdkProblems(made, PaymentRequest, { nested: [['payment_method', PaymentMethod]] })).toEqual([]);
    expect(sdkProblems(await call('GET', `/payment_requests/${made.id as string}`), PaymentRequest)).toEqual([]);
    const listed = await call('GET', `/payment_requests?reference_id=${ref}`);
    for (const row of listed.data as unknown[]) expect(sdkProblems(row, PaymentRequest)).toEqual([]);
    for (const event of ['payment.succeeded', 'payment.failed'] as const) {
      const webhook = JSON.parse(fake.callbackFor(ref, event));
      expect(sdkProblems(webhook, PaymentCallback, { nested: [['data', PaymentCallbackData]] })).toEqual([]);
    }
  });

  it('POST /v2/payouts, GET /v2/payouts (the SDK page, with {data, has_more, links}) and the payout webhooks', async () => {
    const ref = reference();
    const made = await call('POST', '/v2/payouts', payoutBody(ref));
    expect(sdkProblems(made, Payout)).toEqual([]);
    expect(PAYOUT_STATUSES).toContain(made.status);
    fake.payoutLookup = 'page';
    const page = await call('GET', `/v2/payouts?reference_id=${ref}`);
    expect(sdkProblems(page, PayoutPage, { nested: [['data', PayoutRow]] })).toEqual([]);
    expect((page.data as unknown[]).length).toBe(1);
    for (const event of ['payout.succeeded', 'payout.failed', 'payout.reversed'] as const) {
      const webhook = JSON.parse(fake.payoutCallbackFor(ref, event)) as { data: Record<string, unknown> };
      expect(sdkProblems(webhook.data, Payout), event).toEqual([]);
      expect(PAYOUT_STATUSES).toContain(webhook.data.status);
    }
  });

  it('GET /transactions and GET /payouts_channels', async () => {
    fake.recordTransaction({ reference_id: reference(), type: 'PAYMENT', status: 'SUCCESS', amount: 10 });
    fake.recordTransaction({ reference_id: reference(), type: 'DISBURSEMENT', status: 'PENDING', amount: 20 });
    const listed = await call('GET', '/transactions?limit=50');
    expect(sdkProblems(listed, Transactions, { nested: [['data', Transaction]] })).toEqual([]);
    const channels = (await fetch(`${fake.url}/payouts_channels`, { headers: { authorization: auth } }).then((r) =>
      r.json(),
    )) as unknown[];
    expect(channels.length).toBeGreaterThan(0);
    for (const channel of channels) expect(sdkProblems(channel, Channel)).toEqual([]);
  });
});

/** The keys of a JSON value and the JSON type of each, as paths ("data.captures[].capture_id: string"). */
function shapeOf(value: unknown, path = ''): string[] {
  if (Array.isArray(value)) return value.length ? shapeOf(value[0], `${path}[]`) : [`${path}: list`];
  if (value && typeof value === 'object')
    return Object.entries(value).flatMap(([k, v]) => shapeOf(v, path ? `${path}.${k}` : k));
  return [`${path}: ${value === null ? 'null' : typeof value}`];
}
/** Keys a documented example shows on some channels only (a PAY's description and metadata are ours to send). */
const sameShape = (made: unknown, documented: unknown, optional: readonly string[] = []) => {
  const ours = new Set(shapeOf(made).filter((k) => !optional.some((o) => k.startsWith(o))));
  const theirs = new Set(shapeOf(documented).filter((k) => !optional.some((o) => k.startsWith(o))));
  return { invented: [...ours].filter((k) => !theirs.has(k)), missing: [...theirs].filter((k) => !ours.has(k)) };
};
const V3 = { 'api-version': '2024-11-11' };
const v3Body = (ref: string, code: string, props: Record<string, unknown>) => ({
  reference_id: ref,
  type: 'PAY',
  country: 'PH',
  currency: 'PHP',
  request_amount: 1500.5,
  capture_method: 'AUTOMATIC',
  channel_code: code,
  channel_properties: props,
  description: 'Loan HR0001',
  metadata: { order_no: 'HR0001' },
});
const RETURN = {
  success_return_url: 'https://hiram.test/',
  failure_return_url: 'https://hiram.test/',
  cancel_return_url: 'https://hiram.test/',
};

describe('v3: every reply and webhook of the fake has the shape of the documented example', () => {
  it('POST /v3/payment_requests for an e-wallet, and the capture, failure and expiry webhooks', async () => {
    const ref = reference();
    const made = await call('POST', '/v3/payment_requests', v3Body(ref, 'GCASH', RETURN), V3);
    expect(sameShape(made, fixture('v3-payment-request'))).toEqual({ invented: [], missing: [] });
    const props = ['data.channel_properties'];
    for (const [event, name] of [
      ['payment.capture', 'v3-payment-capture'],
      ['payment.failure', 'v3-payment-failure'],
      ['payment_request.expiry', 'v3-payment-request-expiry'],
    ] as const)
      expect(sameShape(JSON.parse(fake.callbackFor(ref, event)), fixture(name), props), event).toEqual({
        invented: [],
        missing: [],
      });
  });

  it('a counter code and a QR string are PRESENT_TO_CUSTOMER actions', async () => {
    const otc = await call(
      'POST',
      '/v3/payment_requests',
      v3Body(reference(), '7ELEVEN', { payer_name: 'Loan HR0001' }),
      V3,
    );
    expect(otc.actions).toEqual([expect.objectContaining({ type: 'PRESENT_TO_CUSTOMER', descriptor: 'PAYMENT_CODE' })]);
    const qr = await call('POST', '/v3/payment_requests', v3Body(reference(), 'QRPH', {}), V3);
    expect(qr.actions).toEqual([expect.objectContaining({ type: 'PRESENT_TO_CUSTOMER', descriptor: 'QR_STRING' })]);
    expect(sameShape(qr, fixture('v3-payment-request'), ['channel_properties', 'actions'])).toEqual({
      invented: [],
      missing: [],
    });
  });

  it('refuses a v2 body or a call without api-version, as Xendit does', async () => {
    const v2 = await call(
      'POST',
      '/v3/payment_requests',
      v2Body(reference(), 'EWALLET', 'ewallet', 'GCASH', RETURN),
      V3,
    );
    expect(v2.error_code).toBe('API_VALIDATION_ERROR');
    const unversioned = await call('POST', '/v3/payment_requests', v3Body(reference(), 'GCASH', RETURN));
    expect(unversioned.error_code).toBe('API_VALIDATION_ERROR');
  });

  it('POST /v3/payouts answers the SDK Payout; the v3_payout webhooks have the documented shape', async () => {
    const ref = reference();
    const made = await call('POST', '/v3/payouts', payoutBody(ref), V3);
    expect(sdkProblems(made, Payout)).toEqual([]);
    for (const event of ['v3_payout.succeeded', 'v3_payout.failed', 'v3_payout.reversed'] as const) {
      const webhook = JSON.parse(fake.payoutCallbackFor(ref, event));
      expect(sameShape(webhook, fixture('v3-payout-webhook'), ['data.failure_code', 'data.metadata']), event).toEqual({
        invented: [],
        missing: [],
      });
      expect(webhook.event).toBe(event);
    }
  });
});
