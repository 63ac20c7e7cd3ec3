import { and, asc, desc, eq, isNotNull, isNull, notInArray, sql } from 'drizzle-orm';
import type { CallPayload } from '../../../shared/api/define-call';
import { offsetOf } from '../../../shared/contracts/desk-page';
import type { operatorList } from '../../../shared/contracts/complaints';
import { contractNumberQuery } from '../../../shared/format/contract-number';
import { normalizePhone } from '../../../shared/format/phone';
import { Code } from '../../../shared/codes';
import { fileNameFromUrl } from '../../../shared/contracts/complaints';
import type { Db } from '../../db/client';
import { borrowers, complaints, uploads } from '../../db/schema';
import { AppError, notFound } from '../../http/app-error';
import { complaintDetail, followUpsOf } from './complaint-service';
import { attachStaffImages, ownImages } from '../../providers/storage/uploads';

type Row = { complaint: typeof complaints.$inferSelect; phone: string };

async function toOperatorRows(db: Db, rows: Row[]) {
  const messages = await followUpsOf(
    db,
    rows.map((r) => r.complaint.id),
  );
  return rows.map(({ complaint, phone }) => ({
    ...complaintDetail(complaint, messages.get(complaint.id) ?? []),
    borrowerPhone: phone,
  }));
}

async function toOperatorRow(db: Db, row: Row) {
  const [one] = await toOperatorRows(db, [row]);
  if (!one) throw new Error('operator row lost');
  return one;
}

async function findRow(db: Db, problemId: number): Promise<Row> {
  const [row] = await db
    .select({ complaint: complaints, phone: borrowers.phone })
    .from(complaints)
    .innerJoin(borrowers, eq(borrowers.id, complaints.borrowerId))
    .where(eq(complaints.id, problemId));
  if (!row) throw notFound('The complaint');
  return row;
}

const QUEUES = {
  processing: isNull(complaints.repliedAt),
  replied: and(isNotNull(complaints.repliedAt), isNull(complaints.score)),
  rated: isNotNull(complaints.score),
};

/**
 * One page of a complaints queue (newest first unless sorted), filtered over the whole queue by
 * contract number and phone in any form and by type, with how many the filtered queue holds. A
 * phone or contract number that cannot be one finds nothing.
 */
export async function operatorComplaints(db: Db, query: CallPayload<typeof operatorList>) {
  const { status, orderNo, phone, type } = query;
  const contract = orderNo ? (contractNumberQuery(orderNo) ?? orderNo.toUpperCase()) : undefined;
  const mobile = phone ? (normalizePhone(phone) ?? phone) : undefined;
  const condition = and(
    QUEUES[status],
    contract ? eq(complaints.orderNo, contract) : undefined,
    mobile ? eq(borrowers.phone, mobile) : undefined,
    type ? eq(complaints.problemType, type) : undefined,
  );
  const direction = query.order === 'asc' ? asc : desc;
  const [rows, [count]] = await Promise.all([
    db
      .select({ complaint: complaints, phone: borrowers.phone })
      .from(complaints)
      .innerJoin(borrowers, eq(borrowers.id, complaints.borrowerId))
      .where(condition)
      .orderBy(direction(complaints.createdAt), direction(complaints.id))
      .limit(query.pageSize)
      .offset(offsetOf(query)),
    db
      .select({ total: sql<number>`count(*)::int` })
      .from(complaints)
      .innerJoin(borrowers, eq(borrowers.id, complaints.borrowerId))
      .where(condition),
  ]);
  return { list: await toOperatorRows(db, rows), total: Number(count?.total ?? 0) };
}

/**
 * Answers a complaint (text and staff pictures) and, with askScore, asks the borrower to rate it.
 * A second reply replaces the first; pictures dropped from it stop being visible to the borrower.
 */
export async function replyToComplaint(
  db: Db,
  input: { problemId: number; disposeDetail: string; disposeImages: string[]; askScore: number },
) {
  return db.transaction(async (tx) => {
    const current = await findRow(tx, input.problemId);
    const images = await ownImages(
      tx,
      input.disposeImages,
      { kind: 'staff', complaintId: input.problemId },
      'disposeImages',
    );
    const names = images.map((u) => fileNameFromUrl(u)).filter((n): n is string => n !== null);
    await tx
      .update(uploads)
      .set({ complaintId: null })
      .where(
        and(
          eq(uploads.complaintId, input.problemId),
          isNull(uploads.borrowerId),
          names.length > 0 ? notInArray(uploads.name, names) : undefined,
        ),
      );
    await attachStaffImages(tx, images, input.problemId);
    const asked = current.complaint.score === null && (input.askScore === 1 || current.complaint.isNeedScore === 1);
    await tx
      .update(complaints)
      .set({
        disposeDetail: input.disposeDetail,
        disposeImages: images,
        repliedAt: sql`now()`,
        isNeedScore: asked ? 1 : 0,
      })
      .where(eq(complaints.id, input.problemId));
    return toOperatorRow(tx, await findRow(tx, input.problemId));
  });
}

export async function askForScore(db: Db, problemId: number) {
  const { complaint } = await findRow(db, problemId);
  if (complaint.repliedAt === null)
    throw new AppError(Code.CONFLICT, 'Reply to the complaint before asking for a rating');
  if (complaint.score !== null) throw new AppError(Code.CONFLICT, 'The borrower has already rated this complaint');
  await db.update(complaints).set({ isNeedScore: 1 }).where(eq(complaints.id, problemId));
  return toOperatorRow(db, await findRow(db, problemId));
}
