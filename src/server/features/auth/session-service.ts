import { createHash, randomBytes } from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { prepared } from '../../db/prepared';
import { sessions } from '../../db/schema';
import { recordDevices } from './device';
import { sessionCookieFrom } from './session-cookie';

export interface SessionPolicy {
  idleMinutes: number;
  absoluteDays: number;
}

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** architecture.md: Sessions: a random 256-bit token; only its hash is stored. */
export async function createSession(db: Db, borrowerId: number, policy: SessionPolicy): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(Date.now() + policy.absoluteDays * 86_400_000);
  await db.insert(sessions).values({ tokenHash: hashToken(token), borrowerId, expiresAt });
  return token;
}

/** How stale `last_seen_at` may get before a request writes it again. */
export const TOUCH_AFTER_SECONDS = 60;

const liveSession = (db: Db) =>
  prepared(db, 'live_session', (d) =>
    d
      .select({
        id: sessions.id,
        borrowerId: sessions.borrowerId,
        stale: sql<boolean>`${sessions.lastSeenAt} < now() - make_interval(secs => ${TOUCH_AFTER_SECONDS})`,
      })
      .from(sessions)
      .where(
        and(
          eq(sessions.tokenHash, sql.placeholder('tokenHash')),
          isNull(sessions.revokedAt),
          sql`${sessions.expiresAt} > now()`,
          sql`${sessions.lastSeenAt} > now() - make_interval(mins => ${sql.placeholder('idleMinutes')}::int)`,
        ),
      )
      .prepare('live_session'),
  );

/**
 * The borrower behind a live token, or null when it is unknown, revoked, idle or expired.
 * A prepared read; `last_seen_at` is written only when it is more than a minute old
 * (a write on every call costs a WAL flush), so the idle limit is exact to within that minute.
 */
export async function resolveSession(
  db: Db,
  token: string,
  policy: SessionPolicy,
  appDevice: string | null = null,
): Promise<number | null> {
  if (!token || token.length > 200) return null;
  const [row] = await liveSession(db).execute({ tokenHash: hashToken(token), idleMinutes: policy.idleMinutes });
  if (!row) return null;
  if (row.stale) {
    await db.update(sessions).set({ lastSeenAt: sql`now()` }).where(eq(sessions.id, row.id));
    // A session the native app holds may never have passed our login: its deviceId (in every
    // call's address) is recorded with the same once-a-minute write, not on every call.
    if (appDevice) await recordDevices(db, row.borrowerId, [{ kind: 'app', value: appDevice }]);
  }
  return row.borrowerId;
}

export async function revokeSession(db: Db, token: string): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: sql`now()` })
    .where(eq(sessions.tokenHash, hashToken(token)));
}

/**
 * The tokens a request carries, strongest first: `Authorization: Session <token>`, the legacy
 * `sessionId` query parameter (both from the native app), then the web login's cookie.
 */
export function tokensFrom(headers: Record<string, unknown>, query: unknown): string[] {
  const found: string[] = [];
  const auth = headers.authorization;
  if (typeof auth === 'string') {
    const match = /^Session\s+(\S+)$/i.exec(auth.trim());
    if (match?.[1]) found.push(match[1]);
  }
  const fromQuery = (query as { sessionId?: unknown } | undefined)?.sessionId;
  if (typeof fromQuery === 'string' && fromQuery) found.push(fromQuery);
  const fromCookie = sessionCookieFrom(headers.cookie);
  if (fromCookie) found.push(fromCookie);
  return [...new Set(found)];
}

/** The token a request is served with (the first of `tokensFrom`), or null. */
export function tokenFrom(headers: Record<string, unknown>, query: unknown): string | null {
  return tokensFrom(headers, query)[0] ?? null;
}
