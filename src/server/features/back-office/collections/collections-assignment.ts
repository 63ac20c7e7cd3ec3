import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { collectionAssignments, collectorAbsences, loanOrders, staff } from '../../../db/schema';
import { dealLoans } from '../../../collections/assignment-rules';
import { daysPastDue, manilaClock } from '../../../collections/contact-rules';
import type { IsoDate } from '../../../domain/loan';
import { AppError } from '../../../http/app-error';
import { Code } from '../../../../shared/codes';
import { IN_COLLECTION } from './collections-queue';
import { outerColumn } from '../../../db/outer-column';

/** Advisory-lock namespace of the dealing (a constant no other feature uses). */
const DEAL_LOCK_NAMESPACE = 8_021;

/** The outer row's id, qualified (db/outer-column.ts). */
const STAFF_ID = outerColumn(staff.id);

/** Active staff with the collections role, and whether each is away on `day`. */
export async function collectorsOn(db: Db, day: IsoDate) {
  const rows = await db
    .select({
      staffId: staff.id,
      name: staff.name,
      away: sql<boolean>`exists (select 1 from ${collectorAbsences} a where a.staff_id = ${STAFF_ID} and a.from_day <= ${day}::date and a.until_day >= ${day}::date)`,
      loans: sql<number>`(select count(*)::int from ${collectionAssignments} c join ${loanOrders} o on o.id = c.order_id where c.staff_id = ${STAFF_ID} and o.status in (${sql.join(
        IN_COLLECTION.map((s) => sql`${s}`),
        sql`, `,
      )}))`,
    })
    .from(staff)
    .where(and(eq(staff.active, true), sql`'collections' = any(${staff.roles})`))
    .orderBy(staff.id);
  return rows.map((row) => ({ ...row, away: Boolean(row.away), loans: Number(row.loans) }));
}

/**
 * Deals the loans in collection to the collectors at work on `now`'s Manila day (see
 * `dealLoans`): new loans, and loans whose collector is away or no longer collects. Under an
 * advisory lock, so two desks reading at once deal once. Returns how many loans moved.
 */
export async function dealAssignments(db: Db, now: Date): Promise<number> {
  const today = manilaClock(now).day;
  const atWork = (await collectorsOn(db, today)).filter((c) => !c.away).map((c) => c.staffId);
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${DEAL_LOCK_NAMESPACE}::int, 0)`);
    const loans = await tx
      .select({ orderId: loanOrders.id, dueDate: loanOrders.dueDate, staffId: collectionAssignments.staffId })
      .from(loanOrders)
      .leftJoin(collectionAssignments, eq(collectionAssignments.orderId, loanOrders.id))
      .where(inArray(loanOrders.status, [...IN_COLLECTION]));
    const deals = dealLoans(
      loans.map((l) => ({ orderId: l.orderId, daysPastDue: daysPastDue(l.dueDate, today), staffId: l.staffId })),
      atWork,
    );
    for (const deal of deals) {
      await tx
        .insert(collectionAssignments)
        .values({ ...deal, assignedAt: now })
        .onConflictDoUpdate({
          target: collectionAssignments.orderId,
          set: { staffId: deal.staffId, reason: deal.reason, assignedAt: now },
        });
    }
    return deals.length;
  });
}

/** Records a collector away from one day through another and deals their loans to those at work. */
export async function markAway(
  db: Db,
  now: Date,
  actor: string,
  input: { staffId: number; fromDay: string; untilDay: string },
): Promise<number> {
  const [collector] = await db
    .select({ id: staff.id })
    .from(staff)
    .where(and(eq(staff.id, input.staffId), sql`'collections' = any(${staff.roles})`));
  if (!collector) throw new AppError(Code.NOT_FOUND, 'No collector with this id');
  await db.insert(collectorAbsences).values({ ...input, actor });
  return dealAssignments(db, now);
}
