import { useQuery } from '@tanstack/react-query';
import { CONTACT_OVERALL } from '../../../../shared/constants';
import { contactInfo } from '../../../../shared/contracts/support';
import { callQueryOptions } from '../../../lib/api';

/** spec 000 §7: POST /owner/v3/personal-center/contact-kf-info with overall=30 → email, smWa. */
export const contactInfoQuery = () => callQueryOptions(contactInfo, { overall: CONTACT_OVERALL });

export function useContactInfo() {
  return useQuery(contactInfoQuery());
}
