import type { FastifyInstance } from 'fastify';
import * as contract from '../../../shared/contracts/official-site';
import type { AppContext } from '../../app-context';
import { registerCall } from '../../http/register-call';
import { storeContactMessage } from './contact-messages';

/** spec 000 §2 Official site: the contact form's store (the page itself is served by plugins/web-app.ts). */
export function officialSiteRoutes(app: FastifyInstance, { db }: AppContext): void {
  registerCall(app, contract.contactMessage, async ({ name, telephone, email, remark }, { req }) => {
    const id = await storeContactMessage(db, { name, phone: telephone, email, remark, ip: req.ip });
    return { id };
  });
}
