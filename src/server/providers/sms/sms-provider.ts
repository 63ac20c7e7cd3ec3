import { desc, eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { Code } from '../../../shared/codes';
import type { Db } from '../../db/client';
import { smsOutbox } from '../../db/schema';
import { AppError } from '../../http/app-error';
import { fillCode, maskedCode } from './messages';
import { retrying, type RetryOptions } from './retry';
import { callSemaphore, type SemaphoreOptions } from './semaphore-client';
import { countSmsFailure } from '../../ops/metrics';

/** The SMS adapter (docs/architecture.md "Providers"): the outbox, or a gateway. */
export interface SmsProvider {
  /** A one-time code: `template` says what it is for and holds `{otp}` where `code` goes. */
  sendCode(phone: string, template: string, code: string): Promise<void>;
  /** A message without a code. */
  send(phone: string, text: string): Promise<void>;
}

/** Outside production only: stores each message whole, so a developer can read the code. */
export function outboxSmsProvider(db: Db, log: FastifyBaseLogger): SmsProvider {
  const store = async (phone: string, body: string) => {
    await db.insert(smsOutbox).values({ phone, body, provider: 'outbox', status: 'stored' });
    // The body holds a code: log only that a message went out.
    log.info({ phoneTail: phone.slice(-4) }, 'sms stored in outbox');
  };
  return {
    sendCode: (phone, template, code) => store(phone, fillCode(template, code)),
    send: store,
  };
}

const notSent = () =>
  new AppError(Code.UNAVAILABLE, 'We could not send the SMS just now. Please try again in a minute.');

/**
 * Semaphore, with a row per message in `sms_outbox` (the text with any code masked, the gateway's
 * message id and status, the attempts, the last error). A timeout, a 429 or a 5xx is tried again
 * (see retry.ts); any other refusal is final. A message that does not go out is refused to the
 * caller with 50300, so the borrower asks again rather than waiting for a code that never comes.
 */
export function semaphoreSmsProvider(
  db: Db,
  log: FastifyBaseLogger,
  options: SemaphoreOptions & { retry?: RetryOptions },
): SmsProvider {
  async function deliver(phone: string, kept: string, endpoint: 'messages' | 'otp', message: string, code?: string) {
    const [row] = await db
      .insert(smsOutbox)
      .values({ phone, body: kept, provider: 'semaphore', status: 'sending' })
      .returning({ id: smsOutbox.id });
    const id = row!.id;
    const fields = { number: phone, message, ...(code === undefined ? {} : { code }) };
    const { reply, attempts } = await retrying(() => callSemaphore(options, endpoint, fields), options.retry);
    // Semaphore may give the code back as a number, which drops leading zeros.
    const wrongCode =
      reply.ok && code !== undefined && reply.code !== null && reply.code.padStart(code.length, '0') !== code;
    const error = !reply.ok ? reply.error : wrongCode ? 'the gateway sent another code than ours' : null;
    await db
      .update(smsOutbox)
      .set({
        attempts,
        status: error ? 'failed' : reply.ok ? reply.status : 'failed',
        providerMessageId: reply.ok ? reply.messageId : null,
        lastError: error,
        updatedAt: sql`now()`,
      })
      .where(eq(smsOutbox.id, id));
    const facts = { smsId: id, phoneTail: phone.slice(-4), attempts };
    if (error) {
      countSmsFailure();
      log.warn({ ...facts, error }, 'sms not sent');
      throw notSent();
    }
    log.info({ ...facts, status: reply.ok ? reply.status : null }, 'sms sent');
  }
  return {
    sendCode: (phone, template, code) => deliver(phone, maskedCode(template), 'otp', template, code),
    send: (phone, text) => deliver(phone, text, 'messages', text),
  };
}

/** The outbox's messages for one phone, newest first (the development reader). */
export async function readOutbox(db: Db, phone: string, limit = 20) {
  return db
    .select()
    .from(smsOutbox)
    .where(eq(smsOutbox.phone, phone))
    .orderBy(desc(smsOutbox.createdAt), desc(smsOutbox.id))
    .limit(limit);
}
