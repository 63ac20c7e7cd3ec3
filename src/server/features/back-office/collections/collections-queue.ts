import { and, count, desc, eq, gte, inArray, lte, type SQL, sql } from 'drizzle-orm';
import { BUCKETS, type Bucket, type CollectionsRow } from '../../../../shared/contracts/back-office-collections';
import { OrderStatus } from '../../../../shared/order-status';
import type { Db } from '../../../db/client';
import { borrowers, collectionAssignments, loanOrders, products, staff } from '../../../db/schema';
import { accruePenaltiesTo, amountPastDue, type IsoDate, type LoanState } from '../../../domain/loan';
import { BUCKET_RANGES, bucketOf, daysPastDue, manilaClock, nextAllowed } from '../../../collections/contact-rules';
import { readLoanStateOrNull } from '../../../money';
import { outerColumn } from '../../../db/outer-column';

/** Loans in collection: due (174, the repayment window is open) and overdue (180). */
export const IN_COLLECTION: readonly number[] = [OrderStatus.DUE, OrderStatus.OVERDUE];

/** The mobile for collections and finance; anyone else reads the last four digits. */
export const phoneFor = (phone: string, full: boolean) =>
  full ? phone : `${'•'.repeat(Math.max(0, phone.length - 4))}${phone.slice(-4)}`;

const dpdOf = (today: IsoDate) => sql<number>`(${today}::date - coalesce(${loanOrders.dueDate}, ${today}::date))`;

function inBucket(bucket: Bucket, today: IsoDate): SQL {
  const [from, to] = BUCKET_RANGES[bucket];
  return (
    and(from === null ? undefined : gte(dpdOf(today), from), to === null ? undefined : lte(dpdOf(today), to)) ??
    sql`true`
  );
}

/** Installments past their due date and not paid, plus the charges owed (penalties accrued to today). */
export function pastDueOf(state: LoanState | null, today: IsoDate): number {
  if (!state) return 0;
  const now = accruePenaltiesTo(state, today);
  const { legalCharges, enforcementCosts, penalties, fees } = now.owed;
  return amountPastDue(now, today) + legalCharges + enforcementCosts + penalties + fees;
}

export interface QueueOptions {
  bucket?: Bucket | undefined;
  /** Only the loans assigned to this collector (their worklist). */
  collectorId?: number | null | undefined;
  dailyCap: number;
  fullPhones: boolean;
  page: number;
  pageSize: number;
}

/**
 * The collections queue at `now`: counts per bucket, and one page of the loans of one bucket (or
 * all), latest first, with how many there are in all; a collector's worklist is the same list of
 * the loans assigned to them.
 */
export async function collectionsQueue(
  db: Db,
  now: Date,
  { bucket, collectorId, dailyCap, fullPhones, page, pageSize }: QueueOptions,
) {
  const today = manilaClock(now).day;
  const inCollection = inArray(loanOrders.status, [...IN_COLLECTION]);
  const [counted] = await db
    .select(
      Object.fromEntries(
        BUCKETS.map((b) => [b, sql<number>`(count(*) filter (where ${inBucket(b, today)}))::int`]),
      ) as Record<Bucket, SQL<number>>,
    )
    .from(loanOrders)
    .where(inCollection);
  const counts = Object.fromEntries(BUCKETS.map((b) => [b, Number(counted?.[b] ?? 0)])) as Record<Bucket, number>;

  const mine = collectorId === undefined ? undefined : eq(collectionAssignments.staffId, collectorId ?? -1);
  const where = and(inCollection, bucket ? inBucket(bucket, today) : undefined, mine);
  const [all] = await db
    .select({ n: count() })
    .from(loanOrders)
    .leftJoin(collectionAssignments, eq(collectionAssignments.orderId, loanOrders.id))
    .where(where);
  const rows = await db
    .select({
      order: loanOrders,
      collector: staff.name,
      collectorId: staff.id,
      promiseAmount: sql<
        number | null
      >`(select p.amount from promises_to_pay p where p.order_id = ${outerColumn(loanOrders.id)} and p.status = 'open' order by p.id desc limit 1)`,
      promiseDay: sql<
        string | null
      >`(select p.promised_day::text from promises_to_pay p where p.order_id = ${outerColumn(loanOrders.id)} and p.status = 'open' order by p.id desc limit 1)`,
      fullName: borrowers.fullName,
      phone: borrowers.phone,
      productName: products.name,
      lastAtMs: sql<
        number | null
      >`(select (extract(epoch from max(a.attempted_at)) * 1000)::float8 from contact_attempts a where a.order_id = ${outerColumn(loanOrders.id)})`,
      lastOutcome: sql<
        string | null
      >`(select a.outcome from contact_attempts a where a.order_id = ${outerColumn(loanOrders.id)} order by a.attempted_at desc, a.id desc limit 1)`,
      attemptsToday: sql<number>`(select count(*)::int from contact_attempts a where a.order_id = ${outerColumn(loanOrders.id)} and a.manila_day = ${today}::date)`,
      consented: sql<boolean>`exists (select 1 from out_of_hours_consents c where c.borrower_id = ${outerColumn(loanOrders.borrowerId)} and c.revoked_at is null and c.expires_at > ${now.toISOString()}::timestamptz)`,
    })
    .from(loanOrders)
    .innerJoin(borrowers, eq(borrowers.id, loanOrders.borrowerId))
    .innerJoin(products, eq(products.id, loanOrders.productId))
    .leftJoin(collectionAssignments, eq(collectionAssignments.orderId, loanOrders.id))
    .leftJoin(staff, eq(staff.id, collectionAssignments.staffId))
    .where(where)
    .orderBy(desc(dpdOf(today)), desc(loanOrders.id))
    .limit(pageSize)
    .offset((page - 1) * pageSize);

  const items: CollectionsRow[] = rows.map(
    ({
      order,
      collector,
      collectorId: assignee,
      promiseAmount,
      promiseDay,
      fullName,
      phone,
      productName,
      lastAtMs,
      lastOutcome,
      attemptsToday,
      consented,
    }) => {
      const days = daysPastDue(order.dueDate, today);
      const next = nextAllowed(now, { daysPastDue: days, consented, attemptsToday, dailyCap });
      return {
        orderId: order.id,
        orderNo: order.orderNo,
        status: order.status,
        borrowerId: order.borrowerId,
        fullName,
        phone: phoneFor(phone, fullPhones),
        phoneMasked: !fullPhones,
        productName,
        dueDate: order.dueDate,
        daysPastDue: days,
        bucket: bucketOf(days),
        amountPastDue: pastDueOf(readLoanStateOrNull(order.loanState, order), today),
        consented: Boolean(consented),
        collector,
        collectorId: assignee,
        openPromise:
          promiseAmount === null || promiseDay === null
            ? null
            : { amount: Number(promiseAmount), promisedDay: promiseDay },
        attemptsToday: Number(attemptsToday),
        lastContactAt: lastAtMs === null ? null : new Date(Number(lastAtMs)).toISOString(),
        lastOutcome,
        nextAllowedAt: next.at.toISOString(),
        waitReason: next.reason,
      };
    },
  );
  return { counts, dailyCap, items, total: Number(all?.n ?? 0) };
}
