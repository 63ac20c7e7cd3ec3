import type { FastifyInstance } from 'fastify';
import * as contract from '../../../shared/contracts/loan-details';
import { manilaToday } from '../../../shared/format/date';
import type { AppContext } from '../../app-context';
import { appRatings, borrowerEvents } from '../../db/schema';
import { registerCall } from '../../http/register-call';
import { loanDetailsService } from './loan-details-service';

/** spec 001 §7 order details calls: loan details, event save, google-score. */
export function loanDetailsRoutes(app: FastifyInstance, { db, config }: AppContext): void {
  const service = loanDetailsService(db, config);
  // spec 001 §7: GET or POST.
  for (const call of [contract.loanDetails, contract.loanDetailsPost]) {
    registerCall(
      app,
      call,
      async (input, { session, locale }) => service.details(session, input, manilaToday(), locale),
      // The order page is the borrower's busiest read: its reply is checked the faster way.
      { sessionInRead: true, fastReply: true },
    );
  }
  registerCall(app, contract.eventSave, async (input, { borrowerId }) => {
    await db.insert(borrowerEvents).values({ borrowerId, ...input });
    return { saved: true };
  });
  registerCall(app, contract.googleScore, async ({ score }, { borrowerId }) => {
    await db
      .insert(appRatings)
      .values({ borrowerId, score })
      .onConflictDoUpdate({ target: appRatings.borrowerId, set: { score, ratedAt: new Date() } });
    return { saved: true };
  });
}
