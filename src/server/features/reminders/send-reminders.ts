import { and, eq, inArray, sql } from 'drizzle-orm';
import { formatMoney } from '../../../shared/format/money';
import { RUNNING_STATUSES } from '../../../shared/order-status';
import type { Db } from '../../db/client';
import { borrowers, loanOrders, messagePreferences, reminderRules, reminderSends } from '../../db/schema';
import { addDays, type IsoDate } from '../../domain/loan';
import type { SmsProvider } from '../../providers/sms/sms-provider';
import { writeAudit } from '../../audit/audit';
import { CONTACT_FROM_HOUR, CONTACT_UNTIL_HOUR, inContactHours, manilaClock } from '../../collections/contact-rules';
import { amountDueNow, readLoanState, stateOn } from '../../money';
import { fillReminder } from './reminder-text';

/** The message kind a borrower turns off to get no reminders. */
const DUE_SOON = 'due-soon';
/** Sends recorded by one statement (six parameters each, well under PostgreSQL's limit). */
const CLAIM_CHUNK = 1_000;

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
 * held by unique indexes; recorded a thousand at a time, then sent), so two servers running it at
 * once send once; a failed SMS removes its
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
    // The rule's loans with their borrowers, and whether each turned "due soon" messages off on
    // the records page (then none is sent), in one read.
    const loans = await db
      .select({
        id: loanOrders.id,
        orderNo: loanOrders.orderNo,
        loanState: loanOrders.loanState,
        phone: borrowers.phone,
        fullName: borrowers.fullName,
        language: borrowers.language,
        off: sql<boolean>`coalesce(not ${messagePreferences.enabled}, false)`,
      })
      .from(loanOrders)
      .innerJoin(borrowers, eq(borrowers.id, loanOrders.borrowerId))
      .leftJoin(
        messagePreferences,
        and(eq(messagePreferences.borrowerId, loanOrders.borrowerId), eq(messagePreferences.kind, DUE_SOON)),
      )
      .where(
        and(
          inArray(loanOrders.status, RUNNING_STATUSES),
          eq(loanOrders.dueDate, dueDate),
          sql`${loanOrders.writeOff} is null`,
        ),
      )
      .orderBy(loanOrders.id);
    const due: { orderId: number; phone: string; language: 'fil' | 'en'; body: string }[] = [];
    for (const loan of loans) {
      if (!loan.loanState) continue;
      const amount = amountDueNow(stateOn({ loanState: readLoanState(loan.loanState, loan) }, today as IsoDate));
      if (amount <= 0) continue;
      if (loan.off) {
        off += 1;
        continue;
      }
      const fil = loan.language === 'fil';
      due.push({
        orderId: loan.id,
        phone: loan.phone,
        language: fil ? 'fil' : 'en',
        body: fillReminder(fil ? rule.textFil : rule.textEn, {
          name: loan.fullName?.split(' ')[0] ?? (fil ? 'po' : 'there'),
          amount: formatMoney(amount),
          dueDate,
          orderNo: loan.orderNo,
        }),
      });
    }
    // Recorded a chunk at a time before its messages go; what another run recorded first is not sent.
    for (let at = 0; at < due.length; at += CLAIM_CHUNK) {
      const chunk = due.slice(at, at + CLAIM_CHUNK);
      const claimed = await db
        .insert(reminderSends)
        .values(
          chunk.map((d) => ({
            ruleId: rule.id,
            orderId: d.orderId,
            dueDate,
            sentOn: today,
            language: d.language,
            body: d.body,
          })),
        )
        .onConflictDoNothing()
        .returning({ id: reminderSends.id, orderId: reminderSends.orderId });
      const claimedIds = new Map(claimed.map((c) => [c.orderId, c.id]));
      for (const d of chunk) {
        const id = claimedIds.get(d.orderId);
        if (id === undefined) continue;
        try {
          await sms.send(d.phone, d.body);
          sent += 1;
        } catch {
          await db.delete(reminderSends).where(eq(reminderSends.id, id));
        }
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
