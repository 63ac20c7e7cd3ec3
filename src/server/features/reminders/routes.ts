import { desc, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { Code } from '../../../shared/codes';
import * as contract from '../../../shared/contracts/reminders';
import type { ReminderRule } from '../../../shared/contracts/reminders';
import type { AppContext } from '../../app-context';
import { borrowers, loanOrders, reminderRules, reminderSends } from '../../db/schema';
import { AppError } from '../../http/app-error';
import { registerCall } from '../../http/register-call';
import { checkReminderText } from './reminder-text';
import { sendDueReminders } from './send-reminders';

const ruleRow = (r: typeof reminderRules.$inferSelect): ReminderRule => ({
  id: r.id,
  offsetDays: r.offsetDays,
  textEn: r.textEn,
  textFil: r.textFil,
  enabled: r.enabled,
  updatedBy: r.updatedBy,
  updatedAt: r.updatedAt.toISOString(),
});

/** Collections: the reminder schedule, its texts, and sending today's reminders at once. */
export function reminderRoutes(app: FastifyInstance, { db, sms, clock }: AppContext): void {
  registerCall(app, contract.list, async () => {
    const rules = await db.select().from(reminderRules).orderBy(reminderRules.offsetDays, reminderRules.id);
    const sent = await db
      .select({
        send: reminderSends,
        orderNo: loanOrders.orderNo,
        phone: borrowers.phone,
        offsetDays: reminderRules.offsetDays,
      })
      .from(reminderSends)
      .innerJoin(loanOrders, eq(loanOrders.id, reminderSends.orderId))
      .innerJoin(borrowers, eq(borrowers.id, loanOrders.borrowerId))
      .innerJoin(reminderRules, eq(reminderRules.id, reminderSends.ruleId))
      .orderBy(desc(reminderSends.id))
      .limit(100);
    return {
      rules: rules.map(ruleRow),
      sent: sent.map(({ send, orderNo, phone, offsetDays }) => ({
        id: send.id,
        orderNo,
        phone,
        offsetDays,
        dueDate: send.dueDate,
        language: send.language,
        body: send.body,
        sentAt: send.sentAt.toISOString(),
      })),
    };
  });

  registerCall(app, contract.save, async ({ id, offsetDays, textEn, textFil, enabled }, { staffId, req }) => {
    checkReminderText(textEn, 'textEn');
    checkReminderText(textFil, 'textFil');
    const values = { offsetDays, textEn, textFil, enabled: enabled === '1', updatedBy: staffId, updatedAt: sql`now()` };
    const before = id ? await db.query.reminderRules.findFirst({ where: eq(reminderRules.id, id) }) : undefined;
    if (id && !before) throw new AppError(Code.NOT_FOUND, 'That reminder was not found', { field: 'id' });
    const [saved] = id
      ? await db.update(reminderRules).set(values).where(eq(reminderRules.id, id)).returning()
      : await db.insert(reminderRules).values(values).returning();
    if (!saved) throw new Error('reminder not saved');
    req.audit = {
      entity: 'reminder',
      entityId: saved.id,
      before: before ? ruleRow(before) : null,
      after: ruleRow(saved),
    };
    return { rule: ruleRow(saved) };
  });

  registerCall(app, contract.sendNow, async (_input, { staffId, req }) =>
    sendDueReminders(db, sms, clock.now(), { staffId: req.staff?.staffId ?? null, actor: staffId }),
  );
}
