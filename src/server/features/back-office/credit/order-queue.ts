import { and, asc, desc, eq, type SQL, sql } from 'drizzle-orm';
import { offsetOf } from '../../../../shared/contracts/desk-page';
import type { QueuedOrder } from '../../../../shared/contracts/back-office-queues';
import type { Db } from '../../../db/client';
import { borrowers, loanOrders, products } from '../../../db/schema';
import { outerColumn } from '../../../db/outer-column';

const QUEUE_LIMIT = 200;

const orderRow = {
  order: loanOrders,
  phone: borrowers.phone,
  fullName: borrowers.fullName,
  productName: products.name,
  payoutAccount: sql<string | null>`(
    select case when length(a.account_no) > 4 then '•••• ' || right(a.account_no, 4) else a.account_no end
    from payout_accounts a where a.borrower_id = ${outerColumn(loanOrders.borrowerId)} order by a.id desc limit 1)`,
};

type OrderJoin = {
  order: typeof loanOrders.$inferSelect;
  phone: string;
  fullName: string | null;
  productName: string;
  payoutAccount: string | null;
};

function queuedOf({ order, phone, fullName, productName, payoutAccount }: OrderJoin): QueuedOrder {
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
}

/** Orders in one status (or the one order `orderId`, if it is in it) with the borrower, the product and the quote they accepted, oldest first. */
export async function ordersInStatus(db: Db, status: number, orderId?: number): Promise<QueuedOrder[]> {
  const rows = await db
    .select(orderRow)
    .from(loanOrders)
    .innerJoin(borrowers, eq(borrowers.id, loanOrders.borrowerId))
    .innerJoin(products, eq(products.id, loanOrders.productId))
    .where(and(eq(loanOrders.status, status), orderId === undefined ? undefined : eq(loanOrders.id, orderId)))
    .orderBy(asc(loanOrders.createdAt), asc(loanOrders.id))
    .limit(QUEUE_LIMIT);
  return rows.map(queuedOf);
}

const SORTS = { createdAt: loanOrders.createdAt, amount: loanOrders.amount, termDays: loanOrders.termDays } as const;

export interface OrderPage {
  page: number;
  pageSize: number;
  sort: keyof typeof SORTS;
  order: 'asc' | 'desc';
  /** A further condition on the order (e.g. its borrower carries a duplicate signal). */
  where?: SQL | undefined;
}

/** One page of the orders in a status, sorted on the server, with how many the whole filtered set holds. */
export async function pageOfOrders(
  db: Db,
  status: number,
  { page, pageSize, sort, order, where }: OrderPage,
): Promise<{ list: QueuedOrder[]; total: number }> {
  const condition = and(eq(loanOrders.status, status), where);
  const direction = order === 'asc' ? asc : desc;
  const [rows, [count]] = await Promise.all([
    db
      .select(orderRow)
      .from(loanOrders)
      .innerJoin(borrowers, eq(borrowers.id, loanOrders.borrowerId))
      .innerJoin(products, eq(products.id, loanOrders.productId))
      .where(condition)
      .orderBy(direction(SORTS[sort]), direction(loanOrders.id))
      .limit(pageSize)
      .offset(offsetOf({ page, pageSize })),
    db.select({ total: sql<number>`count(*)::int` }).from(loanOrders).where(condition),
  ]);
  return { list: rows.map(queuedOf), total: Number(count?.total ?? 0) };
}
