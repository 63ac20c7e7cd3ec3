import { and, desc, eq, gt, isNull } from 'drizzle-orm';
import type { Db } from '../db/client';
import { outOfHoursConsents } from '../db/schema';
import type { ConsentDays } from './consent-rules';

export type ConsentSource = 'borrower-page' | 'sms-reply';

export interface ConsentView {
  id: number;
  source: ConsentSource;
  evidence: Record<string, string>;
  givenAt: string;
  expiresAt: string;
  revokedAt: string | null;
  revokedVia: string | null;
}

const view = (row: typeof outOfHoursConsents.$inferSelect): ConsentView => ({
  id: row.id,
  source: row.source as ConsentSource,
  evidence: row.evidence,
  givenAt: row.givenAt.toISOString(),
  expiresAt: row.expiresAt.toISOString(),
  revokedAt: row.revokedAt?.toISOString() ?? null,
  revokedVia: row.revokedVia,
});

/** The borrower's consent in force at `now` (given, not expired, not revoked), or null. */
export async function activeConsent(db: Db, borrowerId: number, now: Date): Promise<ConsentView | null> {
  const [row] = await db
    .select()
    .from(outOfHoursConsents)
    .where(
      and(
        eq(outOfHoursConsents.borrowerId, borrowerId),
        isNull(outOfHoursConsents.revokedAt),
        gt(outOfHoursConsents.expiresAt, now),
      ),
    )
    .orderBy(desc(outOfHoursConsents.expiresAt), desc(outOfHoursConsents.id))
    .limit(1);
  return row ? view(row) : null;
}

/** The borrower's latest consent, in force or not (what the desk shows as evidence). */
export async function latestConsent(db: Db, borrowerId: number): Promise<ConsentView | null> {
  const [row] = await db
    .select()
    .from(outOfHoursConsents)
    .where(eq(outOfHoursConsents.borrowerId, borrowerId))
    .orderBy(desc(outOfHoursConsents.givenAt), desc(outOfHoursConsents.id))
    .limit(1);
  return row ? view(row) : null;
}

/**
 * The borrower consents to contact outside 6 AM–10 PM for `days` days from `now`. A consent in
 * force is replaced (revoked, then given again), so one is in force at a time.
 */
export async function giveConsent(
  db: Db,
  borrowerId: number,
  now: Date,
  days: ConsentDays,
  source: ConsentSource,
  evidence: Record<string, string>,
): Promise<ConsentView> {
  return db.transaction(async (tx) => {
    await tx
      .update(outOfHoursConsents)
      .set({ revokedAt: now, revokedVia: source })
      .where(and(eq(outOfHoursConsents.borrowerId, borrowerId), isNull(outOfHoursConsents.revokedAt)));
    const [row] = await tx
      .insert(outOfHoursConsents)
      .values({
        borrowerId,
        source,
        evidence,
        givenAt: now,
        expiresAt: new Date(now.getTime() + days * 86_400_000),
      })
      .returning();
    if (!row) throw new Error('consent not stored');
    return view(row);
  });
}

/** The borrower withdraws any consent in force; true when there was one. */
export async function revokeConsent(db: Db, borrowerId: number, now: Date, via: ConsentSource): Promise<boolean> {
  const rows = await db
    .update(outOfHoursConsents)
    .set({ revokedAt: now, revokedVia: via })
    .where(
      and(
        eq(outOfHoursConsents.borrowerId, borrowerId),
        isNull(outOfHoursConsents.revokedAt),
        gt(outOfHoursConsents.expiresAt, now),
      ),
    )
    .returning({ id: outOfHoursConsents.id });
  return rows.length > 0;
}
