import type { FastifyInstance } from 'fastify';
import * as contract from '../../../shared/contracts/records';
import type { AppContext } from '../../app-context';
import { registerCall } from '../../http/register-call';
import { recordsService } from './records-service';

/**
 * The borrower's records of an order (architecture.md: Loan engine and money): the schedule and
 * payments as the engine and the postings hold them, a receipt per payment, and the certificate of
 * full payment once settled. Only the borrower's own orders; another's answers like a missing one.
 */
export function recordsRoutes(app: FastifyInstance, { db, config, clock }: AppContext): void {
  const service = recordsService(db, config);
  registerCall(app, contract.orderRecords, async ({ orderId }, { borrowerId, locale }) =>
    service.order(borrowerId, orderId, clock.today(), locale),
  );
  registerCall(app, contract.paymentReceipt, async (input, { borrowerId, locale }) =>
    service.receipt(borrowerId, input, locale),
  );
  registerCall(app, contract.paymentCertificate, async ({ orderId }, { borrowerId }) =>
    service.certificate(borrowerId, orderId, clock.today()),
  );
}
