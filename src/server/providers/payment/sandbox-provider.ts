import { createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import { href } from '../../../shared/pages';
import type { CallbackEvent, PaymentProvider, Verified } from './payment-provider';

export const SANDBOX = 'sandbox';
export const SIGNATURE_HEADER = 'x-sandbox-signature';
export const TIMESTAMP_HEADER = 'x-sandbox-timestamp';
/** DESIGN §8: a callback older or newer than this is refused. */
export const TOLERANCE_MS = 5 * 60 * 1000;

const eventSchema = z.object({
  eventId: z.string().min(8).max(64),
  reference: z.string().min(6).max(64),
  amount: z.number().int().positive(),
  status: z.enum(['paid', 'failed']),
});

/** HMAC-SHA256 over "timestamp.rawBody", hex. */
export function sign(secret: string, timestamp: string, rawBody: string): string {
  return createHmac('sha256', secret).update(`${timestamp}.${rawBody}`).digest('hex');
}

/** The QR content for a QR Ph payment in the sandbox: enough for the pay page to find it. */
export const qrContentOf = (reference: string, amount: number) => `hiram-sandbox:${reference}:${amount}`;

/**
 * The built-in sandbox provider (DESIGN §8): e-wallets pay on its hosted page, counters take
 * the reference number, QR Ph shows a code. It signs its callbacks like a real provider would.
 */
export function sandboxProvider(secret: string): PaymentProvider & { signEvent(event: CallbackEvent, timestampMs: number): { body: string; headers: Record<string, string> } } {
  return {
    name: SANDBOX,
    create({ reference, amount, channel }) {
      if (channel.kind === 'ewallet') return { payCode: reference, payUrl: `/sandbox/pay/${reference}` };
      if (channel.kind === 'counter') {
        return {
          payCode: reference,
          payUrl: href('repaymentOfCode', { showType: 1, payCode: reference, payCodeImg: channel.logo, repayAmount: amount }),
        };
      }
      const qr = qrContentOf(reference, amount);
      return { payCode: qr, payUrl: href('repaymentOfCode', { showType: 2, payCode: qr, repayAmount: amount }) };
    },
    verify(headers, rawBody, nowMs): Verified {
      const signature = headers[SIGNATURE_HEADER];
      const timestamp = headers[TIMESTAMP_HEADER];
      if (typeof signature !== 'string' || typeof timestamp !== 'string' || !/^\d{10,16}$/.test(timestamp)) {
        return { ok: false, reason: 'signature' };
      }
      const expected = Buffer.from(sign(secret, timestamp, rawBody));
      const given = Buffer.from(signature);
      if (expected.length !== given.length || !timingSafeEqual(expected, given)) return { ok: false, reason: 'signature' };
      if (Math.abs(nowMs - Number(timestamp)) > TOLERANCE_MS) return { ok: false, reason: 'stale' };
      let parsed: unknown;
      try {
        parsed = JSON.parse(rawBody);
      } catch {
        return { ok: false, reason: 'malformed' };
      }
      const event = eventSchema.safeParse(parsed);
      return event.success ? { ok: true, event: event.data } : { ok: false, reason: 'malformed' };
    },
    signEvent(event, timestampMs) {
      const body = JSON.stringify(event);
      const timestamp = String(timestampMs);
      return { body, headers: { 'content-type': 'application/json', [TIMESTAMP_HEADER]: timestamp, [SIGNATURE_HEADER]: sign(secret, timestamp, body) } };
    },
  };
}
