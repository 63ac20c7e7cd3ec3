import { createHash, randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { borrowerDevices } from '../../db/schema';
import { savingSignals } from '../../duplicate-signals/flags';

/**
 * A browser's device: a random first-party cookie the server sets at sign-in when the browser
 * has none, kept two years, so borrowers signing in from one browser can be told apart from
 * borrowers who merely share data. HttpOnly and SameSite=Lax like the session cookie, and Secure
 * under the same rule.
 */
export const DEVICE_COOKIE = 'hiram_device';
const TWO_YEARS_SECONDS = 2 * 365 * 86_400;

export function deviceCookieFrom(cookieHeader: unknown): string | null {
  if (typeof cookieHeader !== 'string') return null;
  for (const part of cookieHeader.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0 || part.slice(0, eq).trim() !== DEVICE_COOKIE) continue;
    const value = part.slice(eq + 1).trim();
    return /^[A-Za-z0-9_-]{32,64}$/.test(value) ? value : null;
  }
  return null;
}

export const newDeviceId = () => randomBytes(32).toString('base64url');

export function deviceCookie(value: string, secure: boolean): string {
  return `${DEVICE_COOKIE}=${value}; Max-Age=${TWO_YEARS_SECONDS}; Path=/owner; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`;
}

/**
 * The native app's device identifier, from the session parameters it adds to every call's
 * address (spec 000 §3 session parameters and spec 001 §2.3 test page: `deviceId`).
 */
export function appDeviceIdFrom(query: unknown): string | null {
  const value = (query as { deviceId?: unknown } | undefined)?.deviceId;
  if (typeof value !== 'string') return null;
  const trimmed = value.trim();
  return trimmed.length > 0 && trimmed.length <= 200 ? trimmed : null;
}

/**
 * Plain SHA-256, no pepper: the digest is only compared for equality between borrowers. The
 * cookie is 256 random bits, so its digest reveals nothing; the app's identifier is hashed so the
 * raw value is never kept, and a pepper would only add a secret whose loss or rotation silently
 * breaks every match. The kind is part of the input, so a cookie and an app id never collide.
 */
export const deviceHash = (kind: DeviceKind, value: string) =>
  createHash('sha256').update(`${kind}:${value}`).digest('hex');

export type DeviceKind = 'browser' | 'app';

/**
 * Records a sign-in from these devices: one row per borrower and device, its last-seen time moved
 * on. A device is a duplicate signal's value, so the credit desk's flags follow a new one;
 * `withMobile` (a sign-in, which may have just made the borrower) has them computed even for a
 * known device, since a new borrower's mobile may be another borrower's e-wallet.
 */
export async function recordDevices(
  db: Db,
  borrowerId: number,
  devices: readonly { kind: DeviceKind; value: string }[],
  { withMobile = false } = {},
): Promise<void> {
  if (devices.length === 0) return;
  await savingSignals(
    db,
    borrowerId,
    (tx) =>
      tx
        .insert(borrowerDevices)
        .values(devices.map((d) => ({ borrowerId, kind: d.kind, deviceHash: deviceHash(d.kind, d.value) })))
        .onConflictDoUpdate({
          target: [borrowerDevices.borrowerId, borrowerDevices.deviceHash],
          set: { lastSeenAt: sql`now()` },
        }),
    { always: withMobile },
  );
}
