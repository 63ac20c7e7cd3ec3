import { z } from 'zod';
import type { Created, PaymentProvider, Verified } from './payment-provider';
import { XenditError, xenditClient } from './xendit-client';
import {
  callbackTokens,
  centavosOf,
  codePageOf,
  EWALLET_CHECKOUT_MINUTES,
  OPEN_STATUSES,
  pesosOf,
  readV2Callback,
  readXenditCallback,
  refusalOf,
  returnUrlsOf,
  XENDIT,
  type XenditSettings,
  xenditMethodOf,
} from './xendit-provider';
import { listXenditTransactions } from './xendit-transactions';

/** The `api-version` of Payments API v3 this adapter speaks (sent with every call). */
export const XENDIT_PAYMENTS_API_VERSION = '2024-11-11';

/** A v3 action: where to send the borrower, or what to show them (a payment code, a QR string). */
const actionSchema = z.looseObject({ type: z.string(), descriptor: z.string(), value: z.string().min(1) });

/** The v3 Payment Request object as it is read (other fields are ignored). */
const requestSchema = z.looseObject({
  payment_request_id: z.string().min(1),
  reference_id: z.string(),
  status: z.string(),
  request_amount: z.number(),
  created: z.string().nullish(),
  channel_properties: z.looseObject({ expires_at: z.string().nullish() }).nullish(),
  actions: z.array(actionSchema).nullish(),
});

/**
 * The v3 payment webhooks: `payment.capture` (paid), `payment.failure` (the attempt failed) and
 * `payment_request.expiry` (the request expired unpaid). Each names our reference and the amount
 * requested; a capture or failure is about one payment, an expiry about the request itself.
 */
const callbackSchema = z.object({
  event: z.string(),
  data: z.object({
    payment_id: z.string().min(1).optional(),
    payment_request_id: z.string().min(1),
    reference_id: z.string().min(6).max(64),
    request_amount: z.number().positive(),
    currency: z.literal('PHP'),
    status: z.string(),
    created: z.iso.datetime({ offset: true }),
    updated: z.iso.datetime({ offset: true }).optional(),
  }),
});

const EVENT_STATUS: Record<string, 'paid' | 'failed'> = {
  'payment.capture': 'paid',
  'payment.failure': 'failed',
  'payment_request.expiry': 'failed',
};

/**
 * Xendit Payments API v3 for collections (spec 001 §2.5–§2.7): `POST /v3/payment_requests` with
 * `api-version`, the channel at the top level (`channel_code`, `channel_properties`) and
 * `request_amount`, under our pay reference as `Idempotency-key`. The reply's actions say where the
 * borrower goes (REDIRECT_CUSTOMER: the e-wallet's checkout) or what to show
 * (PRESENT_TO_CUSTOMER: the counter's payment code, the QR Ph string). A request that will not be
 * handed out again is cancelled (`POST /v3/payment_requests/{id}/cancel`).
 */
