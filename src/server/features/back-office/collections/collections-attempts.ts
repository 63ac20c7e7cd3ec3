import { and, count, desc, eq, sql } from 'drizzle-orm';
import { Code } from '../../../../shared/codes';
import {
  type CHANNELS,
  CONTACT_REFUSED,
  type ContactAttempt,
  type ContactRule,
  type OUTCOMES,
  type PARTIES,
} from '../../../../shared/contracts/back-office-collections';
import type { Db } from '../../../db/client';
import { borrowers, contactAttempts, loanOrders } from '../../../db/schema';
import { AppError } from '../../../http/app-error';
import { writeAudit } from '../../../audit/audit';
import { IN_COLLECTION } from './collections-queue';
import {
  ANY_HOUR_AFTER_DAYS,
  CONTACT_FROM_HOUR,
  CONTACT_UNTIL_HOUR,
  daysPastDue,
  deniedWord,
  manilaClock,
  refusingRule,
} from '../../../collections/contact-rules';
import { activeConsent, latestConsent } from '../../../collections/consent';
import { normalPhone } from '../../../collections/phone';
import { isReferenceOf } from '../../../collections/references';

/** Advisory-lock namespace of the per-loan attempt count (a constant no other feature uses). */
const ATTEMPT_LOCK_NAMESPACE = 8_020;

export interface Collector {
  staffId: number | null;
  actor: string;
}

export interface AttemptInput {
  orderId: number;
  channel: (typeof CHANNELS)[number];
  party: (typeof PARTIES)[number];
  outcome: (typeof OUTCOMES)[number];
  note: string;
  /** The number contacted, when the collector names one; the borrower's registered mobile otherwise. */
  phone?: string | undefined;
}

export const CONTACT_MESSAGE: Record<ContactRule, (detail: Record<string, unknown>) => string> = {
  'contact-hours': () =>
    `Contact is allowed only from ${CONTACT_FROM_HOUR}:00 to ${CONTACT_UNTIL_HOUR}:00 Manila time, unless the loan is more than ${ANY_HOUR_AFTER_DAYS} days past due or the borrower's own consent is in force (given on the borrower pages or by SMS reply; a collector cannot record it)`,
  'daily-cap': (d) => `This loan has had its ${String(d.dailyCap)} contact attempts for today; try again tomorrow`,
  party: () => "Only the borrower's registered mobile may be contacted",
  reference: () =>
    'This number belongs to a character reference the borrower named: references are never contacted about the loan',
  'message-language': (d) => `Text: remove “${String(d.word)}”. Threats, insults and obscene words are not allowed`,
  'note-language': (d) => `Note: remove “${String(d.word)}”. Threats, insults and obscene words are not allowed`,
  'not-in-collection': () => 'This loan is not due or overdue: it is not in collection',
};

const attemptRow = (row: typeof contactAttempts.$inferSelect): ContactAttempt => ({
  id: row.id,
  orderId: row.orderId,
  actor: row.actor,
  channel: row.channel as ContactAttempt['channel'],
  party: row.party as ContactAttempt['party'],
  outcome: row.outcome as ContactAttempt['outcome'],
  note: row.note,
  attemptedAt: row.attemptedAt.toISOString(),
});

type Checked = { attempt: ContactAttempt } | { rule: ContactRule; detail: Record<string, unknown> };

/** What the desk checks a text's words with, beside the rules of any contact. */
export interface AttemptExtras {
  /** The words of a text about to be sent: refused with `message-language` when they hold a denied word. */
  message?: string;
}

/**
 * Logs one contact attempt if the rules allow it at `now`. A character reference is never
 * contacted (by party or by number, compared in normal form), only the borrower's registered
 * mobile is; contact outside the hours needs the borrower's own consent in force, whatever the
 * collector writes. The loan's attempts are counted and the new one stored under a per-loan
 * advisory lock, so concurrent attempts queue and the daily cap holds on PostgreSQL as on PGlite.
 * A refusal stores nothing but an audit entry naming the rule.
 */
