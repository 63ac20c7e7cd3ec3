import { useQuery } from '@tanstack/react-query';
import { companyInfo } from '../../../../shared/contracts/support';
import type { CallReply } from '../../../../shared/api/define-call';
import { callQueryOptions } from '../../../lib/api';

export type CompanyInfo = CallReply<typeof companyInfo>;

/** GET /owner/v3/public/company: the lender's name, registration numbers and contacts. */
export const companyInfoQuery = () => ({
  ...callQueryOptions(companyInfo, {}),
  // The lender's identity changes with a new licence, not during a visit.
  staleTime: Number.POSITIVE_INFINITY,
});

export function useCompanyInfo() {
  return useQuery(companyInfoQuery());
}
