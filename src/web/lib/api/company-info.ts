import { useQuery } from '@tanstack/react-query';
import type { CallReply } from '../../../shared/api/define-call';
import { companyInfo } from '../../../shared/contracts/support';
// Through the index, as the features import lib/api: a direct './query' import made the build split a
// re-export chunk of its own that every page then loaded.
import { callQueryOptions } from './index';

export type CompanyInfo = CallReply<typeof companyInfo>;

/**
 * GET /owner/v3/public/company: the lender's name, registration numbers and contacts, read by the
 * official site's footer, about us, the privacy policy and the promotion's agreement. One query key,
 * so one set of options: the identity changes with a new licence, not during a visit, and no toast,
 * since each reader shows a failure in its own place (a retry on the page, a shorter footer).
 */
export const companyInfoQuery = () => ({
  ...callQueryOptions(companyInfo, {}, { silent: true }),
  staleTime: Number.POSITIVE_INFINITY,
});

export function useCompanyInfo() {
  return useQuery(companyInfoQuery());
}