export async function logContactAttempt(
  db: Db,
  now: Date,
  dailyCap: number,
  who: Collector,
  input: AttemptInput,
  extras: AttemptExtras = {},
): Promise<ContactAttempt> {
  const { day, hour } = manilaClock(now);
  const [target] = await db
    .select({ order: loanOrders, phone: borrowers.phone })
    .from(loanOrders)
    .innerJoin(borrowers, eq(borrowers.id, loanOrders.borrowerId))
    .where(eq(loanOrders.id, input.orderId))
    .limit(1);
  if (!target) throw new AppError(Code.NOT_FOUND, 'No such loan');
  const { order } = target;
  const dialled = input.phone ?? target.phone;
  const early = await firstRefusal(db, order.borrowerId, target.phone, dialled, input, extras);
  // Read before the lock: PGlite serves one connection, and a consent given a moment later counts next time.
  const consent = early ? null : await activeConsent(db, order.borrowerId, now);
  const checked: Checked = early
    ? early
    : await db.transaction(async (tx): Promise<Checked> => {
        // hashtext keeps any id within the lock's int key; a collision only makes two loans wait for each other.
        await tx.execute(
          sql`select pg_advisory_xact_lock(${ATTEMPT_LOCK_NAMESPACE}::int, hashtext(${String(input.orderId)}))`,
        );
        const current = await tx.query.loanOrders.findFirst({ where: eq(loanOrders.id, input.orderId) });
        if (!current || !IN_COLLECTION.includes(current.status))
          return { rule: 'not-in-collection', detail: { status: current?.status ?? order.status } };
        const days = daysPastDue(current.dueDate, day);
        const [today] = await tx
          .select({ n: count() })
          .from(contactAttempts)
          .where(and(eq(contactAttempts.orderId, current.id), eq(contactAttempts.manilaDay, day)));
        const state = {
          daysPastDue: days,
          consented: consent !== null,
          attemptsToday: Number(today?.n ?? 0),
          dailyCap,
        };
        const rule = refusingRule(now, state);
        if (rule)
          return {
            rule,
            detail: {
              daysPastDue: days,
              manilaHour: hour,
              consented: state.consented,
              attemptsToday: state.attemptsToday,
              dailyCap,
            },
          };
        const { phone: _dialled, ...fields } = input;
        const [row] = await tx
          .insert(contactAttempts)
          .values({
            ...fields,
            orderId: current.id,
            borrowerId: current.borrowerId,
            staffId: who.staffId,
            actor: who.actor,
            attemptedAt: now,
            manilaDay: day,
          })
          .returning();
        if (!row) throw new Error('contact attempt not stored');
        return { attempt: attemptRow(row) };
      });
  if ('attempt' in checked) return checked.attempt;
  await writeAudit(db, {
    staffId: who.staffId,
    actor: who.actor,
    action: 'collections.logAttemptRefused',
    entity: 'order',
    entityId: input.orderId,
    after: {
      rule: checked.rule,
      channel: input.channel,
      party: input.party,
      outcome: input.outcome,
      at: now.toISOString(),
      ...checked.detail,
    },
  });
  throw new AppError(CONTACT_REFUSED, CONTACT_MESSAGE[checked.rule](checked.detail), { rule: checked.rule });
}

/** The rules that do not depend on the count or the hour: whom, and which words. */
async function firstRefusal(
  db: Db,
  borrowerId: number,
  registered: string,
  dialled: string,
  input: AttemptInput,
  extras: AttemptExtras,
): Promise<Checked | null> {
  if (input.party === 'reference' || (await isReferenceOf(db, borrowerId, dialled)))
    return { rule: 'reference', detail: { party: input.party, phoneTail: normalPhone(dialled).slice(-4) } };
  if (normalPhone(dialled) !== normalPhone(registered))
    return { rule: 'party', detail: { party: input.party, phoneTail: normalPhone(dialled).slice(-4) } };
  const word = deniedWord(input.note);
  if (word) return { rule: 'note-language', detail: { word } };
  const said = extras.message === undefined ? null : deniedWord(extras.message);
  if (said) return { rule: 'message-language', detail: { word: said } };
  return null;
}

/** A loan's attempts, newest first, and the borrower's latest out-of-hours consent (and whether it is in force). */
export async function attemptsOf(db: Db, orderId: number, now: Date) {
  const order = await db.query.loanOrders.findFirst({ where: eq(loanOrders.id, orderId) });
  if (!order) throw new AppError(Code.NOT_FOUND, 'No such loan');
  const rows = await db
    .select()
    .from(contactAttempts)
    .where(eq(contactAttempts.orderId, orderId))
    .orderBy(desc(contactAttempts.attemptedAt), desc(contactAttempts.id));
  const consent = await latestConsent(db, order.borrowerId);
  const active = await activeConsent(db, order.borrowerId, now);
  return { list: rows.map(attemptRow), consent, consentActive: active !== null && active.id === consent?.id };
}

/** A borrower's collection contacts on every loan, newest first, for the borrower view. */
export async function contactsOf(db: Db, borrowerId: number, limit: number) {
  const rows = await db
    .select({ attempt: contactAttempts, orderNo: loanOrders.orderNo })
    .from(contactAttempts)
    .innerJoin(loanOrders, eq(loanOrders.id, contactAttempts.orderId))
    .where(eq(contactAttempts.borrowerId, borrowerId))
    .orderBy(desc(contactAttempts.attemptedAt), desc(contactAttempts.id))
    .limit(limit);
  return rows.map(({ attempt, orderNo }) => ({ ...attemptRow(attempt), orderNo }));
}
