import { desc, eq } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { cobRuns, loanOrders, payments } from '../../../db/schema';

const LIST_LIMIT = 200;

export async function listPayments(db: Db, orderNo: string | undefined) {
  const rows = await db
    .select({ payment: payments, orderNo: loanOrders.orderNo })
    .from(payments)
    .innerJoin(loanOrders, eq(loanOrders.id, payments.orderId))
    .where(orderNo ? eq(loanOrders.orderNo, orderNo) : undefined)
    .orderBy(desc(payments.id))
    .limit(LIST_LIMIT);
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
