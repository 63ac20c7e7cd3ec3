import { z } from 'zod';
import { defineCall } from '../api/define-call';

/** The audit log as sentences an operator reads, searchable by contract, borrower and staff member. */

const optionalText = z.preprocess((v) => (v === '' ? undefined : v), z.string().trim().max(60).optional());

export const readableAuditEntry = z.object({
  id: z.number().int(),
  at: z.string(),
  actor: z.string(),
  action: z.string(),
  /** "Cara Credit approved HRM00000080". */
  sentence: z.string(),
  /** What changed, one line per field ("status: 21 → 110"). */
  changes: z.array(z.string()),
});
export type ReadableAuditEntry = z.infer<typeof readableAuditEntry>;

export const auditLogSearch = defineCall({
  name: 'auditLog.search',
  method: 'GET',
  path: '/admin/audit-log',
  auth: false,
  staffRole: 'admin',
  success: 0,
  summary:
    'The audit log as sentences, newest first, by contract number, borrower (name or mobile) and staff member (name or e-mail)',
  request: z.object({
    order: optionalText,
    borrower: optionalText,
    staff: optionalText,
    page: z.coerce.number().int().positive().default(1),
    pageSize: z.coerce.number().int().min(1).max(100).default(20),
  }),
  reply: z.object({ list: z.array(readableAuditEntry), total: z.number().int() }),
});
