import { z } from 'zod';
import { defineCall } from '../api/define-call';
import { calendarDate } from './calendar-date';

/**
 * The mismatches reconciliation finds between the provider's transactions of a day and our books:
 * money the provider took that we have not posted, a posting the provider has no (or a failed or
 * charged-back) transaction for, an amount that differs; and the same for payouts, with a payout
 * the provider reversed after it succeeded; and a row of the provider's listing that could not be
 * read (it never stops the run).
 */
export const FINDING_KINDS = [
  'paid-not-posted',
  'posted-not-paid',
  'amount-differs',
  'payout-not-recorded',
  'payout-not-paid',
  'payout-amount-differs',
  'payout-reversed',
  'unreadable-row',
] as const;
export type FindingKind = (typeof FINDING_KINDS)[number];

export const FINDING_STATUSES = ['open', 'resolved', 'cleared'] as const;
/** post: through the provider-confirmed posting (or a maker-checker manual posting); reverse: the posting is taken back; explain: a note, the books unchanged. */
export const RESOLUTIONS = ['post', 'reverse', 'explain'] as const;
export type Resolution = (typeof RESOLUTIONS)[number];

export const findingRow = z.object({
  id: z.number().int(),
  businessDate: z.string(),
  kind: z.enum(FINDING_KINDS),
  reference: z.string(),
  orderNo: z.string().nullable(),
  /** Centavos: what the provider reports (null: no such transaction) and what we hold (null: nothing). */
  providerAmount: z.number().int().nullable(),
  ourAmount: z.number().int().nullable(),
  providerStatus: z.string().nullable(),
  detail: z.string(),
  status: z.enum(FINDING_STATUSES),
  resolution: z.string().nullable(),
  note: z.string().nullable(),
  resolvedBy: z.string().nullable(),
  resolvedAt: z.string().nullable(),
  /** The resolutions this finding can take now (empty once it is closed). */
  actions: z.array(z.enum(RESOLUTIONS)),
});
export type FindingRow = z.infer<typeof findingRow>;

export const runRow = z.object({
  businessDate: z.string(),
  provider: z.string(),
  transactions: z.number().int(),
  matched: z.number().int(),
  openFindings: z.number().int(),
  runs: z.number().int(),
  runBy: z.string(),
  finishedAt: z.string(),
});
export type RunRow = z.infer<typeof runRow>;

export const runReconciliation = defineCall({
  name: 'reconciliation.run',
  method: 'POST',
  path: '/admin/reconciliation/run',
  auth: false,
  staffRole: 'finance',
  success: 0,
  summary:
    "Reconcile a business date (default today) against the payment provider's transactions; a rerun updates the open findings",
  request: z.object({ date: calendarDate.optional() }),
  reply: z.object({ run: runRow, findings: z.array(findingRow) }),
});

export const reconciliation = defineCall({
  name: 'reconciliation.list',
  method: 'GET',
  path: '/admin/reconciliation',
  auth: false,
  staffRole: 'finance',
  success: 0,
  summary: "A business date's reconciliation (default today): its run, if any, and its findings, open first",
  request: z.object({ date: calendarDate.optional() }),
  reply: z.object({ businessDate: z.string(), run: runRow.nullable(), findings: z.array(findingRow) }),
});

export const resolveFinding = defineCall({
  name: 'reconciliation.resolve',
  method: 'POST',
  path: '/admin/reconciliation/resolve',
  auth: false,
  staffRole: 'finance',
  success: 0,
  summary: 'Resolve an open finding: post it, reverse the posting, or mark it explained with a note (audited)',
  request: z.object({
    findingId: z.coerce.number().int().positive(),
    action: z.enum(RESOLUTIONS, 'Choose post, reverse or explain'),
    note: z.string().trim().min(3, 'Write a note of at least 3 characters: why, and what was checked').max(500),
    /** Money with no pay request of ours: the contract it belongs to (entered as a manual posting for a second finance user). */
    orderNo: z.string().trim().min(3).max(40).optional(),
  }),
  reply: z.object({ finding: findingRow }),
});

/**
 * The sandbox only (development and tests): puts a transaction in the sandbox's listing, as a
 * provider whose callback never arrived would hold it. Never registered with a real provider.
 */
export const recordSandboxTransaction = defineCall({
  name: 'reconciliation.sandboxTransaction',
  method: 'POST',
  path: '/admin/reconciliation/sandbox/transaction',
  auth: false,
  staffRole: 'finance',
  success: 0,
  summary: 'Sandbox only: record a transaction at the sandbox without its callback (to try reconciliation)',
  request: z.object({
    reference: z.string().trim().min(6, 'A reference of 6 characters or more').max(64),
    direction: z.enum(['in', 'out']),
    /** Centavos. */
    amount: z.coerce.number().int().positive().max(1_000_000_000_000),
    status: z.enum(['succeeded', 'failed', 'reversed']).default('succeeded'),
  }),
  reply: z.object({ recorded: z.boolean() }),
});
