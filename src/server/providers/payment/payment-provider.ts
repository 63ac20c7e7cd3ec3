import type { PaymentChannel } from '../../../shared/payment-channels';

/**
 * What the provider says happened to a payment. 'refunded' after 'paid' is a chargeback or a
 * refund: the posting is reversed.
 */
export interface CallbackEvent {
  eventId: string;
  reference: string;
  amount: number;
  status: 'paid' | 'failed' | 'refunded';
  /** When the money was paid, as the provider reports it (ISO 8601); the posting is value-dated by it. */
  paidAt?: string | undefined;
}

export type Verified = { ok: true; event: CallbackEvent } | { ok: false; reason: 'signature' | 'stale' | 'malformed' };

/** A payout account the borrower bound, as a debit needs it. */
export interface DebitAccount {
  kind: string;
  accountNo: string;
  holderName: string;
}

/**
 * The adapter every payment provider plugs in behind. `create` registers a payment and says how
 * the borrower pays it; `debit` asks the provider to charge a bound account (the answer comes
 * later, by callback); `verify` checks a callback before anything is believed. Nothing is posted
 * except from a verified callback.
 */
export interface PaymentProvider {
  name: string;
  create(input: { reference: string; amount: number; channel: PaymentChannel; orderNo: string; borrowerId: number }): { payCode: string; payUrl: string };
  debit(input: { reference: string; amount: number; account: DebitAccount; orderNo: string }): Promise<{ accepted: true } | { accepted: false; reason: string }>;
  verify(headers: Record<string, string | string[] | undefined>, rawBody: string, nowMs: number): Verified;
}
