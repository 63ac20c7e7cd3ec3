import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import { href } from '../../../shared/pages';
import type { CallbackEvent, DebitAccount, PaymentProvider } from './payment-provider';
import { type SandboxLedger, sandboxLedger } from './transactions';

export const SANDBOX = 'sandbox';
export const SIGNATURE_HEADER = 'x-sandbox-signature';
export const TIMESTAMP_HEADER = 'x-sandbox-timestamp';
/** A callback older or newer than this is refused. */
export const TOLERANCE_MS = 5 * 60 * 1000;

const eventSchema = z.object({
  eventId: z.string().min(8).max(64),
  reference: z.string().min(6).max(64),
  amount: z.number().int().positive(),
  status: z.enum(['paid', 'failed', 'refunded']),
  paidAt: z.iso.datetime({ offset: true }).optional(),
});

/** HMAC-SHA256 over "timestamp.rawBody", hex. */
export function sign(secret: string, timestamp: string, rawBody: string): string {
  return createHmac('sha256', secret).update(`${timestamp}.${rawBody}`).digest('hex');
}

/** The QR content for a QR Ph payment in the sandbox: enough for the pay page to find it. */
export const qrContentOf = (reference: string, amount: number) => `hiram-sandbox:${reference}:${amount}`;

/**
 * The pay page's key for one pay request and its borrower. The pay address carries it and its
 * forms post it back, so only the borrower who asked for the payment (and was handed the address
 * by an authenticated call) can pay or fail it; a guessed pay code is not enough.
 */
export function payPageKey(secret: string, reference: string, borrowerId: number): string {
  return createHmac('sha256', secret).update(`pay-page.${reference}.${borrowerId}`).digest('base64url');
}

export function samePayPageKey(secret: string, reference: string, borrowerId: number, given: unknown): boolean {
  if (typeof given !== 'string') return false;
  const expected = Buffer.from(payPageKey(secret, reference, borrowerId));
  const actual = Buffer.from(given);
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}

/**
 * Test accounts, as card sandboxes have test cards: an account number ending in 0002 is declined
 * by the sandbox; any other is charged. A real provider decides this itself.
 */
export const SANDBOX_DECLINED_SUFFIX = '0002';

/** Asks the sandbox to deliver a signed event to our callback address (after the reply that started it). */
export type SandboxDelivery = (event: CallbackEvent) => Promise<unknown>;

/**
 * The built-in sandbox provider: e-wallets pay on its hosted page, counters take the reference
 * number, QR Ph shows a code, a bound account is debited at once (test accounts decline). It
 * signs its callbacks like a real provider would. Development and tests only.
 */
export function sandboxProvider(
  secret: string,
  deliver: SandboxDelivery = async () => {},
  ledger: SandboxLedger = sandboxLedger(),
): PaymentProvider & {
  ledger: SandboxLedger;
  signEvent(event: CallbackEvent, timestampMs: number): { body: string; headers: Record<string, string> };
} {
  return {
    name: SANDBOX,
    ledger,
    listTransactions: (window) => ledger.listTransactions(window),
    async create({ reference, amount, channel, borrowerId }) {
      if (channel.kind === 'ewallet')
        return {
          payCode: reference,
          payUrl: `/sandbox/pay/${reference}?key=${payPageKey(secret, reference, borrowerId)}`,
        };
      if (channel.kind === 'counter') {
        return {
          payCode: reference,
          payUrl: href('repaymentOfCode', {
            showType: 1,
            payCode: reference,
            payCodeImg: channel.logo,
            repayAmount: amount,
          }),
        };
      }
      const qr = qrContentOf(reference, amount);
      return { payCode: qr, payUrl: href('repaymentOfCode', { showType: 2, payCode: qr, repayAmount: amount }) };
    },
    async debit({ reference, amount, account }: { reference: string; amount: number; account: DebitAccount }) {
      const declined = account.accountNo.endsWith(SANDBOX_DECLINED_SUFFIX);
      // The answer comes by a signed callback, as a real provider's does (the sandbox sends it at once).
      await deliver({
        eventId: randomUUID(),
        reference,
        amount,
        status: declined ? 'failed' : 'paid',
        paidAt: new Date().toISOString(),
      });
      return { accepted: true as const };
    },
    verify: (headers, rawBody, nowMs) => verifySigned(secret, eventSchema, headers, rawBody, nowMs),
    signEvent: (event, timestampMs) => signedDelivery(secret, event, timestampMs),
  };
}

/** A sandbox callback as it is sent: the JSON body and its timestamp and signature headers. */
export function signedDelivery(
  secret: string,
  event: unknown,
  timestampMs: number,
): { body: string; headers: Record<string, string> } {
  const body = JSON.stringify(event);
  const timestamp = String(timestampMs);
  return {
    body,
    headers: {
      'content-type': 'application/json',
      [TIMESTAMP_HEADER]: timestamp,
      [SIGNATURE_HEADER]: sign(secret, timestamp, body),
    },
  };
}

/**
 * A sandbox callback believed: signed with the secret over its timestamp and body (compared in
 * constant time), no older or newer than the tolerance, and a body of the expected shape.
 */
export function verifySigned<T>(
  secret: string,
  schema: z.ZodType<T>,
  headers: Record<string, string | string[] | undefined>,
  rawBody: string,
  nowMs: number,
): { ok: true; event: T } | { ok: false; reason: 'signature' | 'stale' | 'malformed' } {
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
  const event = schema.safeParse(parsed);
  return event.success ? { ok: true, event: event.data } : { ok: false, reason: 'malformed' };
}
