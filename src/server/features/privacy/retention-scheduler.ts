import { Cron } from 'croner';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../clock';
import type { Db } from '../../db/client';
import type { ImageStorage } from '../../providers/storage/image-storage';
import { runRetention } from './retention';

/** Every day at 01:30 in Manila, after close of business (00:05) has moved the loans. */
export const RETENTION_CRON = '30 1 * * *';

/**
 * Runs the retention job on schedule in this server. Several servers may each run it: every step
 * deletes or anonymises only what is still there, and the day's report adds what each found.
 */
export function startRetentionScheduler(
  db: Db,
  storage: ImageStorage,
  settings: { loanYears: number },
  log: FastifyBaseLogger,
  clock: Pick<Clock, 'now'> = { now: () => new Date() },
): { nextRun(): Date | null; stop(): void } {
  const job = new Cron(RETENTION_CRON, { timezone: 'Asia/Manila', protect: true }, async () => {
    try {
      const run = await runRetention(db, storage, settings, clock.now());
      log.info(run, 'retention job');
    } catch (err) {
      log.error({ err }, 'retention job failed');
    }
  });
  return { nextRun: () => job.nextRun(), stop: () => job.stop() };
}
