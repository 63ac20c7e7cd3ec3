import type { FastifyInstance } from 'fastify';
import * as contract from '../../../shared/contracts/amount-explained';
import { manilaToday } from '../../../shared/format/date';
import type { AppContext } from '../../app-context';
import { registerCall } from '../../http/register-call';
import { explainOrderAmount } from './amount-explained-service';

/** "Why this amount": the amount due on the order page, line by line (docs/loan-engine.md "Why this amount"). */
export function amountExplainedRoutes(app: FastifyInstance, { db }: AppContext): void {
  // The same day the order details reply reads, so both show the same amount due.
  registerCall(app, contract.amountExplained, async ({ orderId }, { borrowerId }) =>
    explainOrderAmount(db, borrowerId, orderId, manilaToday()),
  );
}
