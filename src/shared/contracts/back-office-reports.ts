import { z } from 'zod';
import { defineCall, type StaffRole } from '../api/define-call';

/** Reports for a date range, on screen and as CSV. Money columns hold integer centavos. */

export const REPORTS = {
  applications: 'Applications and approval rate',
  disbursements: 'Disbursements',
  collections: 'Collections',
  par: 'Portfolio at risk (PAR 1/7/30/90)',
  ageing: 'Ageing of open loans by days past due',
  vintage: 'Vintage: loans by month paid out, how they repaid',
  complaints: 'Complaints by type and response time',
  cash: 'Daily cash: money in and out, from the ledger',
} as const;
export type ReportName = keyof typeof REPORTS;
export const REPORT_NAMES = Object.keys(REPORTS) as ReportName[];

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Use a date like 2026-01-31');

export const reportRequest = z
  .object({ report: z.enum(REPORT_NAMES, 'Choose a report'), from: isoDate, to: isoDate })
  .refine((r) => r.from <= r.to, { message: 'The range ends before it starts', path: ['to'] });
export type ReportRequest = z.infer<typeof reportRequest>;

export const reportColumn = z.object({
  key: z.string(),
  title: z.string(),
  /** `money`: centavos, shown as pesos; `percent`: a share, shown with one decimal. */
  kind: z.enum(['text', 'count', 'money', 'percent']),
});
export type ReportColumn = z.infer<typeof reportColumn>;

const cell = z.union([z.string(), z.number(), z.null()]);
export type ReportRow = Record<string, string | number | null>;

export const reportTable = z.object({
  title: z.string(),
  columns: z.array(reportColumn),
  rows: z.array(z.record(z.string(), cell)),
  /** Sums of the count and money columns, to the centavo; null where a sum means nothing. */
  totals: z.record(z.string(), cell).nullable(),
});
export type ReportTable = z.infer<typeof reportTable>;

/** Who reads the reports: they show the whole book, so finance and admin, and the auditor. */
export const REPORT_ROLES: readonly StaffRole[] = ['finance', 'admin', 'auditor'];

export const runReport = defineCall({
  name: 'reports.run',
  method: 'GET',
  path: '/admin/reports/run',
  auth: false,
  staffRole: 'signedIn',
  success: 0,
  summary:
    'One report for a date range (finance, admin and auditor); the same rows download as CSV from /admin/reports/csv',
  request: reportRequest,
  reply: reportTable,
});

/** The CSV download of the same report (text/csv; not an envelope call). */
export const REPORT_CSV_PATH = '/admin/reports/csv';
