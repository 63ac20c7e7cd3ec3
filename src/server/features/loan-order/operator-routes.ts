import type { FastifyInstance } from 'fastify';
import * as contract from '../../../shared/contracts/operator-loans';
import { manilaToday } from '../../../shared/format/date';
import type { AppContext } from '../../app-context';
import { registerCall } from '../../http/register-call';
import { runCloseOfBusiness } from './close-of-business';
import { decide, disburse } from './lifecycle';
import { postPayment } from './payment-posting';

/** Issue 3 §5: the operator API for approve, reject, disbursement, manual payment and close of business. */
export function operatorLoanRoutes(app: FastifyInstance, { db }: AppContext): void {
  registerCall(app, contract.approve, async ({ orderId }, { staffId }) => {
    const order = await decide(db, orderId, { approve: true, actor: staffId }, manilaToday());
    return { orderId: order.id, status: order.status };
  });
  registerCall(app, contract.reject, async ({ orderId, reason }, { staffId }) => {
    const order = await decide(db, orderId, { approve: false, reason, actor: staffId }, manilaToday());
    return { orderId: order.id, status: order.status };
  });
  registerCall(app, contract.disburse, async ({ orderId, disbursalDate }, { staffId }) => {
    const order = await disburse(db, orderId, staffId, disbursalDate ?? manilaToday());
    return { orderId: order.id, status: order.status };
  });
  registerCall(app, contract.manualPayment, async (input, { staffId }) =>
    postPayment(db, { ...input, provider: 'manual', postedBy: staffId }, manilaToday()),
  );
  registerCall(app, contract.closeOfBusiness, async ({ date }) => runCloseOfBusiness(db, date));
}
