import { z } from 'zod';
import type { StaffRole } from '../api/define-call';

/** Row-level CSV exports for finance and auditors: each a download, streamed, UTF-8 with a byte-order mark. */

export const EXPORTS = {
  loans: 'Loan tape (one row per loan paid out in the range)',
  payments: 'Payments (by business date)',
  payouts: 'Payouts (by day requested)',
  journal: 'Journal lines (by business date)',
  trialBalance: 'Trial balance over the range (opening, debits, credits, closing)',
} as const;
export type ExportName = keyof typeof EXPORTS;
export const EXPORT_NAMES = Object.keys(EXPORTS) as [ExportName, ...ExportName[]];

/** Who may download them: the whole book's rows, so the roles that already read the whole book, and the auditor. */
export const EXPORT_ROLES: readonly StaffRole[] = ['finance', 'admin', 'auditor'];

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Use a date like 2026-01-31');

export const exportRequest = z
  .object({ export: z.enum(EXPORT_NAMES, 'Choose an export'), from: isoDate, to: isoDate })
  .refine((r) => r.from <= r.to, { message: 'The range ends before it starts', path: ['to'] });
export type ExportRequest = z.infer<typeof exportRequest>;

/** `GET /owner/admin/exports/csv?export=…&from=…&to=…`, a CSV download (not an envelope). */
export const EXPORT_CSV_PATH = '/admin/exports/csv';
