import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import * as contract from '../../../shared/contracts/operator-loans';
import type { AppContext } from '../../app-context';
import { loanOrders, type manualPostings } from '../../db/schema';
import { registerCall } from '../../http/register-call';
import {
  runCloseOfBusiness,
  decide,
  approveManualPosting,
  listManualPostings,
  rejectManualPosting,
  requestManualPosting,
  approveReversal,
  listReversals,
  rejectReversal,
  requestReversal,
} from '../../money';
import { approvalReason, keepInternalNote, rejectionReason } from '../back-office/credit/credit-decision';

const reversalRowOf = (r: Awaited<ReturnType<typeof listReversals>>[number]): contract.ReversalRow => ({
  id: r.request.id,
  paymentId: r.request.paymentId,
  orderNo: r.orderNo,
  reference: r.reference,
  provider: r.provider,
  amount: r.amount,
  reason: r.request.reason,
  status: r.request.status,
  requestedBy: r.request.requestedBy,
  requestedAt: r.request.requestedAt.toISOString(),
  decidedBy: r.request.decidedBy,
  rejectReason: r.request.rejectReason,
});

const rowOf = (p: typeof manualPostings.$inferSelect, orderNo: string): contract.ManualPostingRow => ({
  id: p.id,
  orderNo,
  reference: p.reference,
  amount: p.amount,
  kind: p.kind,
  valueDate: p.valueDate,
  status: p.status,
  requestedBy: p.requestedBy,
  requestedAt: p.requestedAt.toISOString(),
  decidedBy: p.decidedBy,
  paymentId: p.paymentId,
});

/** The operator API for approve, reject, manual payments, reversals and close of business (payouts: features/payouts). */
export function operatorLoanRoutes(app: FastifyInstance, { db, clock, config }: AppContext): void {
  /** The order as the audit log shows it before a staff action. */
  const snapshot = async (orderId: number) => {
    const order = await db.query.loanOrders.findFirst({ where: eq(loanOrders.id, orderId) });
    return order
      ? { orderNo: order.orderNo, status: order.status, dueDate: order.dueDate, disbursedOn: order.disbursedOn }
      : null;
  };
  registerCall(app, contract.approve, async ({ orderId, ...why }, { staffId, req }) => {
    const before = await snapshot(orderId);
    const reason = await approvalReason(db, orderId, why);
    const order = await decide(
      db,
      orderId,
      { approve: true, actor: staffId, ...(reason ? { reason } : {}) },
      clock.today(),
    );
    req.audit = {
      entity: 'order',
      entityId: orderId,
      before,
      after: { status: order.status, ...(reason ? { reason } : {}) },
    };
    return { orderId: order.id, status: order.status };
  });
  registerCall(app, contract.reject, async ({ orderId, internalNote, ...why }, { staffId, req }) => {
    const before = await snapshot(orderId);
    const reason = rejectionReason(why);
    const order = await decide(db, orderId, { approve: false, reason, actor: staffId }, clock.today());
    if (internalNote) await keepInternalNote(db, orderId, staffId, internalNote);
    req.audit = {
      entity: 'order',
      entityId: orderId,
      before,
      after: { status: order.status, reason, ...(internalNote ? { internalNote } : {}) },
    };
    return { orderId: order.id, status: order.status };
  });
  registerCall(app, contract.manualPayment, async (input, { staffId, req }) => {
    const { request, orderNo, duplicate } = await requestManualPosting(
      db,
      { ...input, actor: staffId },
      clock.today(),
      config.MANUAL_POSTING_TOLERANCE_CENTAVOS,
    );
    req.audit = {
      entity: 'order',
      entityId: request.orderId,
      before: null,
      after: {
        manualPosting: request.id,
        orderNo,
        reference: request.reference,
        amount: request.amount,
        status: request.status,
      },
    };
    return { posting: rowOf(request, orderNo), duplicate };
  });
  registerCall(app, contract.approveManualPayment, async ({ requestId }, { staffId, req }) => {
    const posted = await approveManualPosting(
      db,
      { requestId, actor: staffId },
      clock.today(),
      config.MANUAL_POSTING_TOLERANCE_CENTAVOS,
    );
    req.audit = {
      entity: 'order',
      entityId: posted.orderId,
      before: null,
      after: { manualPosting: requestId, ...posted },
    };
    return posted;
  });
  registerCall(app, contract.rejectManualPayment, async ({ requestId, reason }, { staffId, req }) => {
    const rejected = await rejectManualPosting(db, { requestId, actor: staffId, reason });
    const order = await snapshot(rejected.orderId);
    req.audit = {
      entity: 'order',
      entityId: rejected.orderId,
      before: null,
      after: { manualPosting: requestId, status: 'rejected', reason },
    };
    return { posting: rowOf(rejected, order?.orderNo ?? '') };
  });
  registerCall(app, contract.manualPayments, async ({ status }) => ({
    list: (await listManualPostings(db, status)).map((r) => rowOf(r.posting, r.orderNo)),
  }));
  registerCall(app, contract.reversePayment, async ({ paymentId, reason }, { staffId, req }) => {
    const { request, duplicate } = await requestReversal(db, { paymentId, reason, actor: staffId });
    const [row] = await listReversals(db, { id: request.id });
    if (!row) throw new Error('reversal request not listed');
    req.audit = {
      entity: 'payment',
      entityId: paymentId,
      before: null,
      after: { reversalRequest: request.id, reason, status: request.status },
    };
    return { reversal: reversalRowOf(row), duplicate };
  });
  registerCall(app, contract.approveReversal, async ({ requestId }, { staffId, req }) => {
    const { request, ...result } = await approveReversal(db, { requestId, actor: staffId }, clock.today());
    req.audit = {
      entity: 'order',
      entityId: result.orderId,
      before: null,
      after: { reversedPayment: result.paymentId, reversalRequest: request.id, orderStatus: result.orderStatus },
    };
    return result;
  });
  registerCall(app, contract.rejectReversal, async ({ requestId, reason }, { staffId, req }) => {
    const rejected = await rejectReversal(db, { requestId, actor: staffId, reason });
    const [row] = await listReversals(db, { id: rejected.id });
    if (!row) throw new Error('reversal request not listed');
    req.audit = {
      entity: 'payment',
      entityId: rejected.paymentId,
      before: null,
      after: { status: 'rejected', reason },
    };
    return { reversal: reversalRowOf(row) };
  });
  registerCall(app, contract.reversals, async ({ status }) => ({
    list: (await listReversals(db, { status })).map(reversalRowOf),
  }));
  registerCall(app, contract.closeOfBusiness, async ({ date }, { req }) => {
    const result = await runCloseOfBusiness(db, date, { today: clock.today() });
    req.audit = { entity: 'closeOfBusiness', entityId: date, before: null, after: result };
    return result;
  });
}
