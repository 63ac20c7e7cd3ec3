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
import { contactAttempts, contactConsents, loanOrders } from '../../../db/schema';
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
}

const MESSAGES: Record<ContactRule, (detail: Record<string, unknown>) => string> = {
  'contact-hours': () =>
    `Contact is allowed only from ${CONTACT_FROM_HOUR}:00 to ${CONTACT_UNTIL_HOUR}:00 Manila time, unless the loan is more than ${ANY_HOUR_AFTER_DAYS} days past due or the borrower consented`,
  'daily-cap': (d) => `This loan has had its ${String(d.dailyCap)} contact attempts for today; try again tomorrow`,
  party: () => 'Only the borrower may be contacted: the borrower named no reference person',
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

/**
 * Logs one contact attempt if the rules allow it at `now`. The loan's attempts are counted and
 * the new one stored under a per-loan advisory lock, so concurrent attempts queue and the daily
 * cap holds on PostgreSQL as on PGlite. A refusal stores nothing but an audit entry naming the rule.
 */
export async function logContactAttempt(
  db: Db,
  now: Date,
  dailyCap: number,
  who: Collector,
  input: AttemptInput,
): Promise<ContactAttempt> {
  const { day, hour } = manilaClock(now);
  const checked = await db.transaction(async (tx): Promise<Checked> => {
    // hashtext keeps any id within the lock's int key; a collision only makes two loans wait for each other.
    await tx.execute(
      sql`select pg_advisory_xact_lock(${ATTEMPT_LOCK_NAMESPACE}::int, hashtext(${String(input.orderId)}))`,
    );
    const order = await tx.query.loanOrders.findFirst({ where: eq(loanOrders.id, input.orderId) });
    if (!order) throw new AppError(Code.NOT_FOUND, 'No such loan');
    if (input.party !== 'borrower') return { rule: 'party', detail: { party: input.party } };
    const word = deniedWord(input.note);
    if (word) return { rule: 'note-language', detail: { word } };
    if (!IN_COLLECTION.includes(order.status)) return { rule: 'not-in-collection', detail: { status: order.status } };
    const days = daysPastDue(order.dueDate, day);
    const [consent] = await tx
      .select({ id: contactConsents.id })
      .from(contactConsents)
      .where(eq(contactConsents.orderId, order.id))
      .limit(1);
    const [today] = await tx
      .select({ n: count() })
      .from(contactAttempts)
      .where(and(eq(contactAttempts.orderId, order.id), eq(contactAttempts.manilaDay, day)));
    const state = { daysPastDue: days, consented: Boolean(consent), attemptsToday: Number(today?.n ?? 0), dailyCap };
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
    const [row] = await tx
      .insert(contactAttempts)
      .values({
        ...input,
        orderId: order.id,
        borrowerId: order.borrowerId,
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
  throw new AppError(CONTACT_REFUSED, MESSAGES[checked.rule](checked.detail), { rule: checked.rule });
}

/** Records the borrower's consent to contact outside the hours, for one loan in collection. */
export async function recordContactConsent(db: Db, now: Date, who: Collector, orderId: number, note: string) {
  const order = await db.query.loanOrders.findFirst({ where: eq(loanOrders.id, orderId) });
  if (!order) throw new AppError(Code.NOT_FOUND, 'No such loan');
  const word = deniedWord(note);
  const refused: [ContactRule, Record<string, unknown>] | null = !IN_COLLECTION.includes(order.status)
    ? ['not-in-collection', { status: order.status }]
    : word
      ? ['note-language', { word }]
      : null;
  if (refused) {
    const [rule, detail] = refused;
    await writeAudit(db, {
      ...who,
      action: 'collections.recordConsentRefused',
      entity: 'order',
      entityId: orderId,
      after: { rule, at: now.toISOString(), ...detail },
    });
    throw new AppError(CONTACT_REFUSED, MESSAGES[rule](detail), { rule });
  }
  const [row] = await db
    .insert(contactConsents)
    .values({ orderId, staffId: who.staffId, actor: who.actor, note, recordedAt: now })
    .returning();
  if (!row) throw new Error('consent not stored');
  return { orderId, actor: row.actor, recordedAt: row.recordedAt.toISOString(), note: row.note };
}

/** A loan's attempts, newest first, and its latest consent. */
export async function attemptsOf(db: Db, orderId: number) {
  const rows = await db
    .select()
    .from(contactAttempts)
    .where(eq(contactAttempts.orderId, orderId))
    .orderBy(desc(contactAttempts.attemptedAt), desc(contactAttempts.id));
  const [consent] = await db
    .select()
    .from(contactConsents)
    .where(eq(contactConsents.orderId, orderId))
    .orderBy(desc(contactConsents.id))
    .limit(1);
  return {
    list: rows.map(attemptRow),
    consent: consent
      ? { actor: consent.actor, recordedAt: consent.recordedAt.toISOString(), note: consent.note }
      : null,
  };
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
