import { useQuery } from '@tanstack/react-query';
import { homeOverview } from '../../../../shared/contracts/home';
import { callQueryOptions } from '../../../lib/api';

/** GET /owner/v3/home/overview: products on offer and the borrower's orders. */
export const homeOverviewQuery = () => callQueryOptions(homeOverview, {});

export function useHomeOverview() {
  return useQuery(homeOverviewQuery());
}
