import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import * as contract from '../../../shared/contracts/operator-loans';
import { manilaToday } from '../../../shared/format/date';
import type { AppContext } from '../../app-context';
import { loanOrders } from '../../db/schema';
import { registerCall } from '../../http/register-call';
import { runCloseOfBusiness } from './close-of-business';
import { decide, disburse } from './lifecycle';
import { postPayment } from './payment-posting';

/** Issue 3 §5: the operator API for approve, reject, disbursement, manual payment and close of business. */
export function operatorLoanRoutes(app: FastifyInstance, { db }: AppContext): void {
  /** The order as the audit log shows it before a staff action (issue 9). */
  const snapshot = async (orderId: number) => {
    const order = await db.query.loanOrders.findFirst({ where: eq(loanOrders.id, orderId) });
    return order ? { status: order.status, dueDate: order.dueDate, disbursedOn: order.disbursedOn } : null;
  };
  registerCall(app, contract.approve, async ({ orderId }, { staffId, req }) => {
    const before = await snapshot(orderId);
    const order = await decide(db, orderId, { approve: true, actor: staffId }, manilaToday());
    req.audit = { entity: 'order', entityId: orderId, before, after: { status: order.status } };
    return { orderId: order.id, status: order.status };
  });
  registerCall(app, contract.reject, async ({ orderId, reason }, { staffId, req }) => {
    const before = await snapshot(orderId);
    const order = await decide(db, orderId, { approve: false, reason, actor: staffId }, manilaToday());
    req.audit = { entity: 'order', entityId: orderId, before, after: { status: order.status, reason } };
    return { orderId: order.id, status: order.status };
  });
  registerCall(app, contract.disburse, async ({ orderId, disbursalDate }, { staffId, req }) => {
    const before = await snapshot(orderId);
    const order = await disburse(db, orderId, staffId, disbursalDate ?? manilaToday());
    req.audit = { entity: 'order', entityId: orderId, before, after: await snapshot(orderId) };
    return { orderId: order.id, status: order.status };
  });
  registerCall(app, contract.manualPayment, async (input, { staffId, req }) => {
    const before = await snapshot(input.orderId);
    const posted = await postPayment(db, { ...input, provider: 'manual', postedBy: staffId }, manilaToday());
    req.audit = { entity: 'order', entityId: input.orderId, before, after: { ...posted, reference: input.reference, amount: input.amount } };
    return posted;
  });
  registerCall(app, contract.closeOfBusiness, async ({ date }, { req }) => {
    const result = await runCloseOfBusiness(db, date);
    req.audit = { entity: 'closeOfBusiness', entityId: date, before: null, after: result };
    return result;
  });
}
