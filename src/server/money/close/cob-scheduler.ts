import { Cron } from 'croner';
import type { FastifyBaseLogger } from 'fastify';
import { manilaToday } from '../../../shared/format/date';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { cobRuns, cobSteps } from '../../db/schema';
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

/** The step after close of business in the night's record (cob_steps): the daily reconciliation. */
export const AFTER_CLOSE_STEP = 'after-close';

/**
 * Runs the work that follows a date's close of business once: only when the date is closed (the
 * instance that closed it, or a later start, does it), and not again once recorded as done, so a
 * restart's catch-up does not run it a second time. The record is written when the work returns:
 * work killed before that is run again by the next start, so it must be safe to repeat (the
 * reconciliation is: a rerun updates its findings).
 */
export async function onceAfterClose(
  db: Db,
  date: IsoDate,
  work: () => Promise<void>,
): Promise<'done' | 'already-done' | 'not-closed'> {
  const [run] = await db.select({ status: cobRuns.status }).from(cobRuns).where(eq(cobRuns.businessDate, date));
  if (run?.status !== 'done') return 'not-closed';
  const [recorded] = await db
    .select({ step: cobSteps.step })
    .from(cobSteps)
    .where(and(eq(cobSteps.businessDate, date), eq(cobSteps.step, AFTER_CLOSE_STEP)));
  if (recorded) return 'already-done';
  await work();
  await db
    .insert(cobSteps)
    .values({ businessDate: date, step: AFTER_CLOSE_STEP, rangeLo: 0, rangeHi: 0 })
    .onConflictDoNothing();
  return 'done';
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
    if (afterClose)
      await onceAfterClose(db, date, () => afterClose(date))
        .then((outcome) => {
          if (outcome !== 'done') log.info({ businessDate: date, why, outcome }, 'after close of business');
        })
        .catch((err: unknown) => log.error({ err, businessDate: date, why }, 'after close of business failed'));
  };
  // `protect` skips a tick while the previous run is still going.
  const job = new Cron(COB_CRON, { timezone: COB_TIMEZONE, protect: true }, () => run('schedule'));
  void run('catch-up at start');
  return { nextRun: () => job.nextRun(), stop: () => job.stop() };
}
