import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { and, desc, eq, isNull, lt, sql } from 'drizzle-orm';
import { Code } from '../../shared/codes';
import { OTP_MAX_TRIES, OTP_TTL_SECONDS, SMS_RESEND_SECONDS } from '../../shared/constants';
import type { Db } from '../db/client';
import { otpCodes } from '../db/schema';
import { AppError } from '../http/app-error';
import type { Language } from '../../shared/language';
import { codeMessage } from '../providers/sms/messages';
import type { SmsProvider } from '../providers/sms/sms-provider';
import { addressKey, enforce, isLoopback, type RateClock, type RateRule } from '../abuse/rate-limiter';

export type OtpPurpose = 'login' | 'register' | 'repay';

/** pg_advisory_xact_lock namespace of the per-phone send lock. */
const OTP_LOCK_NAMESPACE = 8_030;

const HOUR = 3600;
const DAY = 86_400;

/** architecture.md: Providers per-phone and per-address limits on sending codes, whatever the purpose. */
export const OTP_CAPS = { phonePerHour: 5, phonePerDay: 10, addressPerHour: 20, addressPerDay: 50 } as const;

export function otpSendRules(phone: string, ip: string): RateRule[] {
  const forPhone = 'Too many codes were sent to this number. Please try again in {wait}.';
  const forAddress = 'Too many codes were requested from your network. Please try again in {wait}.';
  const address = addressKey(ip);
  return [
    { key: `otp:phone:${phone}`, limit: OTP_CAPS.phonePerHour, windowSeconds: HOUR, message: forPhone },
    { key: `otp:phone:${phone}`, limit: OTP_CAPS.phonePerDay, windowSeconds: DAY, message: forPhone },
    { key: `otp:address:${address}`, limit: OTP_CAPS.addressPerHour, windowSeconds: HOUR, message: forAddress },
    { key: `otp:address:${address}`, limit: OTP_CAPS.addressPerDay, windowSeconds: DAY, message: forAddress },
  ];
}

export interface OtpOptions {
  /** Outside production only: sends from the machine itself skip the caps (abuse/capsExempt). */
  exemptLocal?: boolean;
  /** The caps' clock (default: the database's). */
  rateClock?: RateClock;
}

function hashCode(code: string, salt: string): string {
  return `${salt}$${createHash('sha256').update(`${salt}:${code}`).digest('hex')}`;
}

function matches(code: string, stored: string): boolean {
  const [salt = ''] = stored.split('$');
  const a = Buffer.from(hashCode(code, salt));
  const b = Buffer.from(stored);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * architecture.md: Providers: 6 digits from a secure source, stored hashed, 5-minute expiry, single use,
 * 5 wrong tries, 60 s before a resend, and per-phone and per-address caps in front of every
 * send (web login and promotion registration alike).
 */
export function otpService(db: Db, sms: SmsProvider, appName: string, options: OtpOptions = {}) {
  return {
    /** Sends a new code; the SMS is written in `language` (English unless the caller knows better). */
    async issue(
      phone: string,
      purpose: OtpPurpose,
      ip: string,
      language: Language = 'en',
    ): Promise<{ resendAfterSeconds: number }> {
      const code = randomInt(0, 1_000_000).toString().padStart(6, '0');
      const salt = randomBytes(8).toString('hex');
      // The resend wait is read and the new code stored under a per-phone lock, so concurrent
      // requests for one phone cannot all find no recent code and each send one (PostgreSQL).
      await db.transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(${OTP_LOCK_NAMESPACE}::int, hashtext(${phone}))`);
        const [recent] = await tx
          .select({ age: sql<number>`extract(epoch from now() - ${otpCodes.createdAt})::float8` })
          .from(otpCodes)
          .where(and(eq(otpCodes.phone, phone), eq(otpCodes.purpose, purpose)))
          .orderBy(desc(otpCodes.createdAt))
          .limit(1);
        if (recent && recent.age < SMS_RESEND_SECONDS) {
          const wait = Math.ceil(SMS_RESEND_SECONDS - recent.age);
          throw new AppError(Code.OTP_RESEND_TOO_SOON, `Please do not send the code twice. Try again in ${wait} s.`, {
            resendAfterSeconds: wait,
          });
        }
        // After the resend wait, so a too-early tap is told to wait 60 s and spends nothing.
        if (!(options.exemptLocal && isLoopback(ip)))
          await enforce(tx as unknown as Db, otpSendRules(phone, ip), options.rateClock);
        await tx.insert(otpCodes).values({
          phone,
          purpose,
          ip,
          codeHash: hashCode(code, salt),
          expiresAt: sql`now() + make_interval(secs => ${OTP_TTL_SECONDS})`,
        });
      });
      await sms.sendCode(phone, codeMessage(purpose, appName, language), code);
      return { resendAfterSeconds: SMS_RESEND_SECONDS };
    },

    /** Consumes the latest code for the phone, or refuses with a message the borrower can act on. */
    async verify(phone: string, purpose: OtpPurpose, code: string): Promise<void> {
      const [row] = await db
        .select({ id: otpCodes.id, codeHash: otpCodes.codeHash, expired: sql<boolean>`${otpCodes.expiresAt} <= now()` })
        .from(otpCodes)
        .where(and(eq(otpCodes.phone, phone), eq(otpCodes.purpose, purpose), isNull(otpCodes.consumedAt)))
        .orderBy(desc(otpCodes.createdAt))
        .limit(1);
      if (!row || row.expired) {
        throw new AppError(Code.OTP_EXPIRED, 'The code has expired or was already used. Please request a new one.');
      }
      // Each comparison first claims one try in a single guarded statement, so concurrent guesses
      // cannot all read the same count and compare more than OTP_MAX_TRIES codes between them.
      const [claimed] = await db
        .update(otpCodes)
        .set({ attempts: sql`${otpCodes.attempts} + 1` })
        .where(and(eq(otpCodes.id, row.id), isNull(otpCodes.consumedAt), lt(otpCodes.attempts, OTP_MAX_TRIES)))
        .returning({ attempts: otpCodes.attempts });
      if (!claimed) {
        throw new AppError(Code.OTP_TOO_MANY_TRIES, 'Too many wrong codes. Please request a new one.');
      }
      if (!matches(code, row.codeHash)) {
        if (claimed.attempts >= OTP_MAX_TRIES) {
          throw new AppError(Code.OTP_TOO_MANY_TRIES, 'Too many wrong codes. Please request a new one.');
        }
        throw new AppError(Code.OTP_WRONG, 'The code is not correct. Please check the SMS and try again.');
      }
      // Single use: only one request can flip consumed_at from null.
      const consumed = await db
        .update(otpCodes)
        .set({ consumedAt: sql`now()` })
        .where(and(eq(otpCodes.id, row.id), isNull(otpCodes.consumedAt)))
        .returning({ id: otpCodes.id });
      if (consumed.length === 0) {
        throw new AppError(Code.OTP_EXPIRED, 'The code has expired or was already used. Please request a new one.');
      }
    },
  };
}

export type OtpService = ReturnType<typeof otpService>;
