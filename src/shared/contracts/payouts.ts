import { z } from 'zod';
import { defineCall } from '../api/define-call';
import { PH_BANKS } from './bank-binding';
import { queuedOrder } from './back-office-queues';
import { pageReply, pageRequest } from './desk-page';

/**
 * Payouts: the finance desk sends a loan's net proceeds, or a settled
 * loan's credit, to the borrower's bound account through the payment provider. One finance user
 * requests, a different one approves; the provider's confirmation completes it. Money in centavos.
 */

export const PAYOUT_STATUSES = [
  'requested',
  'approved',
  'accepted',
  'succeeded',
  'failed',
  'rejected',
  'reversed',
] as const;
export type PayoutStatus = (typeof PAYOUT_STATUSES)[number];

/** A payout channel by name: the e-wallets of the bind form and its banks. */
export function payoutChannelName(channel: string): string {
  if (channel === 'GCASH') return 'GCash';
  if (channel === 'MAYA') return 'Maya';
  return PH_BANKS.find((b) => b.code === channel)?.name ?? channel;
}

/** The borrower's bound account in full: finance needs the whole number to check a payout. */
export const payoutAccount = z.object({
  channel: z.string(),
  channelName: z.string(),
  accountNo: z.string(),
  accountName: z.string(),
});

export const payoutRow = z.object({
  id: z.number().int(),
  /** Ours, and the provider's idempotency key. */
  reference: z.string(),
  provider: z.string(),
  orderId: z.number().int(),
  orderNo: z.string(),
  kind: z.enum(['disbursal', 'refund']),
  amount: z.number().int(),
  account: payoutAccount,
  status: z.enum(PAYOUT_STATUSES),
  /** The provider's own id of the payout. */
  providerId: z.string().nullable(),
  failureCode: z.string().nullable(),
  /** Why it failed or was rejected, in words. */
  failureReason: z.string().nullable(),
  requestedBy: z.string(),
  requestedAt: z.string(),
  approvedBy: z.string().nullable(),
  approvedAt: z.string().nullable(),
  rejectedBy: z.string().nullable(),
  /** Why the provider did not answer when last asked (approved payouts only). */
  dispatchError: z.string().nullable(),
  /** Approved, and the provider has not confirmed taking it for a while: "Send again" asks with the same reference. */
  canSendAgain: z.boolean(),
  completedAt: z.string().nullable(),
});
export type PayoutRow = z.infer<typeof payoutRow>;

const payoutId = z.coerce.number().int().positive();
const orderId = z.coerce.number().int().positive();

export const disbursalRow = queuedOrder.extend({
  /** Where the net proceeds go; null when the borrower has not bound an account. */
  account: payoutAccount.nullable(),
  /** The latest disbursal payout of the order (a failed one shows why), or null. */
  payout: payoutRow.nullable(),
});
export type DisbursalRow = z.infer<typeof disbursalRow>;

export const disbursals = defineCall({
  name: 'payouts.disbursals',
  method: 'GET',
  path: '/admin/payouts/disbursals',
  auth: false,
  staffRole: 'finance',
  success: 0,
  summary:
    'Approved loans (110) waiting for their disbursal, a page at a time (oldest first unless sorted), with the payout account and the latest payout; filtered by contract number over the whole set, with the total',
  request: z.object({
    ...pageRequest(['createdAt', 'amount'], 'createdAt', 'asc'),
    orderNo: z.string().trim().max(40).optional(),
  }),
  reply: z.object({ ...pageReply, list: z.array(disbursalRow) }),
});

export const requestDisbursal = defineCall({
  name: 'payouts.requestDisbursal',
  method: 'POST',
  path: '/admin/payouts/disbursal/request',
  auth: false,
  staffRole: 'finance',
  success: 0,
  summary:
    "Request the payout of an approved loan's net proceeds to the bound account; another finance user approves it",
  request: z.object({ orderId }),
  reply: z.object({ payout: payoutRow }),
});

export const creditRow = z.object({
  orderId: z.number().int(),
  orderNo: z.string(),
  status: z.number().int(),
  fullName: z.string().nullable(),
  phone: z.string(),
  /** What the payments paid over what was owed (the loan engine's credit). */
  credit: z.number().int(),
  /** Refunded already (succeeded refund payouts). */
  refunded: z.number().int(),
  /** Credit applied to the borrower's other loans at their request (a payment from provider 'credit' there). */
  applied: z.number().int(),
  /** What can still be refunded: the credit less refunds and applications paid or on their way. */
  available: z.number().int(),
  account: payoutAccount.nullable(),
  /** The latest refund payout of the order, or null. */
  refund: payoutRow.nullable(),
});
export type CreditRow = z.infer<typeof creditRow>;

export const credits = defineCall({
  name: 'payouts.credits',
  method: 'GET',
  path: '/admin/payouts/credits',
  auth: false,
  staffRole: 'finance',
  success: 0,
  summary:
    "Loans holding a borrower's credit (paid over what was owed), with what is left to refund and the latest refund",
  request: z.object({}),
  reply: z.object({ list: z.array(creditRow) }),
});

export const requestRefund = defineCall({
  name: 'payouts.requestRefund',
  method: 'POST',
  path: '/admin/payouts/refund/request',
  auth: false,
  staffRole: 'finance',
  success: 0,
  summary:
    "Request a refund of a settled loan's credit to the bound account (default: all of it); another finance user approves it",
  request: z.object({
    orderId,
    amount: z.coerce
      .number()
      .int('Amount in centavos, a whole number')
      .positive('Amount must be above zero')
      .max(1e12, 'The amount is too large')
      .optional(),
  }),
  reply: z.object({ payout: payoutRow }),
});

export const approve = defineCall({
  name: 'payouts.approve',
  method: 'POST',
  path: '/admin/payouts/approve',
  auth: false,
  staffRole: 'finance',
  success: 0,
  summary:
    'Approve a payout another finance user requested: the provider is asked to send it (once, under its reference); approving again asks again only when the provider has not answered',
  request: z.object({ payoutId }),
  reply: z.object({ payout: payoutRow }),
});

export const reject = defineCall({
  name: 'payouts.reject',
  method: 'POST',
  path: '/admin/payouts/reject',
  auth: false,
  staffRole: 'finance',
  success: 0,
  summary: 'Reject a payout waiting for approval, with a reason; nothing is sent',
  request: z.object({ payoutId, reason: z.string().trim().min(3, 'Give the reason').max(500) }),
  reply: z.object({ payout: payoutRow }),
});

export const history = defineCall({
  name: 'payouts.history',
  method: 'GET',
  path: '/admin/payouts',
  auth: false,
  staffRole: 'finance',
  success: 0,
  summary:
    'Payouts, a page at a time (newest first unless sorted), with their provider references and outcomes; filtered by contract number, kind and status over the whole set, with the total',
  request: z.object({
    ...pageRequest(['requestedAt', 'amount'], 'requestedAt', 'desc'),
    orderNo: z.string().trim().max(40).optional(),
    kind: z.enum(['disbursal', 'refund']).optional(),
    status: z.enum(PAYOUT_STATUSES).optional(),
  }),
  reply: z.object({ ...pageReply, list: z.array(payoutRow) }),
});
