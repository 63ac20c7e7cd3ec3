import { and, count, desc, eq, gt, sql } from 'drizzle-orm';
import { Code } from '../../../shared/codes';
import type { Db } from '../../db/client';
import { contactMessages } from '../../db/schema';
import { AppError } from '../../http/app-error';

/** Messages one address may send in an hour: a person writes once or twice; a script writes hundreds. */
export const CONTACT_MESSAGES_PER_HOUR = 5;

export interface NewContactMessage {
  name: string;
  phone: string;
  email: string;
  remark: string;
  ip: string;
}

/** Advisory-lock namespace of the per-address count (any constant no other feature uses). */
const CONTACT_LOCK_NAMESPACE = 8_002;

/**
 * Stores a contact-form message unless the address already sent CONTACT_MESSAGES_PER_HOUR in the
 * last hour. A transaction lock on the address makes a burst of parallel sends count one by one,
 * so none slips past a count read before the others were written.
 */
export async function storeContactMessage(db: Db, message: NewContactMessage): Promise<number> {
  const id = await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${CONTACT_LOCK_NAMESPACE}, hashtext(${message.ip}))`);
    const [recent] = await tx
      .select({ n: count() })
      .from(contactMessages)
      .where(and(eq(contactMessages.ip, message.ip), gt(contactMessages.createdAt, sql`now() - interval '1 hour'`)));
    if ((recent?.n ?? 0) >= CONTACT_MESSAGES_PER_HOUR) return null;
    const [row] = await tx.insert(contactMessages).values(message).returning({ id: contactMessages.id });
    return row?.id ?? null;
  });
  if (id === null) {
    throw new AppError(Code.RATE_LIMITED, 'You have sent several messages in the last hour. Please try again later.');
  }
  return id;
}

export interface ContactMessageRow {
  id: number;
  name: string;
  phone: string;
  email: string;
  remark: string;
  ip: string;
  createdAt: Date;
}

/** For the operators' back office: newest first, one page at a time. */
export async function listContactMessages(
  db: Db,
  { limit, offset }: { limit: number; offset: number },
): Promise<{ total: number; rows: ContactMessageRow[] }> {
  const safeLimit = Math.min(Math.max(Math.trunc(limit), 1), 200);
  const safeOffset = Math.max(Math.trunc(offset), 0);
  const [rows, totals] = await Promise.all([
    db
      .select()
      .from(contactMessages)
      .orderBy(desc(contactMessages.createdAt), desc(contactMessages.id))
      .limit(safeLimit)
      .offset(safeOffset),
    db.select({ total: count() }).from(contactMessages),
  ]);
  return { total: totals[0]?.total ?? 0, rows };
}
