import { and, desc, eq, inArray } from 'drizzle-orm';
import { Code } from '../../../../shared/codes';
import type { PromiseView, TemplateKey } from '../../../../shared/contracts/back-office-collections';
import { formatMoney } from '../../../../shared/format/money';
import { pages } from '../../../../shared/pages';
import type { Db } from '../../../db/client';
import { borrowers, collectionNotes, collectionTexts, loanOrders, promisesToPay } from '../../../db/schema';
import { addDays, type IsoDate } from '../../../domain/loan';
import { AppError } from '../../../http/app-error';
import { paymentsReceived, readLoanStateOrNull } from '../../../money';
import type { SmsProvider } from '../../../providers/sms/sms-provider';
import { deniedWord, manilaClock } from '../../../collections/contact-rules';
import { PROMISE_MAX_DAYS, promiseStatus } from '../../../collections/promise-rules';
import { fillTemplate, TEXT_TEMPLATES } from '../../../collections/text-templates';
import { type Collector, CONTACT_MESSAGE, logContactAttempt } from './collections-attempts';
import { IN_COLLECTION, pastDueOf } from './collections-queue';

/** A loan in collection, or the refusal a desk action on any other loan gets. */
async function loanInCollection(db: Db, orderId: number) {
  const order = await db.query.loanOrders.findFirst({ where: eq(loanOrders.id, orderId) });
  if (!order) throw new AppError(Code.NOT_FOUND, 'No such loan');
  if (!IN_COLLECTION.includes(order.status))
    throw new AppError(Code.BAD_REQUEST, 'This loan is not due or overdue: it is not in collection');
  return order;
}

/** A note, or a task due on a Manila day, on a loan in collection. */
export async function addNote(
  db: Db,
  now: Date,
  who: Collector,
  input: { orderId: number; kind: 'note' | 'task'; text: string; dueDay?: string | undefined },
) {
  await loanInCollection(db, input.orderId);
  const word = deniedWord(input.text);
  if (word) throw new AppError(Code.BAD_REQUEST, CONTACT_MESSAGE['note-language']({ word }));
  if (input.kind === 'task' && !input.dueDay) throw new AppError(Code.BAD_REQUEST, 'A task needs the day it is due');
  const [row] = await db
    .insert(collectionNotes)
    .values({
      orderId: input.orderId,
      kind: input.kind,
      text: input.text,
      dueDay: input.kind === 'task' ? (input.dueDay ?? null) : null,
      staffId: who.staffId,
      actor: who.actor,
      createdAt: now,
    })
    .returning({ id: collectionNotes.id });
  if (!row) throw new Error('note not stored');
  return row;
}

/** Marks a task done (once). */
export async function completeTask(db: Db, now: Date, who: Collector, id: number) {
  const [row] = await db
    .update(collectionNotes)
    .set({ doneAt: now, doneBy: who.actor })
    .where(and(eq(collectionNotes.id, id), eq(collectionNotes.kind, 'task')))
    .returning();
  if (!row?.doneAt) throw new AppError(Code.NOT_FOUND, 'No such task');
  return { id: row.id, doneAt: row.doneAt.toISOString() };
}

const promiseView = (row: typeof promisesToPay.$inferSelect): PromiseView => ({
  id: row.id,
  amount: row.amount,
  madeOn: row.madeOn,
  promisedDay: row.promisedDay,
  status: row.status as PromiseView['status'],
  paid: row.paid,
  actor: row.actor,
  settledAt: row.settledAt?.toISOString() ?? null,
});

/** The borrower's promise to pay `amount` by `promisedDay` (today through 30 days ahead). Writes no money. */
export async function makePromise(
  db: Db,
  now: Date,
  who: Collector,
  input: { orderId: number; amount: number; promisedDay: string },
): Promise<PromiseView> {
  await loanInCollection(db, input.orderId);
  const today = manilaClock(now).day;
  const latest = addDays(today, PROMISE_MAX_DAYS);
  if (input.promisedDay < today || input.promisedDay > latest)
    throw new AppError(Code.BAD_REQUEST, `Promised day: from today (${today}) to ${latest}`);
  const [row] = await db
    .insert(promisesToPay)
    .values({ ...input, madeOn: today, staffId: who.staffId, actor: who.actor, createdAt: now })
    .returning();
  if (!row) throw new Error('promise not stored');
  return promiseView(row);
}

/**
 * Marks the open promises of these loans (all loans when none are named) kept or broken by the
 * payments posted on each loan from the day it was made through the promised day, read through
 * the money core's door. Each is settled once; a settled promise no longer changes.
 */
