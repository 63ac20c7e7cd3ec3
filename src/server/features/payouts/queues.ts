import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { CallPayload } from '../../../shared/api/define-call';
import { offsetOf } from '../../../shared/contracts/desk-page';
import type {
  CreditRow,
  DisbursalRow,
  PayoutRow,
  disbursals as disbursalsCall,
  history as historyCall,
} from '../../../shared/contracts/payouts';
import { contractNumberQuery } from '../../../shared/format/contract-number';
import { OrderStatus } from '../../../shared/order-status';
import type { Db } from '../../db/client';
import { borrowers, loanOrders, payoutAccounts, payouts } from '../../db/schema';
import { pageOfOrders } from '../back-office/credit/order-queue';
import {
  creditLeft,
  accountView,
  destinationOfAccount,
  type Payout,
  payoutView,
  readLoanStateOrNull,
} from '../../money';
import { outerColumn } from '../../db/outer-column';

const LIMIT = 200;

/** The latest payout of each order of `orderIds` of one kind, by order id. */
async function latestPayouts(db: Db, orderIds: number[], kind: 'disbursal' | 'refund'): Promise<Map<number, Payout>> {
  if (orderIds.length === 0) return new Map();
  const rows = await db
    .selectDistinctOn([payouts.orderId])
    .from(payouts)
    .where(and(inArray(payouts.orderId, orderIds), eq(payouts.kind, kind)))
    .orderBy(payouts.orderId, desc(payouts.id));
  return new Map(rows.map((p) => [p.orderId, p]));
}

/** Each borrower's current payout account (the latest bound) in full, by borrower id. */
async function accountsOf(db: Db, borrowerIds: number[]): Promise<Map<number, PayoutRow['account']>> {
  if (borrowerIds.length === 0) return new Map();
  const rows = await db
    .selectDistinctOn([payoutAccounts.borrowerId])
    .from(payoutAccounts)
    .where(inArray(payoutAccounts.borrowerId, borrowerIds))
    .orderBy(payoutAccounts.borrowerId, desc(payoutAccounts.createdAt), desc(payoutAccounts.id));
  const accounts = new Map<number, PayoutRow['account']>();
  for (const row of rows) {
    const destination = destinationOfAccount(row);
    if (destination) accounts.set(row.borrowerId, accountView(destination));
  }
  return accounts;
}

/** A contract number typed in any form (`84`, `HRM00000084`), as stored. */
const contractOf = (orderNo: string | undefined) =>
  orderNo ? (contractNumberQuery(orderNo) ?? orderNo.toUpperCase()) : undefined;

/**
 * One page of the approved loans (110) waiting for their money (oldest first unless sorted), each
 * with its account and latest disbursal payout, and how many wait in all.
 */
export async function disbursalQueue(
  db: Db,
  now: Date,
  query: CallPayload<typeof disbursalsCall>,
): Promise<{ list: DisbursalRow[]; total: number }> {
  const contract = contractOf(query.orderNo);
  const { list: orders, total } = await pageOfOrders(db, OrderStatus.APPROVED, {
    ...query,
    where: contract ? eq(loanOrders.orderNo, contract) : undefined,
  });
  const ids = orders.map((o) => o.orderId);
  const [latest, accounts] = await Promise.all([
    latestPayouts(db, ids, 'disbursal'),
    accountsOf(db, [...new Set(orders.map((o) => o.borrowerId))]),
  ]);
  const list = orders.map((order) => {
    const payout = latest.get(order.orderId);
    return {
      ...order,
      account: accounts.get(order.borrowerId) ?? null,
      payout: payout ? payoutView(payout, order.orderNo, now) : null,
    };
  });
  return { list, total };
}

/**
 * Loans holding credit (what payments paid over what was owed) or with refunds on record, the
 * ones with credit left first: credit, refunded, what is left, the account and the latest refund.
 */
