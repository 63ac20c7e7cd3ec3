import { useQuery } from '@tanstack/react-query';
import { cardInit } from '../../../../shared/contracts/bank-binding';
import { callKey, callQueryOptions } from '../../../lib/api';

/** spec 000 §7 card-init: product_id → the form items, prefilled from the bound account. */
export const cardInitQuery = (productId: number) => callQueryOptions(cardInit, { product_id: productId });
export const cardInitKey = (productId: number) => callKey(cardInit, { product_id: productId });

export function useCardInit(productId: number) {
  return useQuery({ ...cardInitQuery(productId), enabled: productId > 0 });
}
