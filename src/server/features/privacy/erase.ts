import { type and, eq, inArray, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  applicationAnswers,
  borrowerDevices,
  borrowers,
  complaintMessages,
  complaints,
  otpCodes,
  payoutAccounts,
  sessions,
  uploads,
} from '../../db/schema';
import type { ImageStorage } from '../../providers/storage/image-storage';
import { refreshAfterSave, signalValuesBefore } from '../../duplicate-signals/flags';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/**
 * Removes stored pictures: the bytes are overwritten with nothing (every store replaces a name on a
 * later write) and the upload rows, which every picture route reads first, are deleted, so no
 * address serves them again. Returns how many.
 */
export async function wipeUploads(
  db: Db | Tx,
  storage: ImageStorage,
  where: ReturnType<typeof eq> | ReturnType<typeof and>,
): Promise<number> {
  const rows = await db.select({ id: uploads.id, name: uploads.name }).from(uploads).where(where);
  for (const row of rows) await storage.put(row.name, Buffer.alloc(0));
  if (rows.length)
    await db.delete(uploads).where(
      inArray(
        uploads.id,
        rows.map((r) => r.id),
      ),
    );
  return rows.length;
}

/** The identification kept when a borrower who had a loan is erased (docs/privacy.md "Erasure"). */
export interface KeptIdentity {
  fullName: string;
  birthDate: string;
  idType: string;
  idNumber: string;
}

/**
 * Erases or anonymises everything held about a borrower that no legal duty keeps: the application's
 * answers, every picture, payout account numbers, sign-in records, the words of complaints, and the
 * name and number on the account (the number becomes `erased-<id>`, so it can sign up afresh). The
 * loan and money records are not touched here (only the money core writes those): they stay, tied
 * to an account that no longer names anyone. Returns the identification that was on file.
 */
export async function anonymiseBorrower(tx: Tx, storage: ImageStorage, borrowerId: number): Promise<KeptIdentity> {
  const borrower = await tx.query.borrowers.findFirst({ where: eq(borrowers.id, borrowerId) });
  if (!borrower) throw new Error(`no borrower ${borrowerId}`);
  const answers = await tx.select().from(applicationAnswers).where(eq(applicationAnswers.borrowerId, borrowerId));
  const of = (section: string) => answers.find((a) => a.section === section)?.answers ?? {};
  const kept: KeptIdentity = {
    fullName: of('personal').fullName ?? borrower.fullName ?? '',
    birthDate: of('personal').birthDate ?? '',
    idType: of('public').idType ?? '',
    idNumber: of('public').idNumber ?? '',
  };
  // The ID number, accounts, mobile and devices go: the credit desk's signal flags follow.
  const signalValues = await signalValuesBefore(tx, borrowerId);
  await tx.delete(applicationAnswers).where(eq(applicationAnswers.borrowerId, borrowerId));
  await wipeUploads(tx, storage, eq(uploads.borrowerId, borrowerId));
  await tx
    .update(complaints)
    .set({ detail: '(erased at the borrower’s request)', images: [] })
    .where(eq(complaints.borrowerId, borrowerId));
  // The conversation after a reply (the borrower's answers and staff's replies) goes with them.
  await tx
    .update(complaintMessages)
    .set({ body: '(erased at the borrower’s request)', images: [] })
    .where(
      inArray(
        complaintMessages.complaintId,
        tx.select({ id: complaints.id }).from(complaints).where(eq(complaints.borrowerId, borrowerId)),
      ),
    );
  await tx
    .update(payoutAccounts)
    .set({ accountName: '', accountNo: `erased-${borrowerId}`, fields: {} })
    .where(eq(payoutAccounts.borrowerId, borrowerId));
  await tx.delete(sessions).where(eq(sessions.borrowerId, borrowerId));
  await tx.delete(borrowerDevices).where(eq(borrowerDevices.borrowerId, borrowerId));
  await tx.delete(otpCodes).where(eq(otpCodes.phone, borrower.phone));
  await tx
    .update(borrowers)
    .set({
      phone: `erased-${borrowerId}`,
      fullName: null,
      appFrom: null,
      userFrom: null,
      utmTag: null,
      inviteCode: null,
    })
    .where(eq(borrowers.id, borrowerId));
  await refreshAfterSave(tx, borrowerId, signalValues);
  return kept;
}

/** Rows of a table older than a moment, for the retention job. */
export const olderThan = (column: Parameters<typeof lt>[0], before: Date) =>
  lt(column, sql`${before.toISOString()}::timestamptz`);
