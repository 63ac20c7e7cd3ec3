import { z } from 'zod';
import { defineCall } from '../api/define-call';
import { calendarDate } from './calendar-date';
import { APPROVE_REASONS, REJECT_REASONS } from './credit-review';

const orderId = z.coerce.number().int().positive();
const isoDate = calendarDate;
const transition = z.object({ orderId: z.number().int(), status: z.number().int() });

/** architecture.md: Order states: the transitions the back office drives (disbursal goes through a payout: contracts/payouts.ts). */
export const approve = defineCall({
  name: 'operatorLoans.approve',
  method: 'POST',
  path: '/admin/loans/approve',
  auth: false,
  staffRole: 'credit',
  success: 0,
  summary:
    'Approve an application (21 → 110), with a reason from the list (required when it carries a duplicate signal) and a note',
  request: z.object({
    orderId,
    reasonCode: z
      .enum(Object.keys(APPROVE_REASONS) as [keyof typeof APPROVE_REASONS], 'Choose a reason from the list')
      .optional(),
    note: z.string().trim().max(300, 'Keep the note under 300 characters').optional(),
  }),
  reply: transition,
});

export const reject = defineCall({
  name: 'operatorLoans.reject',
  method: 'POST',
  path: '/admin/loans/reject',
  auth: false,
  staffRole: 'credit',
  success: 0,
  summary:
    'Reject an application (21 → 151) with a reason from the list and/or words to the borrower (the borrower reads both), and an internal note the borrower never reads',
  request: z
    .object({
      orderId,
      reasonCode: z
        .enum(Object.keys(REJECT_REASONS) as [keyof typeof REJECT_REASONS], 'Choose a reason from the list')
        .optional(),
      /** Words to the borrower: they read them with the listed reason. */
      reason: z.string().trim().max(300, 'Keep the reason under 300 characters').optional(),
      /** For staff only (what was checked, fraud hints): kept apart, never sent to the borrower. */
      internalNote: z.string().trim().max(1000, 'Keep the internal note under 1,000 characters').optional(),
    })
    .refine((r) => r.reasonCode !== undefined || (r.reason ?? '').length >= 3, {
      message: 'Give the reason for the borrower',
      path: ['reason'],
    }),
  reply: transition,
});

const posting = z.object({
  paymentId: z.number().int(),
  duplicate: z.boolean(),
  orderId: z.number().int(),
  orderStatus: z.number().int(),
  extended: z.boolean(),
  allocation: z.record(z.string(), z.number()),
});

const manualPostingRow = z.object({
  id: z.number().int(),
  orderNo: z.string(),
  reference: z.string(),
  amount: z.number().int(),
  kind: z.string(),
  valueDate: z.string(),
  status: z.string(),
  requestedBy: z.string(),
  requestedAt: z.string(),
  decidedBy: z.string().nullable(),
  paymentId: z.number().int().nullable(),
});
export type ManualPostingRow = z.infer<typeof manualPostingRow>;

export const manualPayment = defineCall({
  name: 'operatorLoans.manualPayment',
  method: 'POST',
  path: '/admin/loans/manual-payment',
  auth: false,
  staffRole: 'finance',
  success: 0,
  summary:
    'Enter a payment received outside the providers, by contract number; a second finance user approves it before it posts',
  request: z.object({
    orderNo: z
      .string()
      .trim()
      .regex(/^[A-Za-z]{2,5}\d{4,12}$/, 'The contract number, like HRM00000080'),
    reference: z.string().trim().min(3, 'The bank or receipt reference').max(64),
    amount: z.coerce
      .number()
      .int('Amount in centavos, a whole number')
      .positive('Amount must be above zero')
      .max(1e12, 'The amount is too large'),
    kind: z.enum(['repayment', 'extension']).default('repayment'),
    valueDate: calendarDate.optional(),
  }),
  reply: z.object({ posting: manualPostingRow, duplicate: z.boolean() }),
});

export const approveManualPayment = defineCall({
  name: 'operatorLoans.approveManualPayment',
  method: 'POST',
  path: '/admin/loans/manual-payment/approve',
  auth: false,
  staffRole: 'finance',
  success: 0,
  summary: 'Approve a manual payment another finance user entered; it is posted once',
  request: z.object({ requestId: z.coerce.number().int().positive() }),
  reply: posting,
});

