import { desc, eq, ilike, or, sql } from 'drizzle-orm';
import type { BorrowerHit } from '../../../../shared/contracts/back-office-borrowers';
import type { Db } from '../../../db/client';
import { borrowers, loanOrders, payments } from '../../../db/schema';

const HITS = 50;

/** `%text%` with the LIKE wildcards the operator typed taken literally. */
const contains = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** A mobile typed as +63 917…, 63917… or 917… becomes the stored 0917…; anything else stays as typed. */
export function phoneQuery(text: string): string {
  const digits = text.replace(/[\s-]/g, '').replace(/^\+/, '');
  if (/^63\d{10}$/.test(digits)) return `0${digits.slice(2)}`;
  if (/^9\d{9}$/.test(digits)) return `0${digits}`;
  return digits;
}

/**
 * Borrowers by name, mobile, contract number or payment reference, best match first: a contract
 * number or a payment reference names one borrower, a name or a part of a mobile may name many.
 */
export async function searchBorrowers(db: Db, q: string): Promise<BorrowerHit[]> {
  const orderCount = sql<number>`(select count(*)::int from loan_orders o where o.borrower_id = ${borrowers.id})`;
  const hits = new Map<number, BorrowerHit>();
  const add = (
    rows: { borrowerId: number; fullName: string | null; phone: string; orders: number }[],
    matched: (i: number) => string,
  ) =>
    rows.forEach((row, i) => {
      if (!hits.has(row.borrowerId)) hits.set(row.borrowerId, { ...row, matched: matched(i) });
    });
  const person = { borrowerId: borrowers.id, fullName: borrowers.fullName, phone: borrowers.phone, orders: orderCount };

  const byOrder = await db
    .select({ ...person, orderNo: loanOrders.orderNo })
    .from(loanOrders)
    .innerJoin(borrowers, eq(borrowers.id, loanOrders.borrowerId))
    .where(eq(sql`upper(${loanOrders.orderNo})`, q.toUpperCase()))
    .limit(1);
  add(byOrder, (i) => `contract ${byOrder[i]?.orderNo}`);

  const byPayment = await db
    .select({ ...person, reference: payments.reference, orderNo: loanOrders.orderNo })
    .from(payments)
    .innerJoin(loanOrders, eq(loanOrders.id, payments.orderId))
    .innerJoin(borrowers, eq(borrowers.id, loanOrders.borrowerId))
    .where(eq(payments.reference, q))
    .limit(HITS);
  add(byPayment, (i) => `payment ${byPayment[i]?.reference} on ${byPayment[i]?.orderNo}`);

  const phone = phoneQuery(q);
  const byPerson = await db
    .select(person)
    .from(borrowers)
    .where(
      or(
        ilike(borrowers.fullName, contains(q)),
        /^\d{3,11}$/.test(phone) ? ilike(borrowers.phone, contains(phone)) : undefined,
      ),
    )
    .orderBy(desc(borrowers.id))
    .limit(HITS);
  add(byPerson, (i) => (byPerson[i]?.phone.includes(phone) && /^\d+$/.test(phone) ? 'mobile' : 'name'));

  return [...hits.values()].slice(0, HITS);
}
