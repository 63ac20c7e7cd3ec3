import { z } from 'zod';
import { defineCall } from '../api/define-call';
import { queuedOrder } from './back-office-queues';

/**
 * The credit desk's review of one application: what else ties this borrower to others (the
 * duplicate signals), what they already owe, their other loans and every credit decision made on
 * them. Money in centavos.
 */

/**
 * Why an application is refused, as the borrower reads it on the order page; credit may add a
 * sentence of their own.
 */
export const REJECT_REASONS = {
  identity: 'We could not verify your identity from the ID and selfie you sent.',
  duplicate: 'Your details match another account with us.',
  exposure: 'Your current loans with us are already as much as we can lend.',
  income: 'The income you told us does not support this amount.',
  inconsistent: 'Some answers in your application do not match each other.',
  other: 'Your application does not meet our lending rules at this time.',
} as const;
export type RejectReason = keyof typeof REJECT_REASONS;

/** Why an application is approved, kept in its history (required when it carries a duplicate signal). */
export const APPROVE_REASONS = {
  policy: 'Meets the lending rules.',
  repeat: 'Repeat borrower who repaid on time.',
  explained: 'Duplicate signal checked and explained.',
} as const;
export type ApproveReason = keyof typeof APPROVE_REASONS;

export const SIGNAL_KINDS = ['idNumber', 'payoutAccount', 'phone', 'device'] as const;
export type SignalKind = (typeof SIGNAL_KINDS)[number];

/** One thing this borrower shares with other borrowers. */
export const signal = z.object({
  kind: z.enum(SIGNAL_KINDS),
  /** What matched, as credit reads it: the ID number, the account number, the mobile number, the device (its kind and digest's start). */
  value: z.string(),
  /** Where it matched on the others' side (their ID, their payout account, their reference's phone, …). */
  detail: z.string(),
  borrowers: z.array(z.object({ borrowerId: z.number().int(), phone: z.string(), fullName: z.string().nullable() })),
});
export type Signal = z.infer<typeof signal>;

export const review = defineCall({
  name: 'creditReview.review',
  method: 'GET',
  path: '/admin/loans/review',
  auth: false,
  staffRole: 'credit',
  success: 0,
  summary:
    'One application: duplicate signals across borrowers, what the borrower already owes, their other loans and every credit decision on them',
  request: z.object({ orderId: z.coerce.number().int().positive() }),
  reply: z.object({
    order: queuedOrder,
    borrowerId: z.number().int(),
    signals: z.array(signal),
    exposure: z.object({
      /** Loans paid out and not yet settled, and loans approved and waiting for the money. */
      openLoans: z.number().int(),
      /** What those loans owe in full today, plus the approved ones' principal. */
      outstanding: z.number().int(),
    }),
    otherLoans: z.array(
      z.object({
        orderNo: z.string(),
        status: z.number().int(),
        statusText: z.string(),
        amount: z.number().int(),
        createdAt: z.string(),
      }),
    ),
    decisions: z.array(
      z.object({
        orderNo: z.string(),
        status: z.number().int(),
        actor: z.string(),
        reason: z.string().nullable(),
        at: z.string(),
      }),
    ),
    /** Credit's internal notes on this borrower's decisions: staff only, never sent to the borrower. */
    internalNotes: z.array(z.object({ orderNo: z.string(), actor: z.string(), note: z.string(), at: z.string() })),
  }),
});
