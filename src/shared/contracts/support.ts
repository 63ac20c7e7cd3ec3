import { z } from 'zod';
import { defineCall } from '../api/define-call';
import { CONTACT_OVERALL } from '../constants';

/** spec 000 §2 Customer service, §7: contact-kf-info with overall=30 → email, smWa. */
export const contactInfo = defineCall({
  name: 'support.contactInfo',
  method: 'POST',
  path: '/v3/personal-center/contact-kf-info',
  auth: true,
  success: 0,
  summary: 'Customer-service contacts: messaging (smWa) and e-mail',
  request: z.object({ overall: z.coerce.number().int().pipe(z.literal(CONTACT_OVERALL)) }),
  reply: z.object({ email: z.string(), smWa: z.string() }),
});

/** The lender's public identity for about us, privacy policy and the terms (from configuration). */
export const companyInfo = defineCall({
  name: 'support.companyInfo',
  method: 'GET',
  path: '/v3/public/company',
  auth: false,
  success: 0,
  summary: "The lender's name, registration numbers and contacts",
  request: z.object({}),
  reply: z.object({
    appName: z.string(),
    lenderName: z.string(),
    secRegistrationNo: z.string(),
    certificateOfAuthorityNo: z.string(),
    address: z.string(),
    email: z.string(),
    phone: z.string(),
    grievanceOfficer: z.string(),
  }),
});
