import { desc, eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { smsOutbox } from '../../db/schema';

/** DESIGN §9: the SMS adapter. Real gateways plug in behind the same interface. */
export interface SmsProvider {
  send(phone: string, body: string): Promise<void>;
}

/** The default provider: stores each message in the database, so a developer can read the code. */
export function outboxSmsProvider(db: Db, log: FastifyBaseLogger): SmsProvider {
  return {
    async send(phone, body) {
      await db.insert(smsOutbox).values({ phone, body });
      // The body holds a code: log only that a message went out.
      log.info({ phoneTail: phone.slice(-4) }, 'sms stored in outbox');
    },
  };
}

export async function readOutbox(db: Db, phone: string, limit = 20) {
  return db
    .select()
    .from(smsOutbox)
    .where(eq(smsOutbox.phone, phone))
    .orderBy(desc(smsOutbox.createdAt), desc(smsOutbox.id))
    .limit(limit);
}
