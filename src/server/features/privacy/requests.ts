import { and, asc, desc, eq, isNotNull, isNull } from 'drizzle-orm';
import { Code } from '../../../shared/codes';
import { CORRECTABLE, type CorrectableField, type RequestKind } from '../../../shared/contracts/privacy';
import { OPEN_STATUSES } from '../../../shared/order-status';
import type { Db } from '../../db/client';
import { applicationAnswers, borrowers, loanOrders, privacyHolds, privacyRequests } from '../../db/schema';
import { AppError, notFound } from '../../http/app-error';
import type { SmsProvider } from '../../providers/sms/sms-provider';
import type { ImageStorage } from '../../providers/storage/image-storage';
import { anonymiseBorrower } from './erase';
import { outcomeSms } from './outcome-sms';

type Row = typeof privacyRequests.$inferSelect;
const DAY_MS = 86_400_000;

export const requestView = (r: Row) => ({
  id: r.id,
  kind: r.kind as RequestKind,
  detail: r.detail,
  status: r.status as 'open' | 'done' | 'refused',
  createdAt: r.createdAt.toISOString(),
  dueAt: r.dueAt.toISOString(),
  answeredAt: r.answeredAt?.toISOString() ?? null,
  outcome: r.outcome,
});

export interface PrivacySettings {
  /** Days the desk has to answer (PRIVACY_REQUEST_DAYS). */
  requestDays: number;
  /** Years a loan's records are kept after it ends (PRIVACY_LOAN_RECORDS_YEARS). */
  loanYears: number;
}

/** Logs a request with its legal deadline; `answered` logs one that took effect at once (consent, objection, access). */
export async function logRequest(
  db: Pick<Db, 'insert'>,
  borrowerId: number,
  kind: RequestKind,
  detail: Record<string, string>,
  now: Date,
  settings: PrivacySettings,
  answered?: string,
) {
  const [row] = await db
    .insert(privacyRequests)
    .values({
      borrowerId,
      kind,
      detail,
      createdAt: now,
      dueAt: new Date(now.getTime() + settings.requestDays * DAY_MS),
      ...(answered ? { status: 'done', answeredAt: now, answeredBy: 'automatic', outcome: answered } : {}),
    })
    .returning();
  return requestView(row!);
}

/** A correction, erasure or blocking asked for in My data; one open request of a kind at a time. */
export async function askForRequest(
  db: Db,
  borrowerId: number,
  input: { kind: 'correction' | 'erasure' | 'blocking'; field?: CorrectableField; value?: string; note?: string },
  now: Date,
  settings: PrivacySettings,
) {
  const open = await db
    .select({ id: privacyRequests.id })
    .from(privacyRequests)
    .where(
      and(
        eq(privacyRequests.borrowerId, borrowerId),
        eq(privacyRequests.kind, input.kind),
        eq(privacyRequests.status, 'open'),
      ),
    );
  if (open.length && input.kind !== 'correction')
    throw new AppError(
      Code.CONFLICT,
      'You have already asked for this; the privacy desk will answer by the date shown',
    );
  if (input.kind === 'correction' && input.field && (input.value ?? '').length > CORRECTABLE[input.field])
    throw new AppError(Code.BAD_REQUEST, `Use at most ${CORRECTABLE[input.field]} characters`, { field: 'value' });
  const detail: Record<string, string> = {};
  if (input.field) detail.field = input.field;
  if (input.value) detail.value = input.value;
  if (input.note) detail.note = input.note;
  return logRequest(db, borrowerId, input.kind, detail, now, settings);
}

const deskView = (r: Row, phone: string) => ({
  ...requestView(r),
  borrowerId: r.borrowerId,
  phone,
  answeredBy: r.answeredBy,
});

export async function deskList(db: Db, status: 'open' | 'answered') {
  const rows = await db
    .select({ r: privacyRequests, phone: borrowers.phone })
    .from(privacyRequests)
    .innerJoin(borrowers, eq(borrowers.id, privacyRequests.borrowerId))
    .where(status === 'open' ? eq(privacyRequests.status, 'open') : isNotNull(privacyRequests.answeredAt))
    .orderBy(status === 'open' ? asc(privacyRequests.dueAt) : desc(privacyRequests.answeredAt))
    .limit(200);
  return { list: rows.map(({ r, phone }) => deskView(r, phone)) };
}

const addYears = (d: Date, years: number) => {
  const copy = new Date(d);
  copy.setUTCFullYear(copy.getUTCFullYear() + years);
  return copy.toISOString().slice(0, 10);
};

