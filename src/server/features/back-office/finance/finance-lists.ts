import { and, asc, desc, eq, like, sql } from 'drizzle-orm';
import type { CallPayload } from '../../../../shared/api/define-call';
import type { payments as paymentsCall } from '../../../../shared/contracts/back-office-queues';
import { offsetOf } from '../../../../shared/contracts/desk-page';
import { contractNumberQuery } from '../../../../shared/format/contract-number';
import type { Db } from '../../../db/client';
import { cobRuns, loanOrders, payments } from '../../../db/schema';

const COB_RUNS = 60;

const PAYMENT_SORTS = {
  createdAt: payments.createdAt,
  amount: payments.amount,
  businessDate: payments.businessDate,
} as const;

/** `text%` with the LIKE wildcards taken literally. */
const startsWith = (text: string) => `${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** One page of the payments, filtered over the whole set (contract number in any form, reference, provider, status), with the total. */
export async function listPayments(db: Db, query: CallPayload<typeof paymentsCall>) {
  const { orderNo, reference, provider, status, sort, order } = query;
  const contract = orderNo ? (contractNumberQuery(orderNo) ?? orderNo.toUpperCase()) : undefined;
  const condition = and(
    contract ? eq(loanOrders.orderNo, contract) : undefined,
    reference ? like(payments.reference, startsWith(reference)) : undefined,
    provider ? eq(payments.provider, provider) : undefined,
    status ? eq(payments.status, status) : undefined,
  );
  const direction = order === 'asc' ? asc : desc;
  const [rows, [count]] = await Promise.all([
    db
      .select({ payment: payments, orderNo: loanOrders.orderNo })
      .from(payments)
      .innerJoin(loanOrders, eq(loanOrders.id, payments.orderId))
      .where(condition)
      .orderBy(direction(PAYMENT_SORTS[sort]), direction(payments.id))
      .limit(query.pageSize)
      .offset(offsetOf(query)),
    db
      .select({ total: sql<number>`count(*)::int` })
      .from(payments)
      .innerJoin(loanOrders, eq(loanOrders.id, payments.orderId))
      .where(condition),
  ]);
  const list = rows.map(({ payment, orderNo }) => ({
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
  return { list, total: Number(count?.total ?? 0) };
}

export async function listCobRuns(db: Db) {
  const rows = await db.select().from(cobRuns).orderBy(desc(cobRuns.businessDate)).limit(COB_RUNS);
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
