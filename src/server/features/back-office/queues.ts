import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { QueuedOrder } from '../../../shared/contracts/back-office-queues';
import type { Db } from '../../db/client';
import { borrowers, cobRuns, contactMessages, loanOrders, payments, products } from '../../db/schema';

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

export async function listPayments(db: Db, orderNo: string | undefined) {
  const rows = await db
    .select({ payment: payments, orderNo: loanOrders.orderNo })
    .from(payments)
    .innerJoin(loanOrders, eq(loanOrders.id, payments.orderId))
    .where(orderNo ? eq(loanOrders.orderNo, orderNo) : undefined)
    .orderBy(desc(payments.id))
    .limit(QUEUE_LIMIT);
  return rows.map(({ payment, orderNo }) => ({
    id: payment.id,
    orderId: payment.orderId,
    orderNo,
    provider: payment.provider,
    reference: payment.reference,
    kind: payment.kind,
    amount: payment.amount,
    businessDate: payment.businessDate,
    valueDate: payment.valueDate,
    status: payment.status,
    reversalReason: payment.reversalReason,
    allocation: payment.allocation,
    postedBy: payment.postedBy,
    createdAt: payment.createdAt.toISOString(),
  }));
}

export async function listCobRuns(db: Db) {
  const rows = await db.select().from(cobRuns).orderBy(desc(cobRuns.businessDate)).limit(60);
  return rows.map((run) => ({
    businessDate: run.businessDate,
    status: run.status,
    windowOpened: run.windowOpened,
    becameOverdue: run.becameOverdue,
    penaltiesAccrued: run.penaltiesAccrued,
    startedAt: run.startedAt.toISOString(),
    finishedAt: run.finishedAt?.toISOString() ?? null,
  }));
}

export async function listContactMessages(db: Db) {
  const rows = await db.select().from(contactMessages).orderBy(desc(contactMessages.id)).limit(QUEUE_LIMIT);
  return rows.map((m) => ({
    id: m.id,
    name: m.name,
    phone: m.phone,
    email: m.email,
    remark: m.remark,
    createdAt: m.createdAt.toISOString(),
  }));
}