export const rejectManualPayment = defineCall({
  name: 'operatorLoans.rejectManualPayment',
  method: 'POST',
  path: '/admin/loans/manual-payment/reject',
  auth: false,
  staffRole: 'finance',
  success: 0,
  summary: 'Reject a pending manual payment, with a reason',
  request: z.object({
    requestId: z.coerce.number().int().positive(),
    reason: z.string().trim().min(3, 'Give the reason').max(500),
  }),
  reply: z.object({ posting: manualPostingRow }),
});

export const manualPayments = defineCall({
  name: 'operatorLoans.manualPayments',
  method: 'GET',
  path: '/admin/loans/manual-payments',
  auth: false,
  staffRole: 'finance',
  success: 0,
  summary: 'Manual payments, the pending ones first to approve',
  request: z.object({ status: z.enum(['pending', 'posted', 'rejected']).optional() }),
  reply: z.object({ list: z.array(manualPostingRow) }),
});

const reversalRow = z.object({
  id: z.number().int(),
  paymentId: z.number().int(),
  orderNo: z.string(),
  reference: z.string(),
  provider: z.string(),
  amount: z.number().int(),
  reason: z.string(),
  status: z.string(),
  requestedBy: z.string(),
  requestedAt: z.string(),
  decidedBy: z.string().nullable(),
  rejectReason: z.string().nullable(),
});
export type ReversalRow = z.infer<typeof reversalRow>;

export const reversePayment = defineCall({
  name: 'operatorLoans.reversePayment',
  method: 'POST',
  path: '/admin/loans/reverse-payment',
  auth: false,
  staffRole: 'finance',
  success: 0,
  summary:
    'Ask for a posted payment to be reversed, with a reason; a second finance user approves it before the loan is rebuilt without it',
  request: z.object({
    paymentId: z.coerce.number().int().positive(),
    reason: z.string().trim().min(3, 'Give the reason for the reversal').max(500),
  }),
  reply: z.object({ reversal: reversalRow, duplicate: z.boolean() }),
});

export const approveReversal = defineCall({
  name: 'operatorLoans.approveReversal',
  method: 'POST',
  path: '/admin/loans/reverse-payment/approve',
  auth: false,
  staffRole: 'finance',
  success: 0,
  summary: 'Approve a reversal another finance user asked for; the payment is reversed once',
  request: z.object({ requestId: z.coerce.number().int().positive() }),
  reply: z.object({
    paymentId: z.number().int(),
    orderId: z.number().int(),
    orderStatus: z.number().int(),
    duplicate: z.boolean(),
  }),
});

export const rejectReversal = defineCall({
  name: 'operatorLoans.rejectReversal',
  method: 'POST',
  path: '/admin/loans/reverse-payment/reject',
  auth: false,
  staffRole: 'finance',
  success: 0,
  summary: 'Reject a pending reversal, with a reason; the payment stays posted',
  request: z.object({
    requestId: z.coerce.number().int().positive(),
    reason: z.string().trim().min(3, 'Give the reason').max(500),
  }),
  reply: z.object({ reversal: reversalRow }),
});

export const reversals = defineCall({
  name: 'operatorLoans.reversals',
  method: 'GET',
  path: '/admin/loans/reversals',
  auth: false,
  staffRole: 'finance',
  success: 0,
  summary: 'Reversal requests, the pending ones to approve',
  request: z.object({ status: z.enum(['pending', 'approved', 'rejected']).optional() }),
  reply: z.object({ list: z.array(reversalRow) }),
});

export const closeOfBusiness = defineCall({
  name: 'operatorLoans.closeOfBusiness',
  method: 'POST',
  path: '/admin/loans/close-of-business',
  auth: false,
  staffRole: 'finance',
  success: 0,
  summary: 'Run close of business for a business date (safe to repeat)',
  request: z.object({ date: isoDate }),
  reply: z.object({
    businessDate: z.string(),
    outcome: z.enum(['done', 'already-done', 'after-a-closed-day', 'running-elsewhere']),
    windowOpened: z.number().int(),
    becameOverdue: z.number().int(),
    penaltiesAccrued: z.number().int(),
    incomeRecognised: z.number().int(),
    lastClosed: z.string().nullable(),
    gapsClosed: z.array(z.string()),
  }),
});
