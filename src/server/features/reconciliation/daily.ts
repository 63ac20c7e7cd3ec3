import type { FastifyBaseLogger } from 'fastify';
import { systemClock } from '../../clock';
import type { Db } from '../../db/client';
import { addDays, type IsoDate } from '../../domain/loan';
import type { PaymentProvider } from '../../providers/payment/payment-provider';
import { reconcileDay } from './reconcile';

/**
 * The daily reconciliation, run after each close of business: close of business runs at the
 * start of a day, so the day reconciled is the one that has just ended, whose transactions the
 * provider now lists in full. Without a provider that lists transactions there is nothing to do.
 */
export function dailyReconciliation(db: Db, provider: PaymentProvider, log: FastifyBaseLogger) {
  return async (closed: IsoDate): Promise<void> => {
    if (!provider.listTransactions) return;
    const date = addDays(closed, -1);
    const summary = await reconcileDay(db, provider, { date, actor: 'schedule' }, systemClock);
    log.info({ ...summary }, 'reconciliation');
  };
}
