import { and, desc, eq, ilike, inArray, like, or, type SQL, sql } from 'drizzle-orm';
import type { BorrowerHit } from '../../../../shared/contracts/back-office-borrowers';
import { offsetOf } from '../../../../shared/contracts/desk-page';
import { contractNumberQuery } from '../../../../shared/format/contract-number';
import type { Db } from '../../../db/client';
import { applicationAnswers, borrowers, loanOrders, payments, payoutAccounts } from '../../../db/schema';
import { outerColumn } from '../../../db/outer-column';

/** `%text%` with the LIKE wildcards the operator typed taken literally. */
const contains = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** A mobile typed as +63 917…, 63917… or 917… becomes the stored 0917…; anything else stays as typed. */
export function phoneQuery(text: string): string {
  const digits = text.replace(/[\s-]/g, '').replace(/^\+/, '');
  if (/^63\d{10}$/.test(digits)) return `0${digits.slice(2)}`;
  if (/^9\d{9}$/.test(digits)) return `0${digits}`;
  return digits;
}

/** An ID number compared on letters and digits only, any case (as the duplicate signal compares it). */
export const idNumberKey = (text: string) => text.replace(/[^A-Za-z0-9]/g, '').toUpperCase();
const ID_NUMBER_KEY = sql`upper(regexp_replace(${applicationAnswers.answers}->>'idNumber', '[^A-Za-z0-9]', '', 'g'))`;

/**
 * Borrowers by contract number in any form, payment reference, ID number, payout account, name or
 * mobile: exact matches (each names one borrower or a few) first, then names and parts of mobiles,
 * newest borrower first; one page of them with how many match in all.
 */
export async function searchBorrowerPage(
  db: Db,
  { q, page, pageSize }: { q: string; page: number; pageSize: number },
): Promise<{ list: BorrowerHit[]; total: number }> {
  const exact = new Map<number, string>();
  const note = (rows: { borrowerId: number; label: string }[]) => {
    for (const { borrowerId, label } of rows) if (!exact.has(borrowerId)) exact.set(borrowerId, label);
  };
  const contract = contractNumberQuery(q) ?? q.toUpperCase();
  const phone = phoneQuery(q);
  const idKey = idNumberKey(q);
  const accounts = [...new Set([q, phone, q.replace(/[\s-]/g, '')])];
  const [byOrder, byPayment, byId, byAccount] = await Promise.all([
    db
      .select({ borrowerId: loanOrders.borrowerId, orderNo: loanOrders.orderNo })
      .from(loanOrders)
      .where(eq(loanOrders.orderNo, contract))
      .limit(1),
    db
      .select({ borrowerId: loanOrders.borrowerId, reference: payments.reference, orderNo: loanOrders.orderNo })
      .from(payments)
      .innerJoin(loanOrders, eq(loanOrders.id, payments.orderId))
      .where(eq(payments.reference, q))
      .limit(20),
    idKey.length >= 5
      ? db
          .select({ borrowerId: applicationAnswers.borrowerId })
          .from(applicationAnswers)
          .where(and(eq(applicationAnswers.section, 'public'), eq(ID_NUMBER_KEY, idKey)))
          .limit(20)
      : [],
    db
      .select({ borrowerId: payoutAccounts.borrowerId, accountNo: payoutAccounts.accountNo })
      .from(payoutAccounts)
      .where(inArray(payoutAccounts.accountNo, accounts))
      .limit(20),
  ]);
  note(byOrder.map((r) => ({ borrowerId: r.borrowerId, label: `contract ${r.orderNo}` })));
  note(byPayment.map((r) => ({ borrowerId: r.borrowerId, label: `payment ${r.reference} on ${r.orderNo}` })));
  note(byId.map((r) => ({ borrowerId: r.borrowerId, label: 'ID number' })));
  note(byAccount.map((r) => ({ borrowerId: r.borrowerId, label: `payout account ${r.accountNo}` })));

  const exactIds = [...exact.keys()];
  const byPhone = /^\d{3,11}$/.test(phone);
  const condition = or(
    exactIds.length > 0 ? inArray(borrowers.id, exactIds) : undefined,
    ilike(borrowers.fullName, contains(q)),
    byPhone ? like(borrowers.phone, contains(phone)) : undefined,
  ) as SQL;
  const exactFirst = exactIds.length > 0 ? sql`case when ${inArray(borrowers.id, exactIds)} then 0 else 1 end` : sql`1`;
  const orderCount = sql<number>`(select count(*)::int from loan_orders o where o.borrower_id = ${outerColumn(borrowers.id)})`;
  const [rows, [count]] = await Promise.all([
    db
      .select({ borrowerId: borrowers.id, fullName: borrowers.fullName, phone: borrowers.phone, orders: orderCount })
      .from(borrowers)
      .where(condition)
      .orderBy(exactFirst, desc(borrowers.id))
      .limit(pageSize)
      .offset(offsetOf({ page, pageSize })),
    db.select({ total: sql<number>`count(*)::int` }).from(borrowers).where(condition),
  ]);
  const list = rows.map((row) => ({
    ...row,
    matched:
      byPhone && row.phone === phone
        ? 'mobile'
        : (exact.get(row.borrowerId) ?? (byPhone && row.phone.includes(phone) ? 'mobile' : 'name')),
  }));
  return { list, total: Number(count?.total ?? 0) };
}

/** The first borrowers a search names (the audit log's borrower filter reads them). */
export async function searchBorrowers(db: Db, q: string): Promise<BorrowerHit[]> {
  return (await searchBorrowerPage(db, { q, page: 1, pageSize: 50 })).list;
}
