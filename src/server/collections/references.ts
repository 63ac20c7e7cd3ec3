import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { applicationAnswers } from '../db/schema';
import { normalPhone } from './phone';

/**
 * Whether a number is one of the character references the borrower named (compared in normal
 * form, however either was typed). A reference's number serves only to verify the application:
 * it is never a collections target, and no collections message goes to it.
 */
export async function isReferenceOf(db: Db, borrowerId: number, phone: string): Promise<boolean> {
  const rows = await db
    .select({ answers: applicationAnswers.answers })
    .from(applicationAnswers)
    .where(and(eq(applicationAnswers.borrowerId, borrowerId), eq(applicationAnswers.section, 'ext')));
  const target = normalPhone(phone);
  return rows.some(({ answers }) => typeof answers.refPhone === 'string' && normalPhone(answers.refPhone) === target);
}
