import type { FastifyInstance } from 'fastify';
import * as contract from '../../../shared/contracts/dev';
import type { AppContext } from '../../app-context';
import { registerCall } from '../../http/register-call';
import { readOutbox } from '../../providers/sms/sms-provider';

/** architecture.md: Sessions: the SMS outbox, registered only outside production. */
export function devRoutes(app: FastifyInstance, { db }: AppContext): void {
  registerCall(app, contract.smsOutbox, async ({ phone }) => {
    const rows = await readOutbox(db, phone);
    return { messages: rows.map((m) => ({ phone: m.phone, body: m.body, createdAt: m.createdAt.toISOString() })) };
  });
}
