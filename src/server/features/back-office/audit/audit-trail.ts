import { and, desc, eq, ilike, inArray, lt, ne, or, type SQL, sql } from 'drizzle-orm';
import { type AuditFilter, REFUSED_ACTION } from '../../../../shared/contracts/back-office-audit-log';
import type { Db } from '../../../db/client';
import { auditLog, complaints, loanOrders, staff } from '../../../db/schema';
import { contractsOfPayments, paymentIdsOf } from '../../../money';
import { searchBorrowers } from '../borrowers/borrower-search';
import { fieldChanges } from './audit-fields';
import { type AuditNames, type AuditRow, actionPhrase, auditSentence, orderIdOf } from './audit-sentences';
import { outerColumn } from '../../../db/outer-column';

const like = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

const ids = (values: (string | number)[]) =>
  sql.join(
    values.map((id) => sql`${String(id)}`),
    sql`, `,
  );

/** Entries about these borrowers: their orders and their complaints. */
export function aboutBorrowers(borrowerIds: number[]): SQL {
  if (borrowerIds.length === 0) return sql`false`;
  const list = sql.join(
    borrowerIds.map((id) => sql`${id}`),
    sql`, `,
  );
  return sql`(
    (${outerColumn(auditLog.entity)} = 'order' and ${outerColumn(auditLog.entityId)} in (select o.id::text from loan_orders o where o.borrower_id in (${list})))
    or (${outerColumn(auditLog.entity)} = 'complaint' and ${outerColumn(auditLog.entityId)} in (select c.id::text from complaints c where c.borrower_id in (${list}))))`;
}

/** Entries about one contract: the order itself, its payments (reversals asked and refused) and its complaints. */
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
  const paymentIds = await paymentIdsOf(db, order.id);
  return or(
    and(eq(auditLog.entity, 'order'), eq(auditLog.entityId, String(order.id))),
    complaintIds.length
      ? and(eq(auditLog.entity, 'complaint'), sql`${auditLog.entityId} in (${ids(complaintIds.map((c) => c.id))})`)
      : undefined,
    paymentIds.length
      ? and(eq(auditLog.entity, 'payment'), sql`${auditLog.entityId} in (${ids(paymentIds)})`)
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

const manilaDay = sql`((${auditLog.at}) at time zone 'Asia/Manila')::date`;

/** The filters as one condition, run over the whole log on the server. */
async function conditionOf(db: Db, filter: AuditFilter): Promise<SQL | undefined> {
  const where: SQL[] = [];
  if (filter.order) where.push(await orderCondition(db, filter.order));
  if (filter.borrower)
    where.push(aboutBorrowers((await searchBorrowers(db, filter.borrower)).map((hit) => hit.borrowerId)));
  if (filter.staff) where.push(await staffCondition(db, filter.staff));
  if (filter.action === REFUSED_ACTION) where.push(eq(auditLog.entity, 'refused'));
  else if (filter.action) where.push(and(eq(auditLog.action, filter.action), ne(auditLog.entity, 'refused')) as SQL);
  if (filter.from) where.push(sql`${manilaDay} >= ${filter.from}::date`);
  if (filter.to) where.push(sql`${manilaDay} <= ${filter.to}::date`);
  return where.length ? and(...where) : undefined;
}

/** Staff names by e-mail and contract numbers by order id and payment id, for the entries shown. */
export async function namesFor(db: Db, rows: AuditRow[]): Promise<AuditNames> {
  const members = await db.select({ email: staff.email, name: staff.name }).from(staff);
  const orderIds = [
    ...new Set(
      rows
        .map(orderIdOf)
        .filter((id): id is string => id !== null && /^\d+$/.test(id))
        .map(Number),
    ),
  ];
  const orders = orderIds.length
    ? await db
        .select({ id: loanOrders.id, orderNo: loanOrders.orderNo })
        .from(loanOrders)
        .where(inArray(loanOrders.id, orderIds))
    : [];
  const paymentIds = rows
    .filter((r) => r.entity === 'payment' && r.entityId && /^\d+$/.test(r.entityId))
    .map((r) => Number(r.entityId));
  const payments = await contractsOfPayments(db, [...new Set(paymentIds)]);
  return {
    staff: new Map(members.map((m) => [m.email, m.name])),
    orders: new Map(orders.map((o) => [String(o.id), o.orderNo])),
    payments: new Map([...payments].map(([id, orderNo]) => [String(id), orderNo])),
  };
}

/** An entry as a person reads it: when (Manila), who, the sentence, and each field before → after. */
async function readable(db: Db, rows: AuditRow[]) {
  const names = await namesFor(db, rows);
  return rows.map((row) => ({
    id: row.id,
    at: row.at.toISOString(),
    actor: names.staff.get(row.actor) ?? row.actor,
    action: row.action,
    what: actionPhrase(row.action),
    sentence: auditSentence(row, names),
    changes: fieldChanges(row.before, row.after),
  }));
}

/** The audit log as sentences, newest first, filtered by contract, borrower, staff member, action and dates, a page at a time. */
export async function readableAudit(db: Db, filter: AuditFilter & { page: number; pageSize: number }) {
  const condition = await conditionOf(db, filter);
  const [count] = await db.select({ n: sql<number>`count(*)::int` }).from(auditLog).where(condition);
  const rows = await db
    .select()
    .from(auditLog)
    .where(condition)
    .orderBy(desc(auditLog.id))
    .limit(filter.pageSize)
    .offset((filter.page - 1) * filter.pageSize);
  return { total: count?.n ?? 0, list: await readable(db, rows) };
}

/** The same entries for the CSV, newest first, a batch at a time on a keyset cursor (`id < last`). */
export async function* readableAuditBatches(db: Db, filter: AuditFilter, size = 500) {
  const condition = await conditionOf(db, filter);
  let before = Number.MAX_SAFE_INTEGER;
  for (;;) {
    const rows = await db
      .select()
      .from(auditLog)
      .where(and(condition, lt(auditLog.id, before)))
      .orderBy(desc(auditLog.id))
      .limit(size);
    if (rows.length) yield await readable(db, rows);
    if (rows.length < size) return;
    before = rows[rows.length - 1]?.id ?? 0;
  }
}
