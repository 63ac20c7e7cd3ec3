import { z } from 'zod';
import { defineCall } from '../api/define-call';

const writeOffRow = z.object({
  id: z.number().int(),
  orderNo: z.string(),
  reason: z.string(),
  status: z.enum(['pending', 'approved', 'rejected']),
  requestedBy: z.string(),
  requestedAt: z.string(),
  decidedBy: z.string().nullable(),
  rejectReason: z.string().nullable(),
  /** Centavos written off, once approved. */
  amount: z.number().int().nullable(),
  businessDate: z.string().nullable(),
});
export type WriteOffRow = z.infer<typeof writeOffRow>;

const reason = (what: string) => z.string().trim().min(3, what).max(500);

export const requestWriteOff = defineCall({
  name: 'writeOffs.request',
  method: 'POST',
  path: '/admin/loans/write-off',
  auth: false,
  staffRole: 'finance',
  success: 0,
  summary: 'Propose writing off an overdue loan, by contract number, with a reason (booked after a second approval)',
  request: z.object({
    orderNo: z.string().trim().min(3, 'The contract number, like HRM00000080').max(40),
    reason: reason('Give the reason for the write-off'),
  }),
  reply: z.object({ writeOff: writeOffRow }),
});

export const approveWriteOff = defineCall({
  name: 'writeOffs.approve',
  method: 'POST',
  path: '/admin/loans/write-off/approve',
  auth: false,
  staffRole: 'finance',
  success: 0,
  summary: 'Approve a write-off entered by another finance user: the carrying amount goes to expense',
  request: z.object({ requestId: z.coerce.number().int().positive() }),
  reply: z.object({ writeOff: writeOffRow, duplicate: z.boolean() }),
});

export const rejectWriteOff = defineCall({
  name: 'writeOffs.reject',
  method: 'POST',
  path: '/admin/loans/write-off/reject',
  auth: false,
  staffRole: 'finance',
  success: 0,
  summary: 'Reject a pending write-off, with a reason',
  request: z.object({ requestId: z.coerce.number().int().positive(), reason: reason('Give the reason') }),
  reply: z.object({ writeOff: writeOffRow }),
});

export const writeOffs = defineCall({
  name: 'writeOffs.list',
  method: 'GET',
  path: '/admin/loans/write-offs',
  auth: false,
  staffRole: 'finance',
  success: 0,
  summary: 'Write-offs, newest first; the pending ones when asked',
  request: z.object({ status: z.enum(['pending', 'approved', 'rejected']).optional() }),
  reply: z.object({ list: z.array(writeOffRow) }),
});
