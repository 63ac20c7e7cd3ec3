import type { FastifyInstance } from 'fastify';
import * as contract from '../../../shared/contracts/legacy-repayment';
import type { AppContext } from '../../app-context';
import { registerCall } from '../../http/register-call';
import { legacyRepaymentService } from './legacy-repayment-service';

/** spec 000 §7 legacy calls: repayment-way, -commit, -confirm, -huichao (and our code resend). */
export function legacyRepaymentRoutes(app: FastifyInstance, { db, otp, payments, clock, rateClock }: AppContext): void {
  const service = legacyRepaymentService(db, otp, payments.provider, () => clock.today(), rateClock);
  registerCall(app, contract.repaymentWay, async ({ orderId }, { borrowerId }) => service.way(borrowerId, orderId));
  registerCall(app, contract.repaymentCommit, async (input, { borrowerId, req }) =>
    service.commit(borrowerId, input, req.ip, req.headers['accept-language']),
  );
  registerCall(app, contract.repaymentConfirm, async (input, { borrowerId }) => service.confirm(borrowerId, input));
  registerCall(app, contract.repaymentResendCode, async (input, { borrowerId, req }) =>
    service.resendCode(borrowerId, input, req.ip, req.headers['accept-language']),
  );
  registerCall(app, contract.repaymentHuichao, async (input, { borrowerId }) => service.huichao(borrowerId, input));
}
