import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import * as contract from '../../shared/contracts/messages';
import type { AppContext } from '../app-context';
import type { Db } from '../db/client';
import { loanOrders } from '../db/schema';
import { notFound } from '../http/app-error';
import { registerCall } from '../http/register-call';
import { listMessages, saveSetting, settingsOf } from './messages-service';
import { startMessageSweep } from './send-messages';

async function ownsOrder(db: Db, borrowerId: number, orderId: number): Promise<boolean> {
  const [order] = await db
    .select({ id: loanOrders.id })
    .from(loanOrders)
    .where(and(eq(loanOrders.id, orderId), eq(loanOrders.borrowerId, borrowerId)));
  return order !== undefined;
}

/**
 * The borrower's messages (records page) and which optional ones they get; and, when configured,
 * the sweep that sends each event's message once (send-messages.ts), stopped with the server.
 */
export function messageRoutes(app: FastifyInstance, { db, sms, config }: AppContext): void {
  registerCall(app, contract.myMessages, async ({ orderId }, { borrowerId }) => {
    // Another borrower's order reads like a missing one, as in every call that takes an order.
    if (orderId !== undefined && !(await ownsOrder(db, borrowerId, orderId))) throw notFound('The order');
    return { messages: await listMessages(db, borrowerId, orderId) };
  });
  registerCall(app, contract.messageSettings, async (_input, { borrowerId }) => ({
    settings: await settingsOf(db, borrowerId),
  }));
  registerCall(app, contract.saveMessageSetting, async ({ kind, enabled }, { borrowerId }) => ({
    settings: await saveSetting(db, borrowerId, kind, enabled),
  }));
  if (config.MESSAGES_EVERY_SECONDS > 0) {
    const sweep = startMessageSweep(db, sms, config.APP_NAME, config.MESSAGES_EVERY_SECONDS, app.log);
    app.addHook('onClose', async () => sweep.stop());
  }
}
