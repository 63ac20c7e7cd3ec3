import { z } from 'zod';
import { defineCall } from '../api/define-call';

/**
 * Credit applied to the next loan: a settled loan's credit (what its payments paid over what it
 * owed) pays the same borrower's running loan. The borrower asks for it, which is their consent;
 * a finance user approves it, and it is posted on the running loan as a payment from provider
 * 'credit'. Money in centavos.
 */

const id = (field: string) =>
  z.coerce
    .number({ error: `${field} must be a number` })
    .int(`${field} must be a whole number`)
    .positive(`${field} is required`);

export const TRANSFER_STATUSES = ['requested', 'posted', 'rejected', 'reversed'] as const;

/** The borrower asks: the credit of `orderId` (settled) pays `toOrderId` (running), as much as it owes. */
export const applyCredit = defineCall({
  name: 'creditTransfers.apply',
  method: 'POST',
  path: '/v3/loan-details/apply-credit',
  auth: true,
  success: 0,
  summary: "Ask for a settled loan's credit to pay the borrower's running loan (their consent); finance approves it",
  request: z.object({ orderId: id('orderId'), toOrderId: id('toOrderId') }),
  reply: z.object({ reference: z.string(), amount: z.number().int(), message: z.string() }),
});

export const transferRow = z.object({
  id: z.number().int(),
  reference: z.string(),
  fromOrderNo: z.string(),
  toOrderNo: z.string(),
  fullName: z.string().nullable(),
  phone: z.string(),
  amount: z.number().int(),
  status: z.enum(TRANSFER_STATUSES),
  /** When the borrower asked (consented), ISO time. */
  consentedAt: z.string(),
  decidedBy: z.string().nullable(),
  reason: z.string().nullable(),
});
export type TransferRow = z.infer<typeof transferRow>;

export const list = defineCall({
  name: 'creditTransfers.list',
  method: 'GET',
  path: '/admin/credit-transfers',
  auth: false,
  staffRole: 'finance',
  success: 0,
  summary: 'Credit the borrowers asked to apply to their running loans, those waiting first, then the latest decided',
  request: z.object({}),
  reply: z.object({ list: z.array(transferRow) }),
});

export const approve = defineCall({
  name: 'creditTransfers.approve',
  method: 'POST',
  path: '/admin/credit-transfers/approve',
  auth: false,
  staffRole: 'finance',
  success: 0,
  summary:
    "Approve a borrower's request: the credit leaves the settled loan and is posted on the running one (at most what it owes now)",
  request: z.object({ transferId: id('transferId') }),
  reply: z.object({ transfer: transferRow }),
});

export const reject = defineCall({
  name: 'creditTransfers.reject',
  method: 'POST',
  path: '/admin/credit-transfers/reject',
  auth: false,
  staffRole: 'finance',
  success: 0,
  summary: "Refuse a borrower's request, with the reason they will read; the credit stays where it is",
  request: z.object({ transferId: id('transferId'), reason: z.string().trim().min(3, 'Give the reason').max(500) }),
  reply: z.object({ transfer: transferRow }),
});
