import { useQuery } from '@tanstack/react-query';
import { problemInit } from '../../../../shared/contracts/complaints';
import { callQueryOptions } from '../../../lib/api';

/** spec 000 §7 problem-init: types, sub-types, the chosen order (newest when none) and all orders. */
export const problemInitQuery = (orderId?: number) =>
  callQueryOptions(problemInit, orderId === undefined ? {} : { orderId });

export function useProblemInit(orderId?: number) {
  return useQuery(problemInitQuery(orderId));
}
