import { createHash, createHmac, randomBytes } from 'node:crypto';
import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import QRCode from 'qrcode';
import type { Db } from '../../../db/client';
import { staff } from '../../../db/schema';
import { isSealed, openSecret, sealSecret } from './second-factor-secret';

/**
 * The staff second factor: a TOTP code from an authenticator app (RFC 6238: SHA-1, 6 digits,
 * 30-second steps), or one of ten single-use recovery codes for a lost phone. Every staff role
 * needs it. The password is checked first, on every step, so the code never stands alone.
 * Secrets are kept sealed under STAFF_FACTOR_KEY (`second-factor-secret.ts`); `key` is that key.
 */
const ISSUER = 'Hiram back office';
const PERIOD_SECONDS = 30;
const RECOVERY_CODES = 10;

const totpOf = (secret: string, email: string) =>
  new TOTP({
    issuer: ISSUER,
    label: email,
    algorithm: 'SHA1',
    digits: 6,
    period: PERIOD_SECONDS,
    secret: Secret.fromBase32(secret),
  });

const normalCode = (code: string) => code.trim().toLowerCase();
/**
 * A recovery code's stored form: an HMAC under STAFF_FACTOR_KEY, so the staff table alone does not
 * let anyone try the 40-bit codes offline. Codes kept before (a bare SHA-256) still work once.
 */
const recoveryHash = (key: Buffer, code: string) =>
  `h1:${createHmac('sha256', key).update(normalCode(code)).digest('hex')}`;
const legacyRecoveryHash = (code: string) => createHash('sha256').update(normalCode(code)).digest('hex');

/** Ten codes like `k3f9-2mxq`, shown once; only their keyed hashes are kept. */
function newRecoveryCodes(): string[] {
  const alphabet = 'abcdefghjkmnpqrstuvwxyz23456789';
  return Array.from({ length: RECOVERY_CODES }, () => {
    const chars = [...randomBytes(8)].map((byte) => alphabet[byte % alphabet.length]).join('');
    return `${chars.slice(0, 4)}-${chars.slice(4)}`;
  });
}

export interface Enrolment {
  secret: string;
  otpauthUrl: string;
  /** The otpauth address as an SVG QR code, for the authenticator app to scan. */
  qrSvg: string;
}

type StaffRow = typeof staff.$inferSelect;

export const isEnrolled = (row: Pick<StaffRow, 'totpSecret'>) => row.totpSecret !== null;

type SecretColumn = 'totpSecret' | 'totpPendingSecret';

/**
 * Opens a stored secret. One kept before secrets were sealed is sealed now, in a guarded update
 * (only while the row still holds that plain value), so old rows need no migration step.
 */
async function readSecret(db: Db, key: Buffer, id: number, column: SecretColumn, stored: string): Promise<string> {
  const secret = openSecret(key, id, stored);
  if (!isSealed(stored)) {
    await db
      .update(staff)
      .set({ [column]: sealSecret(key, id, secret) })
      .where(and(eq(staff.id, id), eq(staff[column], stored)));
  }
  return secret;
}

/**
 * The enrolment a staff member without a second factor is shown: the same pending secret until a
 * code from it is accepted, so signing in again does not invalidate a QR code already scanned.
 */
export async function startEnrolment(db: Db, key: Buffer, row: StaffRow): Promise<Enrolment> {
  let secret: string;
  if (row.totpPendingSecret) {
    secret = await readSecret(db, key, row.id, 'totpPendingSecret', row.totpPendingSecret);
  } else {
    const fresh = sealSecret(key, row.id, new Secret({ size: 20 }).base32);
    const [kept] = await db
      .update(staff)
      .set({ totpPendingSecret: sql`coalesce(${staff.totpPendingSecret}, ${fresh})` })
      .where(eq(staff.id, row.id))
      .returning({ secret: staff.totpPendingSecret });
    secret = openSecret(key, row.id, kept?.secret ?? fresh);
  }
  const otpauthUrl = totpOf(secret, row.email).toString();
  return {
    secret,
    otpauthUrl,
    qrSvg: await QRCode.toString(otpauthUrl, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' }),
  };
}

/** The step a code belongs to, within one step either side of `now` (clock drift), or null. */
function stepOf(secret: string, email: string, code: string, now: number): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const delta = totpOf(secret, email).validate({ token: code, timestamp: now, window: 1 });
  return delta === null ? null : Math.floor(now / 1000 / PERIOD_SECONDS) + delta;
}

/** Claims a step: succeeds only if no code of this step or a later one was accepted before (atomic). */
async function claimStep(db: Db, id: number, step: number, set: Partial<StaffRow> = {}): Promise<boolean> {
  const claimed = await db
    .update(staff)
    .set({ ...set, totpLastStep: step })
    .where(and(eq(staff.id, id), or(isNull(staff.totpLastStep), lt(staff.totpLastStep, step))))
    .returning({ id: staff.id });
  return claimed.length === 1;
}

/**
 * Finishes enrolment with the first code from the pending secret; answers the recovery codes
 * (shown once), or null when the code is wrong.
 */
export async function finishEnrolment(
  db: Db,
  key: Buffer,
  row: StaffRow,
  code: string,
  now = Date.now(),
): Promise<string[] | null> {
  if (!row.totpPendingSecret) return null;
  const secret = openSecret(key, row.id, row.totpPendingSecret);
  const step = stepOf(secret, row.email, code.trim(), now);
  if (step === null) return null;
  const codes = newRecoveryCodes();
  const done = await claimStep(db, row.id, step, {
    totpSecret: isSealed(row.totpPendingSecret) ? row.totpPendingSecret : sealSecret(key, row.id, secret),
    totpPendingSecret: null,
    recoveryCodeHashes: codes.map((c) => recoveryHash(key, c)),
  });
  return done ? codes : null;
}

/** Checks a TOTP code (never the same step twice) or uses up a recovery code. */
export async function verifySecondFactor(
  db: Db,
  key: Buffer,
  row: StaffRow,
  code: string,
  now = Date.now(),
): Promise<'totp' | 'recovery' | null> {
  if (!row.totpSecret) return null;
  const secret = await readSecret(db, key, row.id, 'totpSecret', row.totpSecret);
  const step = stepOf(secret, row.email, code.trim(), now);
  if (step !== null) return (await claimStep(db, row.id, step)) ? 'totp' : null;
  const hash = [recoveryHash(key, code), legacyRecoveryHash(code)].find((h) => row.recoveryCodeHashes.includes(h));
  if (!hash) return null;
  const used = await db
    .update(staff)
    .set({ recoveryCodeHashes: sql`array_remove(${staff.recoveryCodeHashes}, ${hash})` })
    .where(and(eq(staff.id, row.id), sql`${hash} = any(${staff.recoveryCodeHashes})`))
    .returning({ id: staff.id });
  return used.length === 1 ? 'recovery' : null;
}

/** An admin's reset for a lost phone: the member enrols again at their next sign-in. */
export async function resetSecondFactor(db: Db, id: number): Promise<void> {
  await db
    .update(staff)
    .set({ totpSecret: null, totpPendingSecret: null, totpLastStep: null, recoveryCodeHashes: [] })
    .where(eq(staff.id, id));
}
