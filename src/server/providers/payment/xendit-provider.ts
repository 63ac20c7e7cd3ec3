import { timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import { Code } from '../../../shared/codes';
import type { PaymentChannel } from '../../../shared/payment-channels';
import { href } from '../../../shared/pages';
import { AppError } from '../../http/app-error';
import type { Created, PaymentProvider, Verified } from './payment-provider';
import { type XenditClientOptions, XenditError, xenditClient } from './xendit-client';
import { listXenditTransactions } from './xendit-transactions';

export const XENDIT = 'xendit';
export const CALLBACK_TOKEN_HEADER = 'x-callback-token';

/**
 * Our channels (src/shared/payment-channels.ts) as Xendit's payment methods for the Philippines:
 * GCash and Maya are e-wallet checkouts, QR Ph a QR string, the outlets a payment code for the
 * cashier. Xendit calls Maya "PAYMAYA".
 */
const METHOD_OF: Record<string, { type: 'EWALLET' | 'OVER_THE_COUNTER' | 'QR_CODE'; channelCode: string }> = {
  GCASH: { type: 'EWALLET', channelCode: 'GCASH' },
  MAYA: { type: 'EWALLET', channelCode: 'PAYMAYA' },
  '7ELEVEN': { type: 'OVER_THE_COUNTER', channelCode: '7ELEVEN' },
  CEBUANA: { type: 'OVER_THE_COUNTER', channelCode: 'CEBUANA' },
  PALAWAN: { type: 'OVER_THE_COUNTER', channelCode: 'PALAWAN' },
  ECPAY: { type: 'OVER_THE_COUNTER', channelCode: 'ECPAY' },
  QRPH: { type: 'QR_CODE', channelCode: 'QRPH' },
};

export function xenditMethodOf(channel: PaymentChannel) {
  const method = METHOD_OF[channel.code];
  if (!method) throw new Error(`no Xendit payment method for channel ${channel.code}`);
  return method;
}

/** Centavos to Xendit's PHP amount (pesos, two decimals) and back. */
export const pesosOf = (centavos: number) => centavos / 100;
export const centavosOf = (pesos: number) => Math.round(pesos * 100);

/** GET /payment_requests/{id}: only its status is read. */
const statusSchema = z.looseObject({ status: z.string() });

const createdSchema = z.object({
  id: z.string(),
  created: z.string().nullish(),
  reference_id: z.string(),
  status: z.string(),
  actions: z
    .array(z.object({ action: z.string().optional(), url_type: z.string().optional(), url: z.string().nullish() }))
    .nullish(),
  payment_method: z.object({
    over_the_counter: z
      .object({ channel_properties: z.object({ payment_code: z.string().min(1), expires_at: z.string().nullish() }) })
      .nullish(),
    qr_code: z
      .object({ channel_properties: z.object({ qr_string: z.string().min(1), expires_at: z.string().nullish() }) })
      .nullish(),
  }),
});

/** GET /payment_requests?reference_id=…: Xendit's list of payment requests. */
const listSchema = z.object({ data: z.array(z.looseObject({ reference_id: z.string(), amount: z.number() })) });

/** Xendit's payment callback (events payment.succeeded and payment.failed); other fields are ignored. */
const callbackSchema = z.object({
  event: z.string(),
  data: z.object({
    id: z.string().min(1),
    reference_id: z.string().min(6).max(64),
    amount: z.number().positive(),
    currency: z.literal('PHP'),
    status: z.string(),
    created: z.iso.datetime({ offset: true }),
  }),
});

const EVENT_STATUS: Record<string, 'paid' | 'failed'> = { 'payment.succeeded': 'paid', 'payment.failed': 'failed' };

export interface XenditSettings extends Omit<XenditClientOptions, 'secretKey'> {
  secretKey: string;
  callbackToken: string;
  /** The token before a rotation, still believed until it is unset (docs/deployment.md "Rotating the callback token"). */
  previousCallbackToken?: string | undefined;
  /** Our public address: the e-wallet checkout sends the borrower back here. */
  publicUrl: string;
}

/** The callback tokens believed: the current one, and during a rotation the previous one. */
export function callbackTokens(settings: { callbackToken: string; previousCallbackToken?: string | undefined }) {
  return settings.previousCallbackToken
    ? [settings.callbackToken, settings.previousCallbackToken]
    : [settings.callbackToken];
}

/**
 * Compares the callback token in constant time (a different length is refused before comparing)
 * with each token believed; every one is compared, so the time does not say which matched.
 */
export function sameToken(expected: string | readonly string[], given: unknown): boolean {
  if (typeof given !== 'string') return false;
  const b = Buffer.from(given);
  let matched = false;
  for (const token of typeof expected === 'string' ? [expected] : expected) {
    const a = Buffer.from(token);
    if (a.length === b.length && timingSafeEqual(a, b)) matched = true;
  }
  return matched;
}

/**
 * How long an e-wallet checkout stays payable when Xendit's reply gives no expiry: Maya's
 * checkout expires after 15 minutes (Xendit's documentation); GCash's is taken as the same. The
 * status lookup before a reuse is the authority; this only keeps a dead checkout from being
 * handed out without asking.
 */
export const EWALLET_CHECKOUT_MINUTES = 15;

/** Payment request statuses that can still be paid (v2 and v3 alike). */
export const OPEN_STATUSES = new Set(['PENDING', 'REQUIRES_ACTION', 'ACCEPTING_PAYMENTS', 'AWAITING_CAPTURE']);

/**
 * Xendit's refusals that mean "this method cannot take this payment now": the amount is outside
 * the channel's limits, or the channel is off or unavailable for the account. The borrower is asked
 * to choose another method; anything else is a fault of ours.
 */
const AMOUNT_REFUSALS = new Set([
  'INVALID_VALUE_ERROR',
  'INVALID_AMOUNT_ERROR',
  'MAXIMUM_AMOUNT_LIMIT_ERROR',
  'MAX_AMOUNT_LIMIT_ERROR',
  'MINIMUM_AMOUNT_LIMIT_ERROR',
  'AMOUNT_LIMIT_EXCEEDED',
]);
const CHANNEL_REFUSALS = new Set([
  'CHANNEL_NOT_ACTIVATED',
  'CHANNEL_UNAVAILABLE',
  'CHANNEL_NOT_SUPPORTED',
  'CHANNEL_CODE_NOT_SUPPORTED_ERROR',
  'PAYMENT_METHOD_NOT_SUPPORTED',
  'ACCOUNT_ACCESS_BLOCKED',
]);

/** A Xendit refusal of a payment request as the borrower is told it (or the error itself, a fault of ours). */
export function refusalOf(error: XenditError, channel: PaymentChannel): Error {
  if (error.retryable) return unavailable();
  if (AMOUNT_REFUSALS.has(error.errorCode))
    return new AppError(
      Code.BAD_REQUEST,
      `${channel.name} cannot take this amount. Please choose another payment method.`,
      { field: 'channelNumber' },
    );
  if (CHANNEL_REFUSALS.has(error.errorCode))
    return new AppError(
      Code.UNAVAILABLE,
      `${channel.name} is not available at the moment. Please choose another payment method.`,
    );
  // Our key, our request or a reused key: a fault of ours, logged and hidden from the borrower.
  return error;
}

/** Our code page for a counter payment code or a QR Ph string (the page shows it with its expiry). */
export function codePageOf(
  kind: 'OVER_THE_COUNTER' | 'QR_CODE',
  code: string,
  channel: PaymentChannel,
  amount: number,
  expiresAt: string | undefined,
): string {
  return kind === 'OVER_THE_COUNTER'
    ? href('repaymentOfCode', { showType: 1, payCode: code, payCodeImg: channel.logo, repayAmount: amount, expiresAt })
    : href('repaymentOfCode', { showType: 2, payCode: code, repayAmount: amount, expiresAt });
}

/** The e-wallet return addresses: paid, failed and (Maya's) cancelled all come back to our home page. */
export function returnUrlsOf(publicUrl: string) {
  const url = new URL('/', publicUrl).toString();
  return { success_return_url: url, failure_return_url: url, cancel_return_url: url };
}

/**
 * A Xendit callback believed: the dashboard's token in `x-callback-token` (compared in constant
 * time), a JSON body naming one of `events` (another event is a genuine delivery we do not act
 * on: 'ignored'), of the expected shape, with an amount in whole centavos (an amount finer than
 * that is not rounded into agreement).
 */
export function readXenditCallback<
  S extends string,
  B extends { event: string; data: { amount?: number | undefined } },
>(
  token: string | readonly string[],
  headers: Record<string, string | string[] | undefined>,
  rawBody: string,
  events: Readonly<Record<string, S>>,
  schema: z.ZodType<B>,
): { ok: true; status: S; body: B } | { ok: false; reason: 'signature' | 'malformed' | 'ignored' } {
  if (!sameToken(token, headers[CALLBACK_TOKEN_HEADER])) return { ok: false, reason: 'signature' };
  let parsed: unknown;
  try {
    parsed = JSON.parse(rawBody);
  } catch {
    return { ok: false, reason: 'malformed' };
  }
  const event = (parsed as { event?: unknown } | null)?.event;
  // Own keys only: an event named like an Object method ("toString") is not one of ours.
  if (typeof event === 'string' && !Object.hasOwn(events, event)) return { ok: false, reason: 'ignored' };
  const body = schema.safeParse(parsed);
  const status = body.success && Object.hasOwn(events, body.data.event) ? events[body.data.event] : undefined;
  if (!body.success || !status) return { ok: false, reason: 'malformed' };
  const { amount } = body.data.data;
  if (amount === undefined) return { ok: true, status, body: body.data };
  if (Math.abs(amount * 100 - centavosOf(amount)) > 1e-6) return { ok: false, reason: 'malformed' };
  return { ok: true, status, body: body.data };
}

/**
 * A Payment Requests v2 callback (`payment.succeeded`, `payment.failed`) as a payment event. The
 * v3 adapter reads with it too: a request made on v2 before an account moved to v3 is still paid
 * through a v2 topic while the dashboard sends it.
 */
export function readV2Callback(
  settings: Pick<XenditSettings, 'callbackToken' | 'previousCallbackToken'>,
  headers: Record<string, string | string[] | undefined>,
  rawBody: string,
): Verified {
  const read = readXenditCallback(callbackTokens(settings), headers, rawBody, EVENT_STATUS, callbackSchema);
  if (!read.ok) return read;
  const { status, body } = read;
  const { data } = body;
  return {
    ok: true,
    event: {
      // One payment has one success and at most one failure: its id and the event name are the delivery's identity.
      eventId: `${data.id}:${body.event}`,
      reference: data.reference_id,
      amount: centavosOf(data.amount),
      status,
      // The payment object is made when the borrower pays: its creation time is the paid-at.
      paidAt: status === 'paid' ? data.created : undefined,
    },
  };
}

const unavailable = () =>
  new AppError(Code.UNAVAILABLE, 'Online payment is not available at the moment. Please try again later.');

/**
 * Xendit for collections (spec 001 §2.5–§2.7): `create` makes a payment request under our pay
 * reference as idempotency key and answers where the borrower pays (the e-wallet's checkout, our
 * code page with the outlet's payment code and expiry, or the QR Ph string). `verify` believes a
 * callback only with Xendit's callback token, and reads the reference, amount, status and the
 * time the payment was made from it. Xendit has no debit of a bound payout account on these
 * channels, so `debit` says so.
 */
export function xenditProvider(settings: XenditSettings): PaymentProvider {
  const client = xenditClient(settings);
  const returnUrls = returnUrlsOf(settings.publicUrl);
  async function existingRequest(reference: string, pesos: number): Promise<unknown> {
    const listed = listSchema.safeParse(
      await client.get(`/payment_requests?reference_id=${encodeURIComponent(reference)}`),
    );
    if (!listed.success) return null;
    // The same reference with another amount is not the request asked for: the key reuse stands refused.
    return listed.data.data.find((r) => r.reference_id === reference && r.amount === pesos) ?? null;
  }

  return {
    name: XENDIT,
    // A payment failed after it succeeded is a late, out-of-order delivery: Xendit reports money
    // going back as a refund, never as a failure of a payment that went through.
    lateFailureIsStale: true,
    listTransactions: (window) => listXenditTransactions(client, window),
    async create({ reference, amount, channel, orderNo }): Promise<Created> {
      const method = xenditMethodOf(channel);
      const key = method.type === 'EWALLET' ? 'ewallet' : method.type === 'QR_CODE' ? 'qr_code' : 'over_the_counter';
      const channelProperties =
        method.type === 'EWALLET'
          ? returnUrls
          : method.type === 'OVER_THE_COUNTER'
            ? { customer_name: `Loan ${orderNo}` }
            : {};
      const body = {
        reference_id: reference,
        amount: pesosOf(amount),
        currency: 'PHP',
        country: 'PH',
        description: `Loan ${orderNo}`,
        payment_method: {
          type: method.type,
          reusability: 'ONE_TIME_USE',
          [key]: { channel_code: method.channelCode, channel_properties: channelProperties },
        },
        metadata: { order_no: orderNo },
      };
      let reply: unknown;
      try {
        reply = await client.post('/payment_requests', reference, body).catch(async (error: unknown) => {
          // Asked again for a pending request (a second tap, a retry after a lost reply): whether
          // Xendit replays the first reply or refuses the reused key, the answer is the payment
          // request already made under this reference, found by its reference_id.
          if (!(error instanceof XenditError) || error.errorCode !== 'DUPLICATE_ERROR') throw error;
          const found = await existingRequest(reference, body.amount);
          if (!found) throw error;
          return found;
        });
      } catch (error) {
        if (!(error instanceof XenditError)) throw error;
        throw refusalOf(error, channel);
      }
      const created = createdSchema.safeParse(reply);
      if (!created.success || created.data.reference_id !== reference)
        throw new Error(`Xendit payment request reply not understood for ${reference}`);
      const { data } = created;
      if (method.type === 'EWALLET') {
        const actions = data.actions ?? [];
        const url = ['MOBILE', 'WEB', 'DEEPLINK']
          .map((type) => actions.find((a) => a.url_type === type && a.url)?.url)
          .find(Boolean);
        if (!url) throw new Error(`Xendit gave no checkout address for ${reference}`);
        const madeAt = Date.parse(data.created ?? '') || Date.now();
        const expiresAt = new Date(madeAt + EWALLET_CHECKOUT_MINUTES * 60_000).toISOString();
        return { payCode: data.id, payUrl: url, requestId: data.id, expiresAt };
      }
      const props =
        method.type === 'OVER_THE_COUNTER'
          ? data.payment_method.over_the_counter?.channel_properties
          : data.payment_method.qr_code?.channel_properties;
      const code =
        props && 'payment_code' in props ? props.payment_code : props && 'qr_string' in props ? props.qr_string : '';
      if (!props || !code) throw new Error(`Xendit gave no payment code or QR string for ${reference}`);
      const expiresAt = props.expires_at ?? undefined;
      return {
        payCode: code,
        payUrl: codePageOf(method.type, code, channel, amount, expiresAt),
        requestId: data.id,
        expiresAt,
      };
    },
    async standing({ reference, requestId }) {
      // GET /payment_requests/{id}; a request made before its id was kept is found by reference.
      const reply = requestId
        ? await client.get(`/payment_requests/${encodeURIComponent(requestId)}`)
        : (
            (await client.get(`/payment_requests?reference_id=${encodeURIComponent(reference)}`)) as {
              data?: unknown[];
            }
          ).data?.[0];
      const status = statusSchema.safeParse(reply);
      return status.success && OPEN_STATUSES.has(status.data.status) ? 'open' : 'closed';
    },
    // Payment Requests v2 has no cancel for these channels: an unused request expires on its own.
    async debit() {
      return {
        accepted: false,
        reason: 'Automatic debit is not available for this account. Please pay with one of the payment methods shown.',
      };
    },
    verify: (headers, rawBody) => readV2Callback(settings, headers, rawBody),
  };
}
