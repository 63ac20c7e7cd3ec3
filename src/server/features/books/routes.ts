import type { FastifyInstance } from 'fastify';
import * as contract from '../../../shared/contracts/books';
import type { AppContext } from '../../app-context';
import { registerCall } from '../../http/register-call';
import { trialBalance } from '../../money';

/** Finance's view of the books. */
export function booksRoutes(app: FastifyInstance, { db, clock }: AppContext): void {
  registerCall(app, contract.trialBalance, async ({ date }) => trialBalance(db, date ?? clock.today(), clock.today()));
}
