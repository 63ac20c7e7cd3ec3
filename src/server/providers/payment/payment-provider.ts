import type { PaymentChannel } from '../../../shared/payment-channels';

/** What the provider says happened to a payment (DESIGN §8). */
export interface CallbackEvent {
  eventId: string;
  reference: string;
  amount: number;
  status: 'paid' | 'failed';
}

export type Verified = { ok: true; event: CallbackEvent } | { ok: false; reason: 'signature' | 'stale' | 'malformed' };

/**
 * DESIGN §8: the adapter every payment provider plugs in behind. `create` registers a payment and
 * says how the borrower pays it; `verify` checks a callback before anything is believed.
 */
export interface PaymentProvider {
  name: string;
  create(input: { reference: string; amount: number; channel: PaymentChannel; orderNo: string }): { payCode: string; payUrl: string };
  verify(headers: Record<string, string | string[] | undefined>, rawBody: string, nowMs: number): Verified;
}
