import { and, desc, eq, ilike, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { auditLog, complaints, loanOrders, staff } from '../../db/schema';
import { type AuditNames, type AuditRow, auditChanges, auditSentence } from './audit-sentences';
import { searchBorrowers } from './borrowers/borrower-search';

export interface AuditFilter {
  /** A contract number (order number). */
  order?: string;
  /** A borrower's name or mobile. */
  borrower?: string;
  /** A staff member's name or e-mail. */
  staff?: string;
  page: number;
  pageSize: number;
}

const like = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Entries about these borrowers: their orders and their complaints. */
export function aboutBorrowers(borrowerIds: number[]): SQL {
  if (borrowerIds.length === 0) return sql`false`;
  const ids = sql.join(
    borrowerIds.map((id) => sql`${id}`),
    sql`, `,
  );
  return sql`(
    (${auditLog.entity} = 'order' and ${auditLog.entityId} in (select o.id::text from loan_orders o where o.borrower_id in (${ids})))
    or (${auditLog.entity} = 'complaint' and ${auditLog.entityId} in (select c.id::text from complaints c where c.borrower_id in (${ids}))))`;
}

async function orderCondition(db: Db, orderNo: string): Promise<SQL> {
  const [order] = await db
    .select({ id: loanOrders.id })
    .from(loanOrders)
    .where(eq(sql`upper(${loanOrders.orderNo})`, orderNo.toUpperCase()));
  if (!order) return sql`false`;
  const complaintIds = await db
    .select({ id: complaints.id })
    .from(complaints)
    .where(eq(sql`upper(${complaints.orderNo})`, orderNo.toUpperCase()));
  return or(
    and(eq(auditLog.entity, 'order'), eq(auditLog.entityId, String(order.id))),
    complaintIds.length
      ? and(
          eq(auditLog.entity, 'complaint'),
          inArray(
            auditLog.entityId,
            complaintIds.map((c) => String(c.id)),
          ),
        )
      : undefined,
  ) as SQL;
}

async function staffCondition(db: Db, who: string): Promise<SQL> {
  const members = await db
    .select({ email: staff.email })
    .from(staff)
    .where(or(ilike(staff.name, like(who)), ilike(staff.email, like(who))));
  return or(
    ilike(auditLog.actor, like(who)),
    members.length
      ? inArray(
          auditLog.actor,
          members.map((m) => m.email),
        )
      : undefined,
  ) as SQL;
}

/** Staff names by e-mail and contract numbers by order id, for the entries shown. */
export async function namesFor(db: Db, rows: AuditRow[]): Promise<AuditNames> {
  const members = await db.select({ email: staff.email, name: staff.name }).from(staff);
  const orderIds = [
    ...new Set(
      rows.filter((r) => r.entity === 'order' && r.entityId && /^\d+$/.test(r.entityId)).map((r) => Number(r.entityId)),
    ),
  ];
  const orders = orderIds.length
    ? await db
        .select({ id: loanOrders.id, orderNo: loanOrders.orderNo })
        .from(loanOrders)
        .where(inArray(loanOrders.id, orderIds))
    : [];
  return {
    staff: new Map(members.map((m) => [m.email, m.name])),
    orders: new Map(orders.map((o) => [String(o.id), o.orderNo])),
  };
}

/** The audit log as sentences, newest first, filtered by contract, borrower and staff member, a page at a time. */
export async function readableAudit(db: Db, filter: AuditFilter) {
  const where: SQL[] = [];
  if (filter.order) where.push(await orderCondition(db, filter.order));
  if (filter.borrower)
    where.push(aboutBorrowers((await searchBorrowers(db, filter.borrower)).map((hit) => hit.borrowerId)));
  if (filter.staff) where.push(await staffCondition(db, filter.staff));
  const condition = where.length ? and(...where) : undefined;
  const [count] = await db.select({ n: sql<number>`count(*)::int` }).from(auditLog).where(condition);
  const rows = await db
    .select()
    .from(auditLog)
    .where(condition)
    .orderBy(desc(auditLog.id))
    .limit(filter.pageSize)
    .offset((filter.page - 1) * filter.pageSize);
  const names = await namesFor(db, rows);
  return {
    total: count?.n ?? 0,
    list: rows.map((row) => ({
      id: row.id,
      at: row.at.toISOString(),
      actor: row.actor,
      action: row.action,
      sentence: auditSentence(row, names),
      changes: auditChanges(row.before, row.after),
    })),
  };
}
