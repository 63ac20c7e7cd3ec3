import type { FastifyInstance } from 'fastify';
import * as contract from '../../../shared/contracts/official-site';
import type { AppContext } from '../../app-context';
import { registerCall } from '../../http/register-call';
import { storeContactMessage } from './contact-messages';
import { loanCalculatorRoutes } from './loan-calculator';

/**
 * spec 000 §2 Official site: the contact form's store and the cost calculator (the page itself is
 * served by plugins/web-app.ts).
 */
export function officialSiteRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx;
  loanCalculatorRoutes(app, ctx);
  registerCall(app, contract.contactMessage, async ({ name, telephone, email, remark }, { req }) => {
    const id = await storeContactMessage(db, { name, phone: telephone, email, remark, ip: req.ip });
    return { id };
  });
}
