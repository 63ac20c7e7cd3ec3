import { Cron } from 'croner';
import type { FastifyBaseLogger } from 'fastify';
import { manilaToday } from '../../../shared/format/date';
import type { Db } from '../../db/client';
import type { IsoDate } from '../../domain/loan';
import { runCloseOfBusiness } from './close-of-business';

/** Every day at 00:05 in Manila, for the day that has just begun. */
export const COB_CRON = '5 0 * * *';
export const COB_TIMEZONE = 'Asia/Manila';

export interface CobScheduler {
  /** The next scheduled run, for logs and tests. */
  nextRun(): Date | null;
  stop(): void;
}

/**
 * Runs close of business on schedule in this server, and once at start to catch up on a day
 * missed while it was down. Several servers may each schedule it: the advisory lock and the
 * run record let one do the work and the others return at once.
 */
export function startCobScheduler(
  db: Db,
  log: FastifyBaseLogger,
  today: () => IsoDate = manilaToday,
  /** Work that follows each close of business (the daily reconciliation), given the date closed. */
  afterClose?: (date: IsoDate) => Promise<void>,
): CobScheduler {
  const run = async (why: string) => {
    const date = today();
    const started = Date.now();
    try {
      const result = await runCloseOfBusiness(db, date);
      log.info({ ...result, why, ms: Date.now() - started }, 'close of business');
    } catch (err) {
      // The next tick or restart tries again; the run record shows it unfinished meanwhile.
      log.error({ err, businessDate: date, why }, 'close of business failed');
    }
    await afterClose?.(date).catch((err: unknown) =>
      log.error({ err, businessDate: date, why }, 'after close of business failed'),
    );
  };
  // `protect` skips a tick while the previous run is still going.
  const job = new Cron(COB_CRON, { timezone: COB_TIMEZONE, protect: true }, () => run('schedule'));
  void run('catch-up at start');
  return { nextRun: () => job.nextRun(), stop: () => job.stop() };
}
