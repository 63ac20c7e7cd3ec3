import type { StaffRole } from '../../shared/api/define-call';

/**
 * What the configured operator token (`Authorization: Operator <token>`) may call: the automation
 * it exists for — close of business, reconciliation runs, the trial balance and the aggregate
 * reports — and nothing else (docs/architecture.md "Back office"). Never staff administration, never
 * either half of a four-eyes decision (manual payments, payouts, write-offs, reversals, refunds),
 * never a borrower's record: a leaked script credential must not create an admin, approve money or
 * read who owes what. Keyed by the contract call's name; each entry says why the script needs it.
 */
export const OPERATOR_CALLS: Readonly<Record<string, string>> = {
  'operatorLoans.closeOfBusiness': 'runs close of business for a date (a scheduler outside the server, or a catch-up)',
  'backOffice.cobRuns': 'reads how the close-of-business runs went (monitoring)',
  'reconciliation.run': "reconciles a date with the payment provider's transactions",
  'reconciliation.list': 'reads the open reconciliation findings (monitoring; resolving one is a person’s decision)',
  'books.trialBalance': 'reads the trial balance of a date (monitoring that debits equal credits)',
  'reports.run': 'reads an aggregate report (counts and sums, no borrower names)',
  'reports.csv': 'downloads the same aggregate report as CSV',
};

/** The one role the allowed calls need ('signedIn' calls need none). */
export const OPERATOR_ROLES: readonly StaffRole[] = ['finance'];

export const operatorMayCall = (callName: string | undefined): boolean =>
  callName !== undefined && Object.hasOwn(OPERATOR_CALLS, callName);
