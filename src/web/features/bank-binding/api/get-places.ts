import { useQuery } from '@tanstack/react-query';
import { places } from '../../../../shared/contracts/bank-binding';
import { callQueryOptions } from '../../../lib/api';

/** architecture.md: Providers: regions and cities for the city select, from the server; they change rarely. */
export function usePlaces(enabled: boolean) {
  return useQuery({ ...callQueryOptions(places, {}), enabled, staleTime: Number.POSITIVE_INFINITY });
}
