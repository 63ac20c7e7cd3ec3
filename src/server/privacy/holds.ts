import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { privacyHolds } from '../db/schema';

/**
 * Whether a borrower's data is blocked: they asked for blocking, or it was erased and what is kept
 * is kept only for a legal duty. Blocked data is stored and used for that duty only: no marketing,
 * no reference notices, no new processing (docs/privacy.md "Blocking").
 */
export async function isBlocked(db: Pick<Db, 'select'>, borrowerId: number): Promise<boolean> {
  const rows = await db
    .select({ id: privacyHolds.id })
    .from(privacyHolds)
    .where(eq(privacyHolds.borrowerId, borrowerId))
    .limit(1);
  return rows.length > 0;
}
