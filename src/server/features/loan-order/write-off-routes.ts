import type { FastifyInstance } from 'fastify';
import * as contract from '../../../shared/contracts/write-offs';
import type { AppContext } from '../../app-context';
import type { writeOffs } from '../../db/schema';
import { registerCall } from '../../http/register-call';
import { approveWriteOff, listWriteOffs, rejectWriteOff, requestWriteOff } from '../../money';

const rowOf = (w: typeof writeOffs.$inferSelect, orderNo: string): contract.WriteOffRow => ({
  id: w.id,
  orderNo,
  reason: w.reason,
  status: w.status as contract.WriteOffRow['status'],
  requestedBy: w.requestedBy,
  requestedAt: w.requestedAt.toISOString(),
  decidedBy: w.decidedBy,
  rejectReason: w.rejectReason,
  amount: w.amount,
  businessDate: w.businessDate,
});

/** Finance's write-offs: entered by one user, approved or rejected by another, each audited. */
export function writeOffRoutes(app: FastifyInstance, { db, clock }: AppContext): void {
  const orderNoOf = async (orderId: number) =>
    (await db.query.loanOrders.findFirst({ where: (o, { eq }) => eq(o.id, orderId) }))?.orderNo ?? '';
  registerCall(app, contract.requestWriteOff, async ({ orderNo, reason }, { staffId, req }) => {
    const { request, orderNo: no } = await requestWriteOff(db, { orderNo, reason, actor: staffId });
    req.audit = {
      entity: 'order',
      entityId: request.orderId,
      before: null,
      after: { writeOff: request.id, reason, status: 'pending' },
    };
    return { writeOff: rowOf(request, no) };
  });
  registerCall(app, contract.approveWriteOff, async ({ requestId }, { staffId, req }) => {
    const { request, duplicate } = await approveWriteOff(db, { requestId, actor: staffId }, clock.today());
    req.audit = {
      entity: 'order',
      entityId: request.orderId,
      before: null,
      after: { writeOff: request.id, status: 'approved', amount: request.amount },
    };
    return { writeOff: rowOf(request, await orderNoOf(request.orderId)), duplicate };
  });
  registerCall(app, contract.rejectWriteOff, async ({ requestId, reason }, { staffId, req }) => {
    const rejected = await rejectWriteOff(db, { requestId, actor: staffId, reason });
    req.audit = {
      entity: 'order',
      entityId: rejected.orderId,
      before: null,
      after: { writeOff: requestId, status: 'rejected', reason },
    };
    return { writeOff: rowOf(rejected, await orderNoOf(rejected.orderId)) };
  });
  registerCall(app, contract.writeOffs, async ({ status }) => ({
    list: (await listWriteOffs(db, status)).map((r) => rowOf(r.writeOff, r.orderNo)),
  }));
}
