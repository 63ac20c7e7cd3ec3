import type { PaymentChannel } from '../../../shared/payment-channels';
import type { TransactionLister } from './transactions';

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

/**
 * 'ignored': a genuine delivery of an event collections do not act on (it is acknowledged, so the
 * provider stops sending it, and changes nothing).
 */
export type Verified =
  | { ok: true; event: CallbackEvent }
  | { ok: false; reason: 'signature' | 'stale' | 'malformed' | 'ignored' };

/** A payment request the provider made: how the borrower pays it, and until when. */
export interface Created {
  payCode: string;
  payUrl: string;
  /** The provider's id of the payment request, when it has one apart from the pay code. */
  requestId?: string | undefined;
  /** When the provider stops taking this payment (ISO 8601): the checkout, the code or the QR expires. */
  expiresAt?: string | undefined;
}

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
  /**
   * Asked again for a pending request with the same reference, it answers the same payment (the
   * reference is the provider's idempotency key).
   */
  create(input: {
    reference: string;
    amount: number;
    channel: PaymentChannel;
    orderNo: string;
    borrowerId: number;
  }): Promise<Created>;
  /**
   * Where a payment request stands at the provider now (asked before a pending one is handed out
   * again): 'open' while it can still be paid, 'closed' once it expired, failed, was cancelled or
   * paid. Absent: the provider has no lookup and the stored expiry alone decides.
   */
  standing?(request: { reference: string; requestId: string | null }): Promise<'open' | 'closed'>;
  /**
   * Cancels a payment request that will not be handed out again, where the provider's API allows
   * (answers whether it did). Absent: the provider cannot cancel; the request expires on its own.
   */
  cancel?(request: { reference: string; requestId: string | null }): Promise<boolean>;
  debit(input: {
    reference: string;
    amount: number;
    account: DebitAccount;
    orderNo: string;
  }): Promise<{ accepted: true } | { accepted: false; reason: string }>;
  /**
   * True when the provider never fails a payment it confirmed (money going back is a refund): a
   * 'failed' arriving after 'paid' is then an out-of-order delivery and changes nothing, instead of
   * reversing the posting.
   */
  lateFailureIsStale?: boolean;
  verify(headers: Record<string, string | string[] | undefined>, rawBody: string, nowMs: number): Verified;
  /** The provider's transactions in a window, collections and payouts alike (reconciliation reads it); absent: nothing to reconcile. */
  listTransactions?: TransactionLister['listTransactions'];
}
