import { AFTER_MATURITY_ORDER } from './allocation';
import { balancesOf, type LoanState } from './loan-state';

/** A loan is settled when every bucket is zero; credit is the borrower's money, not a debt. */
export function isSettled(state: LoanState): boolean {
  const balances = balancesOf(state);
  return AFTER_MATURITY_ORDER.every((bucket) => balances[bucket] === 0);
}
