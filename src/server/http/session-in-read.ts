import { and, eq, isNull, sql } from 'drizzle-orm';
import { sessions } from '../db/schema';

/** How stale `last_seen_at` may get before a request writes it again. */
export const TOUCH_AFTER_SECONDS = 60;

/**
 * What a read that checks the session in its own statement selects and filters on: the session
 * row of a token hash that is not revoked, expired or idle (its values go in as the placeholders
 * `tokenHash` and `idleMinutes`). `liveSession` is this alone; the hot borrower pages join their
 * data to it (`SessionInRead`).
 */
export const liveSessionColumns = {
  sessionId: sessions.id,
  sessionBorrowerId: sessions.borrowerId,
  sessionStale: sql<boolean>`${sessions.lastSeenAt} < now() - make_interval(secs => ${TOUCH_AFTER_SECONDS})`,
};
export const liveSessionWhere = () =>
  and(
    eq(sessions.tokenHash, sql.placeholder('tokenHash')),
    isNull(sessions.revokedAt),
    sql`${sessions.expiresAt} > now()`,
    sql`${sessions.lastSeenAt} > now() - make_interval(mins => ${sql.placeholder('idleMinutes')}::int)`,
  );
export type LiveSessionRow = { sessionId: number; sessionBorrowerId: number; sessionStale: boolean };

/**
 * A hot borrower read that checks the session in its own statement: it selects
 * `liveSessionColumns` from the live session of `tokenHash` (placeholders `tokenHash` and
 * `idleMinutes`, filtered by `liveSessionWhere`) joined with its page's data, and hands the row
 * it found (or none) to `admit`, which refuses exactly as the session hook (plugins/session.ts)
 * does and returns the borrower. One round trip instead of two; answers and codes stay those of
 * every other route.
 */
export interface SessionInRead {
  tokenHash: string;
  idleMinutes: number;
  admit(row: LiveSessionRow | undefined): Promise<number>;
}
