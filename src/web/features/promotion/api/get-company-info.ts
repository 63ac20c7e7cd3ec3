import { useQuery } from '@tanstack/react-query';
import { companyInfo } from '../../../../shared/contracts/support';
import { callQueryOptions } from '../../../lib/api';

/** GET /owner/v3/public/company: the lender named in the registration agreement. */
export function useCompanyInfo() {
  return useQuery({ ...callQueryOptions(companyInfo, {}), staleTime: Number.POSITIVE_INFINITY });
}
