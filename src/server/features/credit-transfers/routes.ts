import { eq, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import * as contract from '../../../shared/contracts/credit-transfers';
import type { TransferRow } from '../../../shared/contracts/credit-transfers';
import { formatMoney } from '../../../shared/format/money';
import type { AppContext } from '../../app-context';
import type { Db } from '../../db/client';
import { borrowers, creditTransfers, loanOrders } from '../../db/schema';
import { registerCall } from '../../http/register-call';
import { replyTexts } from '../../i18n/reply-texts';
import { approveTransfer, rejectTransfer, requestTransfer, type Transfer } from '../../money';
import { outerColumn } from '../../db/outer-column';

const LIMIT = 200;

/** Requests as finance reads them, those waiting first (oldest first), then the latest decided. */
async function transferRows(db: Db, ids?: number[]): Promise<TransferRow[]> {
  const rows = await db
    .select({
      t: creditTransfers,
      fromOrderNo: sql<string>`(select o.order_no from loan_orders o where o.id = ${outerColumn(creditTransfers.fromOrderId)})`,
      toOrderNo: loanOrders.orderNo,
      fullName: borrowers.fullName,
      phone: borrowers.phone,
    })
    .from(creditTransfers)
    .innerJoin(loanOrders, eq(loanOrders.id, creditTransfers.toOrderId))
    .innerJoin(borrowers, eq(borrowers.id, creditTransfers.borrowerId))
    .where(ids ? inArray(creditTransfers.id, ids) : undefined)
    .orderBy(
      sql`${creditTransfers.status} = 'requested' desc`,
      sql`case when ${creditTransfers.status} = 'requested' then ${creditTransfers.id} else -${creditTransfers.id} end`,
    )
    .limit(LIMIT);
  return rows.map(({ t, fromOrderNo, toOrderNo, fullName, phone }) => ({
    id: t.id,
    reference: t.reference,
    fromOrderNo,
    toOrderNo,
    fullName,
    phone,
    amount: t.amount,
    status: t.status as TransferRow['status'],
    consentedAt: t.consentedAt.toISOString(),
    decidedBy: t.decidedBy,
    reason: t.reason,
  }));
}

/** The borrower's request to use a settled loan's credit on their running loan, and finance's decision on it. */
export function creditTransferRoutes(app: FastifyInstance, { db, clock }: AppContext): void {
  const rowOf = async (transfer: Transfer) => {
    const [row] = await transferRows(db, [transfer.id]);
    if (!row) throw new Error('credit transfer not found after it was stored');
    return row;
  };
  const audited = (transfer: Transfer) => ({
    entity: 'order',
    entityId: transfer.fromOrderId,
    before: { creditTransfer: transfer.reference, status: 'requested' },
    after: {
      creditTransfer: transfer.reference,
      status: transfer.status,
      amount: transfer.amount,
      toOrderId: transfer.toOrderId,
      ...(transfer.reason ? { reason: transfer.reason } : {}),
    },
  });

  registerCall(app, contract.applyCredit, async (input, { borrowerId, locale }) => {
    const transfer = await requestTransfer(db, borrowerId, input, clock.today());
    const [to] = await db
      .select({ orderNo: loanOrders.orderNo })
      .from(loanOrders)
      .where(eq(loanOrders.id, transfer.toOrderId));
    const message = replyTexts(locale)('order.creditAsked', {
      amount: formatMoney(transfer.amount),
      orderNo: to?.orderNo ?? '',
    });
    return { reference: transfer.reference, amount: transfer.amount, message };
  });
  registerCall(app, contract.list, async () => ({ list: await transferRows(db) }));
  registerCall(app, contract.approve, async ({ transferId }, { staffId, req }) => {
    const transfer = await approveTransfer(db, { transferId, actor: staffId }, clock.today());
    req.audit = audited(transfer);
    return { transfer: await rowOf(transfer) };
  });
  registerCall(app, contract.reject, async ({ transferId, reason }, { staffId, req }) => {
    const transfer = await rejectTransfer(db, { transferId, actor: staffId, reason });
    req.audit = audited(transfer);
    return { transfer: await rowOf(transfer) };
  });
}
