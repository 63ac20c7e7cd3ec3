import type { FastifyInstance } from 'fastify';
import * as contract from '../../../shared/contracts/support';
import type { AppContext } from '../../app-context';
import { registerCall } from '../../http/register-call';

/** spec 000 §2 Customer service, About us, Privacy policy: contacts and the lender's identity. */
export function supportRoutes(app: FastifyInstance, { config }: AppContext): void {
  registerCall(app, contract.contactInfo, async () => ({ email: config.LENDER_EMAIL, smWa: config.LENDER_MESSAGING }));

  registerCall(app, contract.companyInfo, async () => ({
    appName: config.APP_NAME,
    lenderName: config.LENDER_NAME,
    secRegistrationNo: config.LENDER_SEC_REG_NO,
    certificateOfAuthorityNo: config.LENDER_CA_NO,
    address: config.LENDER_ADDRESS,
    email: config.LENDER_EMAIL,
    phone: config.LENDER_PHONE,
    grievanceOfficer: config.GRIEVANCE_OFFICER,
  }));
}