export async function creditBalances(db: Db, now: Date): Promise<CreditRow[]> {
  const rows = await db
    .select({
      order: loanOrders,
      phone: borrowers.phone,
      fullName: borrowers.fullName,
      refunded: sql<string>`coalesce((select sum(p.amount) from payouts p where p.order_id = ${outerColumn(loanOrders.id)} and p.kind = 'refund' and p.status = 'succeeded'), 0)::text`,
      held: sql<string>`(coalesce((select sum(p.amount) from payouts p where p.order_id = ${outerColumn(loanOrders.id)} and p.kind = 'refund' and p.status in ('requested', 'approved', 'accepted', 'succeeded')), 0)
        + coalesce((select sum(t.amount) from credit_transfers t where t.from_order_id = ${outerColumn(loanOrders.id)} and t.status in ('requested', 'posted')), 0))::text`,
      applied: sql<string>`coalesce((select sum(t.amount) from credit_transfers t where t.from_order_id = ${outerColumn(loanOrders.id)} and t.status = 'posted'), 0)::text`,
    })
    .from(loanOrders)
    .innerJoin(borrowers, eq(borrowers.id, loanOrders.borrowerId))
    .where(
      sql`(${outerColumn(loanOrders.loanState)}->>'credit')::bigint > 0 or exists (select 1 from payouts p where p.order_id = ${outerColumn(loanOrders.id)} and p.kind = 'refund')`,
    )
    .orderBy(desc(loanOrders.id))
    .limit(LIMIT);
  const ids = rows.map((r) => r.order.id);
  const [latest, accounts] = await Promise.all([
    latestPayouts(db, ids, 'refund'),
    accountsOf(db, [...new Set(rows.map((r) => r.order.borrowerId))]),
  ]);
  const list = rows.map(({ order, phone, fullName, refunded, held, applied }) => {
    const credit = readLoanStateOrNull(order.loanState, order)?.credit ?? 0;
    const refund = latest.get(order.id);
    return {
      orderId: order.id,
      orderNo: order.orderNo,
      status: order.status,
      fullName,
      phone,
      credit,
      refunded: Number(refunded),
      applied: Number(applied),
      available: creditLeft(credit, Number(held)),
      account: accounts.get(order.borrowerId) ?? null,
      refund: refund ? payoutView(refund, order.orderNo, now) : null,
    };
  });
  return list.sort((a, b) => Number(b.available > 0) - Number(a.available > 0));
}

const PAYOUT_SORTS = { requestedAt: payouts.requestedAt, amount: payouts.amount } as const;

/** One page of the payouts (newest first unless sorted), filtered by contract, kind and status over the whole set, with the total. */
export async function payoutHistory(
  db: Db,
  query: CallPayload<typeof historyCall>,
  now: Date,
): Promise<{ list: PayoutRow[]; total: number }> {
  const contract = contractOf(query.orderNo);
  const condition = and(
    contract ? eq(loanOrders.orderNo, contract) : undefined,
    query.kind ? eq(payouts.kind, query.kind) : undefined,
    query.status ? eq(payouts.status, query.status) : undefined,
  );
  const direction = query.order === 'asc' ? asc : desc;
  const [rows, [count]] = await Promise.all([
    db
      .select({ payout: payouts, orderNo: loanOrders.orderNo })
      .from(payouts)
      .innerJoin(loanOrders, eq(loanOrders.id, payouts.orderId))
      .where(condition)
      .orderBy(direction(PAYOUT_SORTS[query.sort]), direction(payouts.id))
      .limit(query.pageSize)
      .offset(offsetOf(query)),
    db
      .select({ total: sql<number>`count(*)::int` })
      .from(payouts)
      .innerJoin(loanOrders, eq(loanOrders.id, payouts.orderId))
      .where(condition),
  ]);
  return { list: rows.map((r) => payoutView(r.payout, r.orderNo, now)), total: Number(count?.total ?? 0) };
}
