import { useQuery } from '@tanstack/react-query';
import type { CallReply } from '../../../../shared/api/define-call';
import { companyInfo } from '../../../../shared/contracts/support';
import { callQueryOptions } from '../../../lib/api';

export type CompanyInfo = CallReply<typeof companyInfo>;

/** GET /owner/v3/public/company: the footer's phone, address, e-mail and company name. */
export function useCompanyInfo() {
  // The lender's identity changes with a new licence, not during a visit; a failure leaves the footer short, not the page.
  return useQuery({ ...callQueryOptions(companyInfo, {}, { silent: true }), staleTime: Number.POSITIVE_INFINITY });
}
