import { createHash, randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { prepared } from '../../db/prepared';
import { sessions } from '../../db/schema';
import { recordDevices } from './device';
import { sessionCookieFrom } from './session-cookie';
import { type LiveSessionRow, liveSessionColumns, liveSessionWhere } from '../../http/session-in-read';

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

const liveSession = (db: Db) =>
  prepared(db, 'live_session', (d) =>
    d.select(liveSessionColumns).from(sessions).where(liveSessionWhere()).prepare('live_session'),
  );

/**
 * `last_seen_at` is written only when it is more than a minute old (a write on every call costs a
 * WAL flush), so the idle limit is exact to within that minute.
 */
export async function touchSession(db: Db, row: LiveSessionRow, appDevice: string | null): Promise<void> {
  if (!row.sessionStale) return;
  await db.update(sessions).set({ lastSeenAt: sql`now()` }).where(eq(sessions.id, row.sessionId));
  // A session the native app holds may never have passed our login: its deviceId (in every
  // call's address) is recorded with the same once-a-minute write, not on every call.
  if (appDevice) await recordDevices(db, row.sessionBorrowerId, [{ kind: 'app', value: appDevice }]);
}

/** A token we would look up at all (anything longer is refused unread). */
export const plausibleToken = (token: string | null): token is string => !!token && token.length <= 200;

/** The borrower behind a live token, or null when it is unknown, revoked, idle or expired (a prepared read). */
export async function resolveSession(
  db: Db,
  token: string,
  policy: SessionPolicy,
  appDevice: string | null = null,
): Promise<number | null> {
  if (!plausibleToken(token)) return null;
  const [row] = await liveSession(db).execute({ tokenHash: hashToken(token), idleMinutes: policy.idleMinutes });
  if (!row) return null;
  await touchSession(db, row, appDevice);
  return row.sessionBorrowerId;
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