export async function settlePromises(db: Db, now: Date, orderIds?: number[]): Promise<void> {
  const today = manilaClock(now).day;
  const open = await db
    .select()
    .from(promisesToPay)
    .where(and(eq(promisesToPay.status, 'open'), orderIds ? inArray(promisesToPay.orderId, orderIds) : undefined));
  for (const promise of open) {
    const through = (promise.promisedDay < today ? promise.promisedDay : today) as IsoDate;
    const received = await paymentsReceived(db, promise.orderId, promise.madeOn as IsoDate, through);
    const paid = received.reduce((sum, p) => sum + p.amount, 0);
    const status = promiseStatus(promise.amount, promise.promisedDay as IsoDate, paid, today);
    if (status === 'open') continue;
    await db
      .update(promisesToPay)
      .set({ status, paid, settledAt: now })
      .where(and(eq(promisesToPay.id, promise.id), eq(promisesToPay.status, 'open')));
  }
}

/** A loan's notes and tasks, promises (settled first) and texts, newest first. */
export async function fileOf(db: Db, now: Date, orderId: number) {
  await settlePromises(db, now, [orderId]);
  const notes = await db
    .select()
    .from(collectionNotes)
    .where(eq(collectionNotes.orderId, orderId))
    .orderBy(desc(collectionNotes.id));
  const promises = await db
    .select()
    .from(promisesToPay)
    .where(eq(promisesToPay.orderId, orderId))
    .orderBy(desc(promisesToPay.id));
  const texts = await db
    .select()
    .from(collectionTexts)
    .where(eq(collectionTexts.orderId, orderId))
    .orderBy(desc(collectionTexts.id));
  return {
    notes: notes.map((n) => ({
      id: n.id,
      kind: n.kind as 'note' | 'task',
      text: n.text,
      dueDay: n.dueDay,
      doneAt: n.doneAt?.toISOString() ?? null,
      actor: n.actor,
      createdAt: n.createdAt.toISOString(),
    })),
    promises: promises.map(promiseView),
    texts: texts.map((t) => ({
      id: t.id,
      template: t.template,
      language: t.language,
      phone: t.phone,
      body: t.body,
      status: t.status,
      actor: t.actor,
      sentAt: t.sentAt.toISOString(),
    })),
  };
}

export interface TextSetting {
  dailyCap: number;
  appName: string;
  /** The public address the consent page link starts with. */
  publicUrl: string;
}

/**
 * Sends a template text to the borrower's registered mobile through the SMS provider. The text is
 * filled in the borrower's language and passes the rules of any contact (hours, cap, whom, words)
 * as an attempt first; its words are kept, and a text the gateway refuses is kept as failed.
 */
export async function sendCollectionText(
  db: Db,
  sms: SmsProvider,
  now: Date,
  who: Collector,
  setting: TextSetting,
  input: { orderId: number; template: TemplateKey; phone?: string | undefined },
) {
  const [loan] = await db
    .select({ order: loanOrders, borrower: borrowers })
    .from(loanOrders)
    .innerJoin(borrowers, eq(borrowers.id, loanOrders.borrowerId))
    .where(eq(loanOrders.id, input.orderId))
    .limit(1);
  if (!loan) throw new AppError(Code.NOT_FOUND, 'No such loan');
  const { order, borrower } = loan;
  const fil = borrower.language === 'fil';
  const today = manilaClock(now).day;
  const [promise] = await db
    .select()
    .from(promisesToPay)
    .where(and(eq(promisesToPay.orderId, order.id), eq(promisesToPay.status, 'open')))
    .orderBy(desc(promisesToPay.id))
    .limit(1);
  if (input.template === 'promise-confirmation' && !promise)
    throw new AppError(Code.BAD_REQUEST, 'There is no open promise to pay to confirm on this loan');
  const template = TEXT_TEMPLATES[input.template];
  const body = fillTemplate(fil ? template.fil : template.en, {
    name: borrower.fullName?.split(' ')[0] ?? (fil ? 'po' : 'there'),
    app: setting.appName,
    orderNo: order.orderNo,
    amount: formatMoney(pastDueOf(readLoanStateOrNull(order.loanState, order), today)),
    promiseAmount: promise ? formatMoney(promise.amount) : '',
    promiseDay: promise?.promisedDay ?? '',
    link: `${setting.publicUrl}${pages.contactConsent}`,
  });
  const attempt = await logContactAttempt(
    db,
    now,
    setting.dailyCap,
    who,
    {
      orderId: order.id,
      channel: 'sms',
      party: 'borrower',
      outcome: 'sms-sent',
      note: `Text: ${template.title}`,
      phone: input.phone,
    },
    { message: body },
  );
  let status = 'sent';
  try {
    await sms.send(borrower.phone, body);
  } catch {
    status = 'failed';
  }
  const [row] = await db
    .insert(collectionTexts)
    .values({
      orderId: order.id,
      attemptId: attempt.id,
      template: input.template,
      language: fil ? 'fil' : 'en',
      phone: borrower.phone,
      body,
      status,
      staffId: who.staffId,
      actor: who.actor,
      sentAt: now,
    })
    .returning({ id: collectionTexts.id });
  if (!row) throw new Error('text not stored');
  if (status === 'failed')
    throw new AppError(
      Code.UNAVAILABLE,
      'The SMS gateway did not take the text; it is kept as failed. Try again later.',
    );
  return { id: row.id, body, phone: borrower.phone, status };
}
