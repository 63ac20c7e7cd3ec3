/**
 * The Payments API v3 and Payouts v3 shapes of the local Xendit fake (xendit-fake.ts): a payment
 * request's reply and its webhooks (`payment.capture`, `payment.failure`,
 * `payment_request.expiry`), as Xendit's API reference shows them (the recorded examples beside the
 * contract tests, fixtures/xendit/, hold the fake to them).
 */

/** How long a request made on this channel can be paid: Maya's and GCash's checkouts 15 minutes, codes and QR 72 hours. */
export function lifetimeMsOf(channelCode: string): number {
  return channelCode === 'PAYMAYA' || channelCode === 'GCASH' ? 15 * 60_000 : 72 * 3600_000;
}

export const EWALLET_CODES = new Set(['GCASH', 'PAYMAYA']);
const COUNTER_CODES = new Set(['7ELEVEN', 'CEBUANA', 'PALAWAN', 'ECPAY']);

/** A v3 create body the fake accepts, or the reason it refuses it (as Xendit's API_VALIDATION_ERROR would). */
export function v3BodyProblem(body: Record<string, unknown>): string | null {
  if (typeof body.reference_id !== 'string' || body.reference_id.length === 0) return 'reference_id is required';
  if (body.type !== 'PAY') return 'type must be PAY';
  if (body.currency !== 'PHP' || body.country !== 'PH') return 'country PH and currency PHP are required';
  if (typeof body.request_amount !== 'number' || body.request_amount <= 0) return 'request_amount is required';
  if ('amount' in body || 'payment_method' in body) return 'amount and payment_method are not v3 fields';
  if (typeof body.channel_code !== 'string') return 'channel_code is required';
  if (!EWALLET_CODES.has(body.channel_code) && !COUNTER_CODES.has(body.channel_code) && body.channel_code !== 'QRPH')
    return `channel_code ${body.channel_code} is not supported`;
  const props = body.channel_properties as Record<string, unknown> | undefined;
  if (EWALLET_CODES.has(body.channel_code) && typeof props?.success_return_url !== 'string')
    return 'channel_properties.success_return_url is required for e-wallets';
  return null;
}

/** The v3 payment request Xendit answers for a create body. */
export function v3ReplyFor(
  body: Record<string, unknown>,
  id: string,
  serial: number,
  now: Date,
): Record<string, unknown> {
  const code = body.channel_code as string;
  const expiresAt = new Date(now.getTime() + lifetimeMsOf(code)).toISOString();
  const props = (body.channel_properties ?? {}) as Record<string, unknown>;
  const action = EWALLET_CODES.has(code)
    ? {
        type: 'REDIRECT_CUSTOMER',
        descriptor: 'WEB_URL',
        value: `https://ewallet-mock-connector.xendit.co/v1/ewallet_connector/checkouts?token=${id}&mobile=1`,
      }
    : code === 'QRPH'
      ? { type: 'PRESENT_TO_CUSTOMER', descriptor: 'QR_STRING', value: `00020101021228QRPH${id}` }
      : { type: 'PRESENT_TO_CUSTOMER', descriptor: 'PAYMENT_CODE', value: `XND${String(700000 + serial)}` };
  return {
    business_id: '5f27a14a9bf05c73dd040bc8',
    reference_id: body.reference_id,
    payment_request_id: id,
    type: 'PAY',
    country: 'PH',
    currency: 'PHP',
    request_amount: body.request_amount,
    capture_method: 'AUTOMATIC',
    channel_code: code,
    channel_properties: { ...props, expires_at: expiresAt },
    actions: [action],
    status: 'REQUIRES_ACTION',
    description: body.description ?? null,
    metadata: body.metadata ?? null,
    created: now.toISOString(),
    updated: now.toISOString(),
  };
}

export type V3PaymentEvent = 'payment.capture' | 'payment.failure' | 'payment_request.expiry';

/** The v3 webhook for a request made here. */
export function v3CallbackFor(
  made: Record<string, unknown>,
  event: V3PaymentEvent,
  at: string,
  overrides: Record<string, unknown>,
): string {
  const requestId = made.payment_request_id as string;
  const common = {
    business_id: made.business_id,
    reference_id: made.reference_id,
    payment_request_id: requestId,
    request_amount: made.request_amount,
    currency: 'PHP',
    country: 'PH',
    channel_code: made.channel_code,
    channel_properties: made.channel_properties,
    type: 'PAY',
    created: at,
    updated: at,
  };
  const data =
    event === 'payment_request.expiry'
      ? { ...common, status: 'EXPIRED', created: made.created }
      : {
          ...common,
          payment_id: `py-${requestId.slice(3)}`,
          capture_method: 'AUTOMATIC',
          status: event === 'payment.capture' ? 'SUCCEEDED' : 'FAILED',
          ...(event === 'payment.capture'
            ? {
                captures: [
                  {
                    capture_id: `cptr-${requestId.slice(3)}`,
                    capture_amount: made.request_amount,
                    capture_timestamp: at,
                  },
                ],
              }
            : { failure_code: 'USER_DECLINED_PAYMENT' }),
        };
  return JSON.stringify({ event, business_id: made.business_id, created: at, data: { ...data, ...overrides } });
}
