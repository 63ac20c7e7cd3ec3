import { randomInt } from 'node:crypto';
import type { Db } from '../db/client';
import { borrowers } from '../db/schema';
import { completeApplicationFor } from '../db/seed/complete-application';
import { SANDBOX_DECLINED_SUFFIX } from '../providers/payment/sandbox-provider';

/**
 * A borrower of their own for one test: a borrower may hold one open application or loan, so a
 * test that makes a loan starts from someone without one. `applied` (the default) gives them the
 * complete application, consent and payout account that submitting an application needs.
 */
export async function newBorrower(db: Db, fullName = 'Test Borrower', { applied = true } = {}): Promise<number> {
  for (;;) {
    const phone = `0917${String(randomInt(0, 10_000_000)).padStart(7, '0')}`;
    // The payout wallet is the mobile number: one the sandbox declines would fail a charge by chance.
    if (phone.endsWith(SANDBOX_DECLINED_SUFFIX)) continue;
    const [row] = await db
      .insert(borrowers)
      .values({ phone, fullName })
      .onConflictDoNothing()
      .returning({ id: borrowers.id });
    if (!row) continue;
    if (applied) await completeApplicationFor(db, row.id);
    return row.id;
  }
}