/** The request's effect when the desk says done: the correction applied, the erasure or the blocking carried out. */
async function carryOut(
  tx: Parameters<Parameters<Db['transaction']>[0]>[0],
  storage: ImageStorage,
  r: Row,
  settings: PrivacySettings,
): Promise<Record<string, unknown>> {
  if (r.kind === 'correction') {
    const [section, field] = (r.detail.field ?? '').split('.') as [string, string];
    const row = await tx.query.applicationAnswers.findFirst({
      where: and(eq(applicationAnswers.borrowerId, r.borrowerId), eq(applicationAnswers.section, section)),
    });
    if (!row) throw new AppError(Code.CONFLICT, 'That answer is no longer held: nothing to correct');
    const before = row.answers[field] ?? '';
    const after = r.detail.value ?? '';
    await tx
      .update(applicationAnswers)
      .set({ answers: { ...row.answers, [field]: after } })
      .where(and(eq(applicationAnswers.borrowerId, r.borrowerId), eq(applicationAnswers.section, section)));
    if (r.detail.field === 'personal.fullName')
      await tx.update(borrowers).set({ fullName: after }).where(eq(borrowers.id, r.borrowerId));
    return { field: r.detail.field, before, after };
  }
  const loans = await tx
    .select({ orderNo: loanOrders.orderNo, status: loanOrders.status, updatedAt: loanOrders.updatedAt })
    .from(loanOrders)
    .where(eq(loanOrders.borrowerId, r.borrowerId));
  if (r.kind === 'blocking') {
    await tx.insert(privacyHolds).values({
      borrowerId: r.borrowerId,
      kind: 'blocked',
      what: 'All your personal data',
      reason: 'Blocked at your request: stored, and used only for the loan contract and the law',
    });
    return { blocked: true };
  }
  // Erasure.
  if (loans.some((l) => (OPEN_STATUSES as readonly number[]).includes(l.status)))
    throw new AppError(
      Code.CONFLICT,
      'An open loan needs these records until it ends (RA 10173 §12(b)): refuse with that reason, or block instead',
    );
  const kept = await anonymiseBorrower(tx, storage, r.borrowerId);
  if (loans.length) {
    const last = loans.reduce((a, l) => (l.updatedAt > a ? l.updatedAt : a), loans[0]!.updatedAt);
    const until = addYears(last, settings.loanYears);
    await tx.insert(privacyHolds).values([
      {
        borrowerId: r.borrowerId,
        kind: 'kept',
        what: `Loan records: ${loans.map((l) => l.orderNo).join(', ')} (contract, schedule, payments, journals)`,
        reason: `Kept for ${settings.loanYears} years after the loan ends: anti-money-laundering and tax record keeping`,
        keptUntil: until,
      },
      {
        borrowerId: r.borrowerId,
        kind: 'kept',
        what: `Identification: ${kept.fullName}, born ${kept.birthDate || '—'}, ${kept.idType || 'ID'} ${kept.idNumber || '—'}`,
        reason: 'Kept with the loan records (RA 9160 as amended §9: identification records of an account)',
        keptUntil: until,
      },
    ]);
  }
  return { erased: true, keptLoans: loans.map((l) => l.orderNo) };
}

/** The desk's answer: done carries the request out, refused changes nothing; either way the borrower is told by SMS. */
export async function answerRequest(
  db: Db,
  sms: SmsProvider,
  storage: ImageStorage,
  input: { id: number; status: 'done' | 'refused'; outcome: string },
  staffId: string,
  now: Date,
  settings: PrivacySettings,
) {
  const { row, phone, language } = await db.transaction(async (tx) => {
    const [current] = await tx
      .select({ r: privacyRequests, phone: borrowers.phone, language: borrowers.language })
      .from(privacyRequests)
      .innerJoin(borrowers, eq(borrowers.id, privacyRequests.borrowerId))
      .where(eq(privacyRequests.id, input.id))
      .for('update');
    if (!current) throw notFound('The request');
    if (current.r.status !== 'open') throw new AppError(Code.CONFLICT, 'This request has been answered already');
    const effect = input.status === 'done' ? await carryOut(tx, storage, current.r, settings) : null;
    const [updated] = await tx
      .update(privacyRequests)
      .set({ status: input.status, outcome: input.outcome, answeredAt: now, answeredBy: staffId, effect })
      .where(and(eq(privacyRequests.id, input.id), isNull(privacyRequests.answeredAt)))
      .returning();
    return { row: updated!, phone: current.phone, language: current.language };
  });
  // Sent after the answer is stored: an SMS that fails leaves the answer in My data.
  await sms
    .send(phone, outcomeSms(row.kind as RequestKind, input.status, input.outcome, language))
    .catch(() => undefined);
  const [shown] = await db.select({ phone: borrowers.phone }).from(borrowers).where(eq(borrowers.id, row.borrowerId));
  return deskView(row, shown?.phone ?? phone);
}

export const requestsOf = async (db: Pick<Db, 'select'>, borrowerId: number) =>
  (
    await db
      .select()
      .from(privacyRequests)
      .where(eq(privacyRequests.borrowerId, borrowerId))
      .orderBy(desc(privacyRequests.id))
  ).map(requestView);
