/**
 * Where a payout goes: the borrower's bound account. `channel` is ours (GCASH, MAYA, or a bank
 * code of src/shared/contracts/bank-binding.ts PH_BANKS); each provider maps it to its own code.
 */
export interface PayoutDestination {
  channel: string;
  accountNo: string;
  holderName: string;
}

export interface PayoutRequest {
  /** Our reference, sent as the provider's idempotency key: asked again, the provider answers the same payout. */
  reference: string;
  /** Centavos. */
  amount: number;
  destination: PayoutDestination;
  description: string;
}

/**
 * The provider's answer to "send this": `accepted` (it will report the outcome by callback),
 * `refused` (nothing was made; a new request may follow), or `unanswered` (a timeout or an error
 * of theirs after the retries: ask again later with the same reference, never a new one).
 */
export type PayoutAnswer =
  | { outcome: 'accepted'; providerId: string }
  | { outcome: 'refused'; code: string; reason: string }
  | { outcome: 'unanswered'; reason: string };

/** What the provider's callback says happened to a payout. */
export interface PayoutEvent {
  eventId: string;
  reference: string;
  providerId: string;
  /** Centavos. */
  amount: number;
  /** `reversed`: the payout succeeded and the money came back (the provider's REVERSED). */
  status: 'succeeded' | 'failed' | 'reversed';
  failureCode?: string | undefined;
  /** When it happened, as the provider reports it (ISO 8601): a disbursal is dated by it. */
  at: string;
}

export type PayoutVerified =
  | { ok: true; event: PayoutEvent }
  | { ok: false; reason: 'signature' | 'stale' | 'malformed' | 'ignored' };

/**
 * The adapter a payout provider plugs in behind. `payout` asks it to send money (the answer on
 * whether it arrived comes later, by callback); `verifyPayout` checks a callback before anything
 * is believed. A loan becomes 170, or a refund is booked, only from a verified callback.
 */
export interface PayoutProvider {
  name: string;
  /** Whether this provider can send to the channel (a bank it has no code for cannot be paid). */
  supports(channel: string): boolean;
  payout(request: PayoutRequest): Promise<PayoutAnswer>;
  verifyPayout(headers: Record<string, string | string[] | undefined>, rawBody: string, nowMs: number): PayoutVerified;
}

/**
 * The failure codes providers report for a payout that was tried and failed (Xendit's documented
 * reasons; the sandbox uses the same), as finance reads them.
 */
const FAILURE_TEXT: Record<string, string> = {
  INSUFFICIENT_BALANCE: "The lender's balance at the provider is not enough for this payout",
  INVALID_DESTINATION:
    'The account does not exist or cannot receive money: check the number and the holder with the borrower',
  REJECTED_BY_CHANNEL: 'The bank or e-wallet refused the transfer',
  TEMPORARY_TRANSFER_ERROR: 'A temporary error at the bank or e-wallet: request again later',
  TRANSFER_ERROR: 'The transfer failed at the bank or e-wallet',
  UNKNOWN_BANK_NETWORK_ERROR: 'The bank network gave no clear answer: check with the provider before requesting again',
  DESTINATION_MAXIMUM_LIMIT: 'The account cannot receive this much (its limit was reached)',
  REVERSED: 'The bank or e-wallet sent the money back after the payout went through',
  // Refusals of the request itself (nothing was sent).
  CHANNEL_CODE_NOT_SUPPORTED_ERROR: 'The provider cannot send to this bank or e-wallet',
  RECIPIENT_ACCOUNT_NUMBER_ERROR: 'The account number is not valid for this bank or e-wallet',
  RECIPIENT_AMOUNT_ERROR: 'The amount is outside what this bank or e-wallet takes',
  MAXIMUM_TRANSFER_LIMIT_ERROR: 'The amount is above the transfer limit of this bank or e-wallet',
  // Compliance review at the provider (Payouts v3).
  PENDING_COMPLIANCE_ASSESSMENT: "Held by the provider's compliance review: it is sent once the review clears it",
  COMPLIANCE_REJECTED:
    "Refused by the provider's compliance review: nothing was sent; contact the provider before requesting again",
};

/** A failure code in words (an unknown code is shown as it came). */
export function payoutFailureText(code: string, detail?: string): string {
  const text = FAILURE_TEXT[code];
  if (text) return `${text} (${code})`;
  return detail ? `${detail} (${code})` : `The provider reported ${code}`;
}
