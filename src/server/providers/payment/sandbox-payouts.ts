import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import type { PayoutEvent, PayoutProvider } from './payout-provider';
import { SANDBOX, SANDBOX_DECLINED_SUFFIX, signedDelivery, verifySigned } from './sandbox-provider';
import type { SandboxLedger } from './transactions';

const payoutEventSchema = z.object({
  eventId: z.string().min(8).max(64),
  reference: z.string().min(6).max(100),
  providerId: z.string().min(1).max(100),
  amount: z.number().int().positive(),
  status: z.enum(['succeeded', 'failed', 'reversed']),
  failureCode: z.string().max(64).optional(),
  at: z.iso.datetime({ offset: true }),
});

/** Asks the sandbox to deliver a signed payout event to our payout callback address. */
export type SandboxPayoutDelivery = (event: PayoutEvent) => Promise<unknown>;

/**
 * The sandbox's payouts: every request is accepted, and the sandbox then sends its signed
 * callback at once, as a real provider does later: succeeded, or failed with INVALID_DESTINATION
 * for the test accounts ending in 0002 (the accounts its debit declines). It sends any channel.
 * Development and tests only.
 */
export function sandboxPayouts(
  secret: string,
  deliver: SandboxPayoutDelivery = async () => {},
  now: () => Date = () => new Date(),
  ledger?: SandboxLedger,
): PayoutProvider & {
  signPayoutEvent(event: PayoutEvent, timestampMs: number): { body: string; headers: Record<string, string> };
} {
  return {
    name: SANDBOX,
    supports: () => true,
    async payout({ reference, amount, destination }) {
      const providerId = `sandbox-po-${reference}`;
      const declined = destination.accountNo.endsWith(SANDBOX_DECLINED_SUFFIX);
      const at = now().toISOString();
      // What the sandbox sent is in its transactions listing (reconciliation reads it).
      ledger?.record({
        id: providerId,
        reference,
        direction: 'out',
        amount,
        status: declined ? 'failed' : 'succeeded',
        at,
        ...(declined ? { reason: 'INVALID_DESTINATION' } : {}),
      });
      await deliver({
        eventId: randomUUID(),
        reference,
        providerId,
        amount,
        status: declined ? 'failed' : 'succeeded',
        ...(declined ? { failureCode: 'INVALID_DESTINATION' } : {}),
        at,
      });
      return { outcome: 'accepted', providerId };
    },
    verifyPayout: (headers, rawBody, nowMs) => verifySigned(secret, payoutEventSchema, headers, rawBody, nowMs),
    signPayoutEvent: (event, timestampMs) => signedDelivery(secret, event, timestampMs),
  };
}
