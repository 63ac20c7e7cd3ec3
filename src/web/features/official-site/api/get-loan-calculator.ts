import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { CallInput } from '../../../../shared/api/define-call';
import { loanCalculator } from '../../../../shared/contracts/official-site';
import { callQueryOptions } from '../../../lib/api';

export type CalculatorInput = CallInput<typeof loanCalculator>;

/**
 * GET /owner/v3/public/loan-calculator: the products on offer and the engine's price of an amount
 * and term. The last answer stays on screen while a new choice is priced.
 */
export function useLoanCalculator(input: CalculatorInput) {
  return useQuery({ ...callQueryOptions(loanCalculator, input), placeholderData: keepPreviousData });
}
