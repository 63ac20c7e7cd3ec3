import { and, desc, eq, isNull, or } from 'drizzle-orm';
import { MESSAGE_KINDS, type MyMessage, OPTIONAL_MESSAGE_KINDS } from '../../shared/contracts/messages';
import type { Db } from '../db/client';
import { borrowerMessages, loanOrders, messagePreferences, reminderSends } from '../db/schema';

const LIST_LIMIT = 50;
const isKind = (k: string): k is MyMessage['kind'] => (MESSAGE_KINDS as readonly string[]).includes(k);
const isStatus = (s: string): s is MyMessage['status'] => ['sending', 'sent', 'failed', 'off'].includes(s);

/**
 * The borrower's messages, newest first: those of one order and the borrower's own (complaint
 * replies), or all. Due-date reminders (features/reminders) are listed with them as 'due-soon'.
 */
export async function listMessages(db: Db, borrowerId: number, orderId?: number): Promise<MyMessage[]> {
  const sent = await db
    .select()
    .from(borrowerMessages)
    .where(
      and(
        eq(borrowerMessages.borrowerId, borrowerId),
        orderId === undefined ? undefined : or(eq(borrowerMessages.orderId, orderId), isNull(borrowerMessages.orderId)),
      ),
    )
    .orderBy(desc(borrowerMessages.createdAt), desc(borrowerMessages.id))
    .limit(LIST_LIMIT);
  const reminders = await db
    .select({ send: reminderSends })
    .from(reminderSends)
    .innerJoin(loanOrders, eq(loanOrders.id, reminderSends.orderId))
    .where(and(eq(loanOrders.borrowerId, borrowerId), orderId === undefined ? undefined : eq(loanOrders.id, orderId)))
    .orderBy(desc(reminderSends.sentAt))
    .limit(LIST_LIMIT);
  const messages: MyMessage[] = [
    ...sent.flatMap((m) =>
      isKind(m.kind) && isStatus(m.status)
        ? [
            {
              id: m.id,
              kind: m.kind,
              orderId: m.orderId,
              body: m.body,
              status: m.status,
              sentAt: m.createdAt.toISOString(),
            },
          ]
        : [],
    ),
    ...reminders.map(({ send }) => ({
      // Negative: a reminder's id is of another table, and must not meet a message's.
      id: -send.id,
      kind: 'due-soon' as const,
      orderId: send.orderId,
      body: send.body,
      status: 'sent' as const,
      sentAt: send.sentAt.toISOString(),
    })),
  ];
  return messages.sort((a, b) => b.sentAt.localeCompare(a.sentAt)).slice(0, LIST_LIMIT);
}

export type OptionalKind = (typeof OPTIONAL_MESSAGE_KINDS)[number];

export async function settingsOf(db: Db, borrowerId: number) {
  const rows = await db.select().from(messagePreferences).where(eq(messagePreferences.borrowerId, borrowerId));
  return OPTIONAL_MESSAGE_KINDS.map((kind) => ({ kind, enabled: rows.find((r) => r.kind === kind)?.enabled ?? true }));
}

export async function saveSetting(db: Db, borrowerId: number, kind: OptionalKind, enabled: boolean) {
  await db
    .insert(messagePreferences)
    .values({ borrowerId, kind, enabled })
    .onConflictDoUpdate({
      target: [messagePreferences.borrowerId, messagePreferences.kind],
      set: { enabled, updatedAt: new Date() },
    });
  return settingsOf(db, borrowerId);
}
