import { and, desc, eq, gte, inArray, lte, sql } from 'drizzle-orm';
import { Code } from '../../../shared/codes';
import type { Db } from '../../db/client';
import { auditLog, borrowers, breachRecords, complaints, loanOrders, personalDataAccess } from '../../db/schema';
import { AppError } from '../../http/app-error';

/** NPC Circular 16-03 §17: the Commission and the people affected are told within 72 hours of knowing. */
export const NOTIFY_HOURS = 72;
const HOUR_MS = 3_600_000;

/**
 * Who a breach touches: every borrower whose personal details or identity pictures were viewed in
 * the window (the access records), and every borrower whose orders or complaints staff acted on in
 * it (the audit log); only by one staff account when the breach concerns one.
 */
export async function affectedBorrowers(db: Db, from: Date, to: Date, actor?: string): Promise<number[]> {
  const inWindow = (column: typeof personalDataAccess.at | typeof auditLog.at) =>
    and(gte(column, sql`${from.toISOString()}::timestamptz`), lte(column, sql`${to.toISOString()}::timestamptz`));
  const [viewed, acted] = await Promise.all([
    db
      .selectDistinct({ id: personalDataAccess.borrowerId })
      .from(personalDataAccess)
      .where(and(inWindow(personalDataAccess.at), actor ? eq(personalDataAccess.actor, actor) : undefined)),
    db
      .select({ entity: auditLog.entity, entityId: auditLog.entityId })
      .from(auditLog)
      .where(
        and(
          inWindow(auditLog.at),
          inArray(auditLog.entity, ['order', 'complaint']),
          actor ? eq(auditLog.actor, actor) : undefined,
        ),
      ),
  ]);
  const ids = (entity: string) =>
    acted.filter((a) => a.entity === entity && /^\d+$/.test(a.entityId ?? '')).map((a) => Number(a.entityId));
  const [orderIds, complaintIds] = [ids('order'), ids('complaint')];
  const [ofOrders, ofComplaints] = await Promise.all([
    orderIds.length
      ? db.select({ id: loanOrders.borrowerId }).from(loanOrders).where(inArray(loanOrders.id, orderIds))
      : [],
    complaintIds.length
      ? db.select({ id: complaints.borrowerId }).from(complaints).where(inArray(complaints.id, complaintIds))
      : [],
  ]);
  return [...new Set([...viewed, ...ofOrders, ...ofComplaints].map((r) => r.id))].sort((a, b) => a - b);
}

/** The draft notice to the people affected (NPC Circular 16-03 §18: nature, data, measures, contact). */
export function draftNotice(what: string, foundAt: Date, dpoContact: string) {
  const day = foundAt.toISOString().slice(0, 10);
  return {
    en:
      `Hiram: On ${day} we found a personal data breach that may involve your data: ${what} ` +
      'We have contained it and are taking steps so it does not happen again. Watch for messages asking for your ' +
      `codes or passwords; Hiram never asks for them. Questions: ${dpoContact}.`,
    fil:
      `Hiram: Noong ${day} may natuklasan kaming paglabag sa personal na datos na maaaring may kinalaman sa iyong datos: ${what} ` +
      'Napigilan na namin ito at kumikilos kami para hindi na maulit. Mag-ingat sa mga mensaheng humihingi ng iyong code o ' +
      `password; hindi ito hinihingi ng Hiram. Mga tanong: ${dpoContact}.`,
  };
}

type Row = typeof breachRecords.$inferSelect;

async function view(db: Db, row: Row, now: Date, dpoContact: string) {
  const people = row.affected.length
    ? await db
        .select({ borrowerId: borrowers.id, phone: borrowers.phone, name: borrowers.fullName })
        .from(borrowers)
        .where(inArray(borrowers.id, row.affected))
    : [];
  const notifyBy = new Date(row.foundAt.getTime() + NOTIFY_HOURS * HOUR_MS);
  return {
    id: row.id,
    what: row.what,
    foundAt: row.foundAt.toISOString(),
    fromAt: row.fromAt.toISOString(),
    toAt: row.toAt.toISOString(),
    actor: row.actor,
    notifyBy: notifyBy.toISOString(),
    hoursLeft: Math.round(((notifyBy.getTime() - now.getTime()) / HOUR_MS) * 10) / 10,
    recordedBy: row.recordedBy,
    affected: people.map((p) => ({ ...p, name: p.name ?? '' })),
    notice: draftNotice(row.what, row.foundAt, dpoContact),
  };
}

export async function recordBreach(
  db: Db,
  input: { what: string; foundAt: string; fromAt: string; toAt: string; actor?: string },
  recordedBy: string,
  now: Date,
  dpoContact: string,
) {
  const [foundAt, fromAt, toAt] = [new Date(input.foundAt), new Date(input.fromAt), new Date(input.toAt)];
  if (fromAt > toAt) throw new AppError(Code.BAD_REQUEST, 'From must be before To', { field: 'fromAt' });
  if (foundAt > now) throw new AppError(Code.BAD_REQUEST, 'When found cannot be in the future', { field: 'foundAt' });
  const actor = input.actor ? input.actor : null;
  const affected = await affectedBorrowers(db, fromAt, toAt, actor ?? undefined);
  const [row] = await db
    .insert(breachRecords)
    .values({ what: input.what, foundAt, fromAt, toAt, actor, affected, recordedBy })
    .returning();
  return view(db, row!, now, dpoContact);
}

export async function breachList(db: Db, now: Date, dpoContact: string) {
  const rows = await db.select().from(breachRecords).orderBy(desc(breachRecords.id)).limit(50);
  return { list: await Promise.all(rows.map((r) => view(db, r, now, dpoContact))) };
}
