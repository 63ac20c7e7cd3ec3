import { useQuery } from '@tanstack/react-query';
import type { CallReply } from '../../../../shared/api/define-call';
import { repaymentWay } from '../../../../shared/contracts/legacy-repayment';
import { callQueryOptions } from '../../../lib/api';

export type RepaymentWay = CallReply<typeof repaymentWay>;

/**
 * spec 000 §7 repayment-way: the cards and a single-use repayToken. Silent: the page says
 * "Failed to query the card list" itself (spec 000 §8). Never cached: every token is spent once.
 */
export function useRepaymentWay(orderId: number | null) {
  return useQuery({
    ...callQueryOptions(repaymentWay, { orderId: orderId ?? 0 }, { silent: true }),
    enabled: orderId !== null,
    gcTime: 0,
    staleTime: 0,
    refetchOnWindowFocus: false,
  });
}
