import { and, asc, count, desc, eq, gt, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { CallPayload } from '../../../shared/api/define-call';
import { Code } from '../../../shared/codes';
import { complaintReplyBy } from '../../../shared/complaint-reply';
import {
  COLLECTION_TYPE,
  COMPLAINT_FOLLOW_UPS_MAX,
  complaintTicketNo,
  type problemSave,
} from '../../../shared/contracts/complaints';
import type { Db } from '../../db/client';
import { prepared } from '../../db/prepared';
import { complaintMessages, complaints, sessions } from '../../db/schema';
import { AppError, notFound } from '../../http/app-error';
import { liveSessionColumns, liveSessionWhere, type SessionInRead } from '../../http/session-in-read';
import type { ReplyLocale } from '../../i18n/reply-locale';
import { replyText } from '../../i18n/reply-texts';
import { COLLECTION_SUB_TYPES, PROBLEM_TYPES, problemKinds, subTypeLabel, typeLabel } from './catalogue';
import { findOwnOrder, findOwnOrderById, listOrders } from './orders';
import { lockBorrower, ownImages } from '../../providers/storage/uploads';

/** Complaints one borrower may file in 24 hours. */
export const DAILY_COMPLAINT_LIMIT = 20;
const LIST_LIMIT = 200;
/** Advisory-lock namespace of the per-borrower complaint count (no other feature uses it). */
const COMPLAINT_LOCK_NAMESPACE = 8_010;

/** spec 000 §7 problem-init. */
export async function complaintStart(
  db: Db,
  borrowerId: number,
  orderId: number | undefined,
  locale: ReplyLocale = 'en',
) {
  const orderList = await listOrders(db, borrowerId, locale);
  let orderDetail = orderList[0] ?? null;
  if (orderId !== undefined) {
    orderDetail =
      orderList.find((o) => o.orderId === orderId) ?? (await findOwnOrderById(db, borrowerId, orderId, locale));
    if (!orderDetail) throw notFound('The order');
  }
  return {
    ...problemKinds(locale),
    orderDetail,
    orderList,
  };
}

/** spec 000 §5, §7 problem-save: every rule is checked before anything is written. */
export async function fileComplaint(
  db: Db,
  borrowerId: number,
  input: CallPayload<typeof problemSave>,
): Promise<{ problemId: number; ticketNo: string; replyBy: string }> {
  if (!PROBLEM_TYPES.some((t) => t.value === input.problemType)) {
    throw new AppError(Code.BAD_REQUEST, 'Choose one of the question types', { field: 'problemType' });
  }
  const isCollection = input.problemType === COLLECTION_TYPE;
  if (isCollection && !COLLECTION_SUB_TYPES.some((t) => t.value === input.problemSonType)) {
    throw new AppError(Code.BAD_REQUEST, 'Choose what went wrong with the collection', { field: 'problemSonType' });
  }
  if (!isCollection && input.problemSonType !== undefined) {
    throw new AppError(Code.BAD_REQUEST, 'Sub-types are only for collection complaints', { field: 'problemSonType' });
  }
  const order = input.orderNo ? await findOwnOrder(db, borrowerId, input.orderNo) : null;
  if (input.orderNo && !order) throw new AppError(Code.NOT_FOUND, 'The order was not found', { field: 'orderNo' });
  if (isCollection && !order) {
    throw new AppError(Code.BAD_REQUEST, 'Choose the order your collection complaint is about', { field: 'orderNo' });
  }
  if (isCollection && order?.isShow !== 1) {
    throw new AppError(
      Code.COLLECTION_COMPLAINT_REFUSED,
      'Collection complaints can only be filed for a loan that is due or overdue',
      { field: 'problemType' },
    );
  }
  const images = await ownImages(db, input.problemImage, { kind: 'borrower', borrowerId }, 'problemImage');

  // The count and the insert run under a transaction lock on the borrower, so a burst of parallel
  // saves is counted one by one and none slips past a count read before the others were written.
  const row = await db.transaction(async (tx) => {
    await lockBorrower(tx, COMPLAINT_LOCK_NAMESPACE, borrowerId);
    const [recent] = await tx
      .select({ n: count() })
      .from(complaints)
      .where(and(eq(complaints.borrowerId, borrowerId), gt(complaints.createdAt, sql`now() - interval '1 day'`)));
    if ((recent?.n ?? 0) >= DAILY_COMPLAINT_LIMIT) return null;
    const [stored] = await tx
      .insert(complaints)
      .values({
        borrowerId,
        orderNo: order?.orderNo ?? null,
        problemType: input.problemType,
        problemSonType: isCollection ? (input.problemSonType ?? null) : null,
        detail: input.problemDetail,
        images,
      })
      .returning({ id: complaints.id, createdAt: complaints.createdAt });
    if (!stored) throw new Error('complaint not stored');
    return stored;
  });
  if (!row) throw new AppError(Code.RATE_LIMITED, 'You have sent many complaints today. We will reply to them soon');
  return { problemId: row.id, ticketNo: complaintTicketNo(row.id), replyBy: complaintReplyBy(row.createdAt) };
}

/**
 * The list's read with the session check, prepared once (planned once per pooled connection): the
 * live session of the token joined with its borrower's complaints, one row each (or one row
 * without a complaint). No row means no live session.
 */
const sessionAndComplaints = (db: Db) =>
  prepared(db, 'complaints_of_session', (d) =>
    d
      .select({ ...liveSessionColumns, complaint: complaints })
      .from(sessions)
      .leftJoin(complaints, eq(complaints.borrowerId, sessions.borrowerId))
      .where(liveSessionWhere())
      .orderBy(desc(complaints.createdAt), desc(complaints.id))
      .limit(LIST_LIMIT)
      .prepare('complaints_of_session'),
  );

/** spec 000 §7 problem-list: Processing and Replied tabs, newest first. */
export async function complaintTabs(db: Db, session: SessionInRead, locale: ReplyLocale = 'en') {
  const found = await sessionAndComplaints(db).execute({
    tokenHash: session.tokenHash,
    idleMinutes: session.idleMinutes,
  });
  await session.admit(found[0]);
  const rows = found.flatMap((r) => (r.complaint ? [r.complaint] : []));
  const row = (c: typeof complaints.$inferSelect) => ({
    id: c.id,
    time: c.createdAt.toISOString(),
    type: typeLabel(c.problemType, locale),
    content: c.detail,
  });
  return {
    tabs: [
      {
        title: replyText(locale, 'complaints.processing'),
        status: 0,
        list: rows.filter((c) => c.repliedAt === null).map(row),
      },
      {
        title: replyText(locale, 'complaints.replied'),
        status: 1,
        list: rows.filter((c) => c.repliedAt !== null).map(row),
      },
    ],
  };
}

type ComplaintRow = typeof complaints.$inferSelect;
type MessageRow = typeof complaintMessages.$inferSelect;

/** The conversation after the first reply of each complaint, oldest first. */
export async function followUpsOf(db: Db, complaintIds: number[]): Promise<Map<number, MessageRow[]>> {
  const byComplaint = new Map<number, MessageRow[]>();
  if (complaintIds.length === 0) return byComplaint;
  const rows = await db
    .select()
    .from(complaintMessages)
    .where(inArray(complaintMessages.complaintId, complaintIds))
    .orderBy(asc(complaintMessages.id));
  for (const row of rows) byComplaint.set(row.complaintId, [...(byComplaint.get(row.complaintId) ?? []), row]);
  return byComplaint;
}

const answersIn = (messages: MessageRow[]) => messages.filter((m) => m.author === 'borrower').length;

/** The detail shape of spec 000 §3; isNeedScore is 1 only while a rating is asked and not given. */
export function complaintDetail(c: ComplaintRow, messages: MessageRow[], locale: ReplyLocale = 'en') {
  return {
    problemId: c.id,
    ticketNo: complaintTicketNo(c.id),
    type: typeLabel(c.problemType, locale),
    sonType: subTypeLabel(c.problemSonType, locale),
    content: c.detail,
    images: c.images,
    orderNo: c.orderNo ?? '',
    time: c.createdAt.toISOString(),
    disposeDetail: c.disposeDetail ?? '',
    disposeImages: c.disposeImages,
    repliedAt: c.repliedAt?.toISOString() ?? null,
    status: c.repliedAt === null ? 0 : 1,
    // A reopened complaint is promised a reply counted from the day it was reopened.
    replyBy: complaintReplyBy(c.reopenedAt ?? c.createdAt),
    isNeedScore: c.isNeedScore !== 0 && c.score === null && c.repliedAt !== null ? 1 : 0,
    score: c.score,
    followUps: messages.map((m) => ({
      author: m.author === 'staff' ? ('staff' as const) : ('borrower' as const),
      body: m.body,
      images: m.images,
      time: m.createdAt.toISOString(),
    })),
    canAnswer: c.repliedAt !== null && answersIn(messages) < COMPLAINT_FOLLOW_UPS_MAX ? 1 : 0,
  };
}

async function ownComplaint(db: Db, borrowerId: number, problemId: number) {
  const [row] = await db
    .select()
    .from(complaints)
    .where(and(eq(complaints.id, problemId), eq(complaints.borrowerId, borrowerId)));
  // Another borrower's complaint reads exactly like a missing one.
  if (!row) throw notFound('The complaint');
  return row;
}

export async function readComplaint(db: Db, borrowerId: number, problemId: number, locale: ReplyLocale = 'en') {
  const row = await ownComplaint(db, borrowerId, problemId);
  return complaintDetail(row, (await followUpsOf(db, [row.id])).get(row.id) ?? [], locale);
}

/**
 * The borrower answers the reply: the reply answered moves into the conversation, the answer
 * follows it, and the complaint is open again (back in the support desk's queue) with a new
 * reply-by day. The update is conditional on the complaint being replied, so of two answers sent
 * at once only one reopens it and the other is refused.
 */
export async function answerReply(db: Db, borrowerId: number, problemId: number, text: string) {
  const own = await ownComplaint(db, borrowerId, problemId);
  const reopened = await db.transaction(async (tx) => {
    const [before] = await tx
      .select()
      .from(complaints)
      .where(and(eq(complaints.id, own.id), isNotNull(complaints.repliedAt)))
      .for('update');
    if (!before) return null;
    const [sent] = await tx
      .select({ n: count() })
      .from(complaintMessages)
      .where(and(eq(complaintMessages.complaintId, own.id), eq(complaintMessages.author, 'borrower')));
    if ((sent?.n ?? 0) >= COMPLAINT_FOLLOW_UPS_MAX) return 'full' as const;
    await tx.insert(complaintMessages).values([
      {
        complaintId: own.id,
        author: 'staff',
        body: before.disposeDetail ?? '',
        images: before.disposeImages,
        createdAt: before.repliedAt ?? undefined,
      },
      { complaintId: own.id, author: 'borrower', body: text },
    ]);
    const [after] = await tx
      .update(complaints)
      .set({ repliedAt: null, disposeDetail: null, disposeImages: [], isNeedScore: 0, reopenedAt: sql`now()` })
      .where(eq(complaints.id, own.id))
      .returning();
    return after ?? null;
  });
  if (reopened === 'full') {
    throw new AppError(
      Code.CONFLICT,
      'This complaint has had the most answers it can take. You can take it to the SEC',
    );
  }
  if (!reopened)
    throw new AppError(Code.CONFLICT, 'This complaint is waiting for our reply; you can answer once we reply');
  return { problemId: reopened.id, status: 0, replyBy: complaintReplyBy(reopened.reopenedAt ?? reopened.createdAt) };
}

/** spec 000 §3 Score, §4 rating: once, only when asked; a concurrent second rating loses. */
export async function rateComplaint(db: Db, borrowerId: number, problemId: number, score: number) {
  const [rated] = await db
    .update(complaints)
    .set({ score, scoredAt: sql`now()`, isNeedScore: 0 })
    .where(
      and(
        eq(complaints.id, problemId),
        eq(complaints.borrowerId, borrowerId),
        eq(complaints.isNeedScore, 1),
        isNull(complaints.score),
        isNotNull(complaints.repliedAt),
      ),
    )
    .returning({ id: complaints.id, score: complaints.score });
  if (rated) return { problemId: rated.id, score };
  const row = await ownComplaint(db, borrowerId, problemId);
  if (row.score !== null) throw new AppError(Code.CONFLICT, 'You have already rated this service');
  throw new AppError(Code.CONFLICT, 'This complaint is not waiting for a rating');
}
