import { and, desc, eq, isNotNull, isNull, notInArray, sql } from 'drizzle-orm';
import { Code } from '../../../shared/codes';
import { fileNameFromUrl } from '../../../shared/contracts/complaints';
import type { Db } from '../../db/client';
import { borrowers, complaints, uploads } from '../../db/schema';
import { AppError, notFound } from '../../http/app-error';
import { complaintDetail, followUpsOf } from './complaint-service';
import { attachStaffImages, ownImages } from '../../providers/storage/uploads';

const LIST_LIMIT = 200;

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

export async function operatorComplaints(db: Db, status: keyof typeof QUEUES) {
  const rows = await db
    .select({ complaint: complaints, phone: borrowers.phone })
    .from(complaints)
    .innerJoin(borrowers, eq(borrowers.id, complaints.borrowerId))
    .where(QUEUES[status])
    .orderBy(desc(complaints.createdAt), desc(complaints.id))
    .limit(LIST_LIMIT);
  return { list: await toOperatorRows(db, rows) };
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
