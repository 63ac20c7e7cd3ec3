import { sql } from 'drizzle-orm';
import { Code } from '../../../../shared/codes';
import type { Db } from '../../../db/client';
import { AppError } from '../../../http/app-error';
import { hit, type RateClock } from '../../../abuse/rate-limiter';

/**
 * Wrong authenticator codes one staff account may send before its codes are frozen, whatever
 * addresses they come from. The password throttle (`sign-in-guard.ts`) counts per address and only
 * slows an account; this one counts the account's codes and stops them.
 */
export const FACTOR_TRY_LIMIT = 5;
/**
 * The counting window, and so the longest freeze: a day (windows start at 08:00 Manila). Five
 * guesses a day against a million codes (three steps accepted at a time) is about 180 years to a hit.
 */
export const FACTOR_WINDOW_SECONDS = 86_400;

const keyOf = (staffId: number) => `staff-factor:${staffId}`;

/** Whether a code is an authenticator code (six digits) rather than a recovery code. */
export const isAuthenticatorCode = (code: string) => /^\d{6}$/.test(code.trim());

/**
 * Claims one try of the account's authenticator codes before the code is compared, in one
 * statement on the shared counters (`rate_limit_counters`), so parallel requests on any instance
 * cannot compare more than the limit. Over the limit the code is not read at all.
 */
export async function claimFactorTry(db: Db, staffId: number, clock?: RateClock): Promise<void> {
  const counted = await hit(db, keyOf(staffId), FACTOR_TRY_LIMIT, FACTOR_WINDOW_SECONDS, clock);
  if (counted.allowed) return;
  throw new AppError(
    Code.SECOND_FACTOR_FROZEN,
    'Too many wrong authenticator codes for this account: codes are frozen until 8:00 AM Manila time, or until an admin resets your second factor. A recovery code still signs you in.',
    { field: 'code', retryAfterSeconds: counted.retryAfterSeconds },
  );
}

/**
 * Forgets the account's tries: after an accepted code (the owner has the phone), a recovery code
 * (the owner has the printout) or an admin's reset of the second factor.
 */
export async function clearFactorTries(db: Db, staffId: number): Promise<void> {
  await db.execute(sql`delete from rate_limit_counters where key = ${keyOf(staffId)}`);
}
