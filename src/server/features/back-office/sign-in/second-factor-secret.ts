import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

/**
 * Authenticator secrets are sealed at rest with AES-256-GCM under STAFF_FACTOR_KEY, so a copy of
 * the staff table (a backup, a read-only leak) cannot make codes. The staff id is bound in as
 * associated data: a sealed secret moved to another row does not open. Secrets stored before
 * sealing (plain base32) still open and are sealed on their next use.
 */
const PREFIX = 'v1.';
const IV_BYTES = 12;
const TAG_BYTES = 16;

/** Outside production, without STAFF_FACTOR_KEY: a fixed key, so a development database keeps working across restarts. */
const DEVELOPMENT_KEY = createHash('sha256')
  .update('hiram development staff factor key, never for production')
  .digest();

export function staffFactorKey(configured: string | undefined): Buffer {
  return configured ? Buffer.from(configured, 'base64') : DEVELOPMENT_KEY;
}

export const isSealed = (stored: string) => stored.startsWith(PREFIX);

const aad = (staffId: number) => Buffer.from(`staff:${staffId}:totp`);

export function sealSecret(key: Buffer, staffId: number, secret: string): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(aad(staffId));
  const body = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
  return PREFIX + Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url');
}

/** The base32 secret; throws when the key is wrong or the value was altered or moved. */
export function openSecret(key: Buffer, staffId: number, stored: string): string {
  if (!isSealed(stored)) return stored;
  const raw = Buffer.from(stored.slice(PREFIX.length), 'base64url');
  const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, IV_BYTES));
  decipher.setAAD(aad(staffId));
  decipher.setAuthTag(raw.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
  return Buffer.concat([decipher.update(raw.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString('utf8');
}
