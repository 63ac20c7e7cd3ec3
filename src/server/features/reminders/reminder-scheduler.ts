import { Cron } from 'croner';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import type { SmsProvider } from '../../providers/sms/sms-provider';
import { sendDueReminders } from './send-reminders';

/** Every day at 09:00 in Manila: inside the contact hours, after close of business has moved the loans. */
export const REMINDER_CRON = '0 9 * * *';

/** Sends the day's SMS reminders on schedule in this server; several servers send each reminder once (send-reminders.ts). */
export function startReminderScheduler(db: Db, sms: SmsProvider, log: FastifyBaseLogger): { stop(): void } {
  const job = new Cron(REMINDER_CRON, { timezone: 'Asia/Manila', protect: true }, async () => {
    try {
      const run = await sendDueReminders(db, sms, new Date(), { staffId: null, actor: 'reminder schedule' });
      log.info(run, 'reminders sent');
    } catch (err) {
      log.error({ err }, 'reminders failed');
    }
  });
  return { stop: () => job.stop() };
}
