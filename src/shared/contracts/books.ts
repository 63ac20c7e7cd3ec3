import { z } from 'zod';
import { defineCall } from '../api/define-call';
import { calendarDate } from './calendar-date';

/** The kinds of ledger account, in the order a trial balance lists them. */
export const ACCOUNT_KINDS = ['asset', 'liability', 'income', 'expense'] as const;
export type AccountKind = (typeof ACCOUNT_KINDS)[number];

export const trialBalanceRow = z.object({
  account: z.string(),
  label: z.string(),
  kind: z.enum(ACCOUNT_KINDS),
  /** Centavos: the account's debits and credits through the date, and the side its balance falls on. */
  debit: z.number().int(),
  credit: z.number().int(),
  balance: z.number().int(),
});
export type TrialBalanceRow = z.infer<typeof trialBalanceRow>;

export const trialBalance = defineCall({
  name: 'books.trialBalance',
  method: 'GET',
  path: '/admin/books/trial-balance',
  auth: false,
  staffRole: 'finance',
  success: 0,
  summary: 'Trial balance of the whole ledger at the end of a business date (default today)',
  request: z.object({ date: calendarDate.optional() }),
  reply: z.object({
    asOf: z.string(),
    rows: z.array(trialBalanceRow),
    /** Balances: debit balances add to `debit`, credit balances to `credit`; equal when the books balance. */
    totals: z.object({ debit: z.number().int(), credit: z.number().int() }),
    balanced: z.boolean(),
    /** The books' invariants that do not hold today, in words; empty when all hold. */
    problems: z.array(z.string()),
  }),
});
