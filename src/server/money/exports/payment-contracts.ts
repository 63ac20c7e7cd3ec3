import { eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { loanOrders, payments } from '../../db/schema';

/** Read only: the contract number of each payment, by payment id (for the audit log's sentences). */
export async function contractsOfPayments(db: Db, paymentIds: number[]): Promise<Map<number, string>> {
  if (paymentIds.length === 0) return new Map();
  const rows = await db
    .select({ id: payments.id, orderNo: loanOrders.orderNo })
    .from(payments)
    .innerJoin(loanOrders, eq(loanOrders.id, payments.orderId))
    .where(inArray(payments.id, paymentIds));
  return new Map(rows.map((r) => [r.id, r.orderNo]));
}

/** Read only: the ids of a loan's payments, reversed ones included (for the audit log's contract filter). */
export async function paymentIdsOf(db: Db, orderId: number): Promise<number[]> {
  const rows = await db.select({ id: payments.id }).from(payments).where(eq(payments.orderId, orderId));
  return rows.map((r) => r.id);
}
