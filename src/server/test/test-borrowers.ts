import { randomInt } from 'node:crypto';
import type { Db } from '../db/client';
import { borrowers } from '../db/schema';

/**
 * A borrower of their own for one test: a borrower may hold one open application or loan, so a
 * test that makes a loan starts from someone without one.
 */
export async function newBorrower(db: Db, fullName = 'Test Borrower'): Promise<number> {
  for (;;) {
    const phone = `0917${String(randomInt(0, 10_000_000)).padStart(7, '0')}`;
    const [row] = await db.insert(borrowers).values({ phone, fullName }).onConflictDoNothing().returning({ id: borrowers.id });
    if (row) return row.id;
  }
}
