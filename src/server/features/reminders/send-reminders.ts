import { and, eq, inArray, sql } from 'drizzle-orm';
import { formatMoney } from '../../../shared/format/money';
import { RUNNING_STATUSES } from '../../../shared/order-status';
import type { Db } from '../../db/client';
import { borrowers, loanOrders, reminderRules, reminderSends } from '../../db/schema';
import { addDays, type IsoDate } from '../../domain/loan';
import type { SmsProvider } from '../../providers/sms/sms-provider';
import { writeAudit } from '../../audit/audit';
import { CONTACT_FROM_HOUR, CONTACT_UNTIL_HOUR, inContactHours, manilaClock } from '../../collections/contact-rules';
import { amountDueNow, readLoanState, stateOn } from '../../money';
import { turnedOff } from '../../notifications/send-messages';
import { fillReminder } from './reminder-text';

export interface ReminderRun {
  sent: number;
  /** Why nothing was sent ('contact-hours'), or null. */
  skipped: string | null;
}

/**
 * Sends the day's reminders: for each enabled rule, every running loan whose due date is that
 * many days from today gets the rule's text, in the language the borrower signed in with, filled
 * with their name, what is due and when. Only within the contact hours (06:00–22:00 Manila). A
 * send is recorded before the SMS goes (one per rule, loan and due date, and one per loan a day,
 * held by unique indexes), so two servers running it at once send once; a failed SMS removes its
 * record, and the next run tries again. A borrower who turned the "due soon" messages off gets none.
 */
export async function sendDueReminders(
  db: Db,
  sms: SmsProvider,
  now: Date,
  actor: { staffId: number | null; actor: string },
): Promise<ReminderRun> {
  const { day: today, hour } = manilaClock(now);
  if (!inContactHours(hour))
    return {
      sent: 0,
      skipped: `Reminders go out only from ${CONTACT_FROM_HOUR}:00 to ${CONTACT_UNTIL_HOUR}:00 Manila time`,
    };
  const rules = await db
    .select()
    .from(reminderRules)
    .where(eq(reminderRules.enabled, true))
    .orderBy(reminderRules.offsetDays, reminderRules.id);
  let sent = 0;
  let off = 0;
  for (const rule of rules) {
    const dueDate = addDays(today as IsoDate, -rule.offsetDays);
    const loans = await db
      .select({ order: loanOrders, phone: borrowers.phone, fullName: borrowers.fullName, language: borrowers.language })
      .from(loanOrders)
      .innerJoin(borrowers, eq(borrowers.id, loanOrders.borrowerId))
      .where(
        and(
          inArray(loanOrders.status, RUNNING_STATUSES),
          eq(loanOrders.dueDate, dueDate),
          sql`${loanOrders.writeOff} is null`,
        ),
      );
    for (const { order, phone, fullName, language } of loans) {
      if (!order.loanState) continue;
      const due = amountDueNow(stateOn({ loanState: readLoanState(order.loanState, order) }, today as IsoDate));
      if (due <= 0) continue;
      // The borrower turned "due soon" messages off on the records page: none is sent.
      if (await turnedOff(db, order.borrowerId, 'due-soon')) {
        off += 1;
        continue;
      }
      const fil = language === 'fil';
      const body = fillReminder(fil ? rule.textFil : rule.textEn, {
        name: fullName?.split(' ')[0] ?? (fil ? 'po' : 'there'),
        amount: formatMoney(due),
        dueDate,
        orderNo: order.orderNo,
      });
      const [claimed] = await db
        .insert(reminderSends)
        .values({ ruleId: rule.id, orderId: order.id, dueDate, sentOn: today, language: fil ? 'fil' : 'en', body })
        .onConflictDoNothing()
        .returning({ id: reminderSends.id });
      if (!claimed) continue;
      try {
        await sms.send(phone, body);
        sent += 1;
      } catch {
        await db.delete(reminderSends).where(eq(reminderSends.id, claimed.id));
      }
    }
  }
  await writeAudit(db, {
    ...actor,
    action: 'reminders.sent',
    entity: 'reminders',
    entityId: today,
    after: { sent, off, rules: rules.length },
  });
  return { sent, skipped: null };
}
