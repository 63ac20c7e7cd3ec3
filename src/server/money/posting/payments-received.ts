import { and, asc, eq, gte, lte } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { payments } from '../../db/schema';
import type { IsoDate } from '../../domain/loan';

/**
 * The payments posted on a loan (not reversed) whose value date falls in a range of days, oldest
 * first. Read only: what collections compares a promise to pay with.
 */
export async function paymentsReceived(
  db: Db,
  orderId: number,
  from: IsoDate,
  through: IsoDate,
): Promise<{ id: number; amount: number; valueDate: IsoDate }[]> {
  const rows = await db
    .select({ id: payments.id, amount: payments.amount, valueDate: payments.valueDate })
    .from(payments)
    .where(
      and(
        eq(payments.orderId, orderId),
        eq(payments.status, 'posted'),
        gte(payments.valueDate, from),
        lte(payments.valueDate, through),
      ),
    )
    .orderBy(asc(payments.valueDate), asc(payments.id));
  return rows.map((row) => ({ ...row, valueDate: row.valueDate as IsoDate }));
}
