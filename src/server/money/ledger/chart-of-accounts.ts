import type { AccountKind } from '../../../shared/contracts/books';

/**
 * Every account the ledger books to, with its kind and the name finance reads. Cash accounts
 * are split by direction (what went out at disbursal, what came in from borrowers) so each can
 * be matched to the bank; their net is the lender's cash movement.
 */
export const CHART_OF_ACCOUNTS: Record<string, { kind: AccountKind; label: string }> = {
  cash_disbursed: { kind: 'asset', label: 'Cash paid out to borrowers' },
  cash_collections: { kind: 'asset', label: 'Cash collected from borrowers' },
  cash_refunds_paid: { kind: 'asset', label: 'Cash refunded to borrowers' },
  principal_receivable: { kind: 'asset', label: 'Loans receivable: principal' },
  interest_receivable: { kind: 'asset', label: 'Loans receivable: interest' },
  fees_receivable: { kind: 'asset', label: 'Loans receivable: fees' },
  penalties_receivable: { kind: 'asset', label: 'Loans receivable: late penalties' },
  legal_charges_receivable: { kind: 'asset', label: 'Loans receivable: legal charges' },
  enforcement_costs_receivable: { kind: 'asset', label: 'Loans receivable: enforcement costs' },
  loans_written_off: { kind: 'asset', label: 'Loans written off (less recoveries)' },
  unearned_interest: { kind: 'liability', label: 'Unearned interest (and interest in suspense)' },
  unearned_fees: { kind: 'liability', label: 'Unearned service and extension fees' },
  unearned_penalties: { kind: 'liability', label: 'Penalties in suspense' },
  borrower_credit: { kind: 'liability', label: 'Borrowers’ credit balances' },
  credit_transfers: { kind: 'liability', label: 'Credit applied between a borrower’s loans (clearing, nets to zero)' },
  interest_income: { kind: 'income', label: 'Interest income' },
  fee_income: { kind: 'income', label: 'Fee income' },
  penalty_income: { kind: 'income', label: 'Late penalty income' },
  legal_charges_income: { kind: 'income', label: 'Legal charges recovered' },
  enforcement_costs_income: { kind: 'income', label: 'Enforcement costs recovered' },
  recoveries_income: { kind: 'income', label: 'Recoveries on loans written off' },
  write_off_expense: { kind: 'expense', label: 'Loans written off' },
};

/** An account the chart does not know is shown as it is named, on the side its balance falls. */
export function accountOf(account: string, balance: number): { kind: AccountKind; label: string } {
  return CHART_OF_ACCOUNTS[account] ?? { kind: balance >= 0 ? 'asset' : 'liability', label: account };
}
