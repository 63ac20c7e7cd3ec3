import { z } from 'zod';
import { defineCall } from '../api/define-call';

const orderId = z.coerce.number().int().positive();
const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Use a date like 2026-01-31');
const transition = z.object({ orderId: z.number().int(), status: z.number().int() });

/** DESIGN §6 / issue 3 §5: the transitions the back office drives. */
export const approve = defineCall({
  name: 'operatorLoans.approve',
  method: 'POST',
  path: '/admin/loans/approve',
  auth: false,
  staffRole: 'credit',
  success: 0,
  summary: 'Approve an application (21 → 110)',
  request: z.object({ orderId }),
  reply: transition,
});

export const reject = defineCall({
  name: 'operatorLoans.reject',
  method: 'POST',
  path: '/admin/loans/reject',
  auth: false,
  staffRole: 'credit',
  success: 0,
  summary: 'Reject an application with a reason (21 → 151)',
  request: z.object({ orderId, reason: z.string().trim().min(3, 'Give the reason for the borrower').max(500) }),
  reply: transition,
});

export const disburse = defineCall({
  name: 'operatorLoans.disburse',
  method: 'POST',
  path: '/admin/loans/disburse',
  auth: false,
  staffRole: 'finance',
  success: 0,
  summary: 'Confirm a disbursement (110 → 170); the schedule is fixed from the disbursal date',
  request: z.object({ orderId, disbursalDate: isoDate.optional() }),
  reply: transition,
});

export const manualPayment = defineCall({
  name: 'operatorLoans.manualPayment',
  method: 'POST',
  path: '/admin/loans/manual-payment',
  auth: false,
  staffRole: 'finance',
  success: 0,
  summary: 'Post a payment received outside the providers; idempotent by reference',
  request: z.object({
    orderId,
    reference: z.string().trim().min(3).max(64),
    amount: z.coerce.number().int('Amount in centavos, a whole number').positive('Amount must be above zero'),
    kind: z.enum(['repayment', 'extension']).default('repayment'),
  }),
  reply: z.object({
    paymentId: z.number().int(),
    duplicate: z.boolean(),
    orderId: z.number().int(),
    orderStatus: z.number().int(),
    extended: z.boolean(),
    allocation: z.record(z.string(), z.number()),
  }),
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
    outcome: z.enum(['done', 'already-done', 'running-elsewhere']),
    windowOpened: z.number().int(),
    becameOverdue: z.number().int(),
    penaltiesAccrued: z.number().int(),
  }),
});
