import { and, eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client';
import { borrowerMessages, messagePreferences } from '../db/schema';
import type { SmsProvider } from '../providers/sms/sms-provider';
import { type Composed, compose } from './compose';
import {
  advance,
  cursorOf,
  GAP_WAIT_MS,
  orderEventsAfter,
  paymentsAfter,
  repliesAfter,
  type Source,
  type SourceRead,
} from './message-events';
import { OPTIONAL_KINDS, type OptionalKind } from './message-texts';

const READERS: Record<Source, (db: Db, after: number, passGap: boolean) => Promise<SourceRead>> = {
  'order-events': orderEventsAfter,
  payments: paymentsAfter,
  'complaint-replies': repliesAfter,
};

export interface SweepResult {
  sent: number;
  off: number;
  failed: number;
}

/** Whether the borrower turned this kind off (only optional kinds can be). */
export async function turnedOff(db: Db, borrowerId: number, kind: string): Promise<boolean> {
  if (!OPTIONAL_KINDS.includes(kind as OptionalKind)) return false;
  const [row] = await db
    .select({ enabled: messagePreferences.enabled })
    .from(messagePreferences)
    .where(and(eq(messagePreferences.borrowerId, borrowerId), eq(messagePreferences.kind, kind)));
  return row ? !row.enabled : false;
}

/**
 * Sends one composed message once: the row is claimed by its event key before the SMS goes, so a
 * second sweep (or another server) finds it taken and sends nothing. A kind the borrower turned
 * off is kept as 'off' (the record says it was not sent); a provider refusal as 'failed'.
 */
export async function deliver(db: Db, sms: SmsProvider, message: Composed): Promise<keyof SweepResult | null> {
  const off = await turnedOff(db, message.borrowerId, message.kind);
  const [claimed] = await db
    .insert(borrowerMessages)
    .values({
      borrowerId: message.borrowerId,
      orderId: message.orderId,
      kind: message.kind,
      eventKey: message.key,
      language: message.language,
      body: message.body,
      status: off ? 'off' : 'sending',
    })
    .onConflictDoNothing()
    .returning({ id: borrowerMessages.id });
  if (!claimed) return null;
  if (off) return 'off';
  let status: 'sent' | 'failed' = 'sent';
  try {
    await sms.send(message.phone, message.body);
  } catch {
    status = 'failed';
  }
  await db.update(borrowerMessages).set({ status }).where(eq(borrowerMessages.id, claimed.id));
  return status === 'sent' ? 'sent' : 'failed';
}

/**
 * The messages sweep: reads what was committed since the last sweep (order events, posted
 * payments, complaint replies) and sends each event's message once. It runs outside every money
 * transaction, on rows already committed, so a command that rolls back sends nothing.
 */
export async function sendPendingMessages(
  db: Db,
  sms: SmsProvider,
  app: string,
  log?: FastifyBaseLogger,
): Promise<SweepResult> {
  const result: SweepResult = { sent: 0, off: 0, failed: 0 };
  for (const source of Object.keys(READERS) as Source[]) {
    const cursor = await cursorOf(db, source);
    const now = new Date();
    const waited = cursor.heldSince !== null && now.getTime() - cursor.heldSince.getTime() >= GAP_WAIT_MS;
    const read = await READERS[source](db, cursor.lastId, waited);
    for (const event of read.events) {
      try {
        const message = await compose(db, event, app);
        if (!message) continue;
        const outcome = await deliver(db, sms, message);
        if (outcome) result[outcome] += 1;
      } catch (err) {
        // One event that cannot be composed (a malformed stored row) does not hold up the rest.
        log?.warn({ err, key: event.key }, 'message not composed');
      }
    }
    if (read.last !== cursor.lastId || read.gap !== (cursor.heldSince !== null))
      await advance(db, source, cursor, read, now);
  }
  return result;
}

/** Runs the sweep every `seconds` in this server; several servers send each message once. */
export function startMessageSweep(
  db: Db,
  sms: SmsProvider,
  app: string,
  seconds: number,
  log: FastifyBaseLogger,
): { stop(): void } {
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    sendPendingMessages(db, sms, app, log)
      .then((r) => {
        if (r.sent + r.failed > 0) log.info(r, 'messages sent');
      })
      .catch((err) => log.error({ err }, 'messages sweep failed'))
      .finally(() => {
        running = false;
      });
  }, seconds * 1000);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
