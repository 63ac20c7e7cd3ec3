import { and, asc, eq, sql } from 'drizzle-orm';
import type { QueuedOrder } from '../../../../shared/contracts/back-office-queues';
import type { Db } from '../../../db/client';
import { borrowers, loanOrders, products } from '../../../db/schema';

const QUEUE_LIMIT = 200;

/** Orders in one status (or the one order `orderId`, if it is in it) with the borrower, the product and the quote they accepted, oldest first. */
export async function ordersInStatus(db: Db, status: number, orderId?: number): Promise<QueuedOrder[]> {
  const rows = await db
    .select({
      order: loanOrders,
      phone: borrowers.phone,
      fullName: borrowers.fullName,
      productName: products.name,
      payoutAccount: sql<string | null>`(
        select case when length(a.account_no) > 4 then '•••• ' || right(a.account_no, 4) else a.account_no end
        from payout_accounts a where a.borrower_id = ${loanOrders.borrowerId} order by a.id desc limit 1)`,
    })
    .from(loanOrders)
    .innerJoin(borrowers, eq(borrowers.id, loanOrders.borrowerId))
    .innerJoin(products, eq(products.id, loanOrders.productId))
    .where(and(eq(loanOrders.status, status), orderId === undefined ? undefined : eq(loanOrders.id, orderId)))
    .orderBy(asc(loanOrders.createdAt), asc(loanOrders.id))
    .limit(QUEUE_LIMIT);
  return rows.map(({ order, phone, fullName, productName, payoutAccount }) => {
    const quote = (order.quote ?? {}) as {
      netProceeds?: number;
      totals?: { totalRepayable?: number };
      firstPayTime?: string;
    };
    return {
      orderId: order.id,
      orderNo: order.orderNo,
      borrowerId: order.borrowerId,
      status: order.status,
      createdAt: order.createdAt.toISOString(),
      phone,
      fullName,
      borrowerKind: order.borrowerKind,
      productName,
      amount: order.amount,
      termDays: order.termDays,
      periods: order.periods,
      netProceeds: quote.netProceeds ?? null,
      totalRepayable: quote.totals?.totalRepayable ?? null,
      firstPayTime: quote.firstPayTime ?? null,
      payoutAccount,
    };
  });
}