export function xenditV3Provider(settings: XenditSettings): PaymentProvider {
  const client = xenditClient({
    ...settings,
    headers: { ...settings.headers, 'api-version': XENDIT_PAYMENTS_API_VERSION },
  });
  const returnUrls = returnUrlsOf(settings.publicUrl);

  return {
    name: XENDIT,
    lateFailureIsStale: true,
    listTransactions: (window) => listXenditTransactions(client, window),
    async create({ reference, amount, channel, orderNo }): Promise<Created> {
      const method = xenditMethodOf(channel);
      const body = {
        reference_id: reference,
        type: 'PAY',
        country: 'PH',
        currency: 'PHP',
        request_amount: pesosOf(amount),
        capture_method: 'AUTOMATIC',
        channel_code: method.channelCode,
        channel_properties:
          method.type === 'EWALLET'
            ? returnUrls
            : method.type === 'OVER_THE_COUNTER'
              ? { payer_name: `Loan ${orderNo}` }
              : {},
        description: `Loan ${orderNo}`,
        metadata: { order_no: orderNo },
      };
      let reply: unknown;
      try {
        reply = await client.post('/v3/payment_requests', reference, body);
      } catch (error) {
        if (!(error instanceof XenditError)) throw error;
        throw refusalOf(error, channel);
      }
      const parsed = requestSchema.safeParse(reply);
      if (!parsed.success || parsed.data.reference_id !== reference)
        throw new Error(`Xendit payment request reply not understood for ${reference}`);
      const data = parsed.data;
      const actions = data.actions ?? [];
      const requestId = data.payment_request_id;
      if (method.type === 'EWALLET') {
        const go = ['WEB_URL', 'DEEPLINK_URL']
          .map((d) => actions.find((a) => a.type === 'REDIRECT_CUSTOMER' && a.descriptor === d)?.value)
          .find(Boolean);
        if (!go) throw new Error(`Xendit gave no checkout address for ${reference}`);
        const madeAt = Date.parse(data.created ?? '') || Date.now();
        const expiresAt =
          data.channel_properties?.expires_at ?? new Date(madeAt + EWALLET_CHECKOUT_MINUTES * 60_000).toISOString();
        return { payCode: requestId, payUrl: go, requestId, expiresAt };
      }
      const descriptor = method.type === 'OVER_THE_COUNTER' ? 'PAYMENT_CODE' : 'QR_STRING';
      const code = actions.find((a) => a.type === 'PRESENT_TO_CUSTOMER' && a.descriptor === descriptor)?.value;
      if (!code) throw new Error(`Xendit gave no ${descriptor} for ${reference}`);
      const expiresAt = data.channel_properties?.expires_at ?? undefined;
      return {
        payCode: code,
        payUrl: codePageOf(method.type, code, channel, amount, expiresAt),
        requestId,
        expiresAt,
      };
    },
    async standing({ requestId }) {
      if (!requestId) return 'closed';
      const reply = await client.get(`/v3/payment_requests/${encodeURIComponent(requestId)}`);
      const status = z.looseObject({ status: z.string() }).safeParse(reply);
      return status.success && OPEN_STATUSES.has(status.data.status) ? 'open' : 'closed';
    },
    async cancel({ requestId }) {
      if (!requestId) return false;
      try {
        await client.post(`/v3/payment_requests/${encodeURIComponent(requestId)}/cancel`, `cancel-${requestId}`, {});
        return true;
      } catch (error) {
        // Already paid, expired or cancelled: there is nothing left to cancel.
        if (error instanceof XenditError && !error.retryable) return false;
        throw error;
      }
    },
    async debit() {
      return {
        accepted: false,
        reason: 'Automatic debit is not available for this account. Please pay with one of the payment methods shown.',
      };
    },
    verify(headers, rawBody): Verified {
      const read = readXenditCallback(
        callbackTokens(settings),
        headers,
        rawBody,
        EVENT_STATUS,
        // The shared reader checks the amount in whole centavos under `data.amount`.
        callbackSchema.transform((b) => ({ ...b, data: { ...b.data, amount: b.data.request_amount } })),
      );
      // A request made on v2 before the account moved to v3 is still paid through a v2 topic while
      // the dashboard sends it: its callback is read the v2 way, so an upgrade loses no payment.
      if (!read.ok) return read.reason === 'signature' ? read : readV2Callback(settings, headers, rawBody);
      const { status, body } = read;
      const { data } = body;
      // A capture and a failure are about one payment; an expiry about the request.
      const subject =
        body.event === 'payment_request.expiry'
          ? data.payment_request_id
          : (data.payment_id ?? data.payment_request_id);
      return {
        ok: true,
        event: {
          eventId: `${subject}:${body.event}`,
          reference: data.reference_id,
          amount: centavosOf(data.request_amount),
          status,
          // The payment object is made when the borrower pays: its creation time is the paid-at.
          paidAt: status === 'paid' ? data.created : undefined,
        },
      };
    },
  };
}
