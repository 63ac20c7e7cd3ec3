import { createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';

export const INBOUND_SIGNATURE_HEADER = 'x-sms-signature';
export const INBOUND_TIMESTAMP_HEADER = 'x-sms-timestamp';
/** A message signed longer ago (or ahead) than this is refused: a captured one cannot be replayed later. */
export const INBOUND_TOLERANCE_MS = 5 * 60 * 1000;

/** An SMS a person sent to our number, as the gateway delivers it. */
export const inboundSms = z.object({
  from: z.string().trim().min(7).max(20),
  message: z.string().max(480),
  /** The gateway's id of the message: a reply taken once is not taken again. */
  messageId: z.string().trim().min(1).max(100),
});
export type InboundSms = z.infer<typeof inboundSms>;

/** Hex HMAC-SHA256 of `${timestamp}.${rawBody}` under the shared secret. */
export function signInbound(secret: string, timestamp: string, rawBody: string): string {
  return createHmac('sha256', secret).update(`${timestamp}.${rawBody}`).digest('hex');
}

export type InboundVerified = { ok: true; sms: InboundSms } | { ok: false; reason: 'signature' | 'stale' | 'body' };

/** Checks an inbound SMS delivery: its signature, its age, and its fields. */
export function verifyInbound(
  secret: string | undefined,
  headers: Record<string, string | string[] | undefined>,
  rawBody: string,
  nowMs: number,
): InboundVerified {
  const signature = headers[INBOUND_SIGNATURE_HEADER];
  const timestamp = headers[INBOUND_TIMESTAMP_HEADER];
  if (!secret || typeof signature !== 'string' || typeof timestamp !== 'string' || !/^\d{10,16}$/.test(timestamp))
    return { ok: false, reason: 'signature' };
  const expected = Buffer.from(signInbound(secret, timestamp, rawBody));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return { ok: false, reason: 'signature' };
  if (Math.abs(nowMs - Number(timestamp)) > INBOUND_TOLERANCE_MS) return { ok: false, reason: 'stale' };
  let parsed: unknown;
  try {
    parsed = JSON.parse(rawBody);
  } catch {
    return { ok: false, reason: 'body' };
  }
  const sms = inboundSms.safeParse(parsed);
  return sms.success ? { ok: true, sms: sms.data } : { ok: false, reason: 'body' };
}
