import { Code } from '../../../shared/codes';
import type { Language } from '../../../shared/language';
import type { Db } from '../../db/client';
import { AppError } from '../../http/app-error';
import { capsExempt, hit, type RateClock } from '../../abuse/rate-limiter';
import { CaptchaError, passCaptcha, releaseCaptcha, spendCaptcha } from '../../abuse/captcha';
import type { OtpService } from '../../identity/otp-service';

const DAY = 86_400;

/** Free login codes per phone and day before the picture captcha is asked for. */
export const FREE_LOGIN_CODES_PER_DAY = 1;

export const CAPTCHA_NEEDED_MESSAGE = 'Enter the characters in the picture to get another code.';

export interface LoginCodeRequest {
  phone: string;
  ip: string;
  sid?: string | undefined;
  capcode?: string | undefined;
  /** The SMS's language (code-language.ts). */
  language: Language;
}

export interface LoginCodeServices {
  db: Db;
  otp: OtpService;
  isProduction: boolean;
  rateClock?: RateClock | undefined;
}

const captchaNeeded = (message = CAPTCHA_NEEDED_MESSAGE) => new AppError(Code.CAPTCHA_REQUIRED, message);

/**
 * The web login's SMS code. A phone's first code of the day is free (counted in one statement, so
 * concurrent requests get one between them); after it the picture captcha is needed, so a script
 * cannot make us text any number over and over. Nothing here looks at whether the phone is a
 * borrower: a registered number and a stranger's get the same answers (login makes the account).
 */
export async function sendLoginCode(
  { db, otp, isProduction, rateClock }: LoginCodeServices,
  { phone, ip, sid, capcode, language }: LoginCodeRequest,
): Promise<{ resendAfterSeconds: number }> {
  // Outside production the machine itself is exempt, like the OTP caps (local tests and scripts).
  if (capsExempt(ip, isProduction)) return otp.issue(phone, 'login', ip, language);
  if (sid && capcode) {
    await passCaptcha(db, sid, capcode, phone).catch((e: unknown) => {
      throw e instanceof CaptchaError ? captchaNeeded(e.message) : e;
    });
    try {
      const sent = await otp.issue(phone, 'login', ip, language);
      await spendCaptcha(db, sid).catch(() => undefined);
      return sent;
    } catch (error) {
      // No code went out: the same captcha may be used for the retry.
      await releaseCaptcha(db, sid, phone);
      throw error;
    }
  }
  const free = await hit(db, `login-code-free:${phone}`, FREE_LOGIN_CODES_PER_DAY, DAY, rateClock);
  if (!free.allowed) throw captchaNeeded();
  return otp.issue(phone, 'login', ip, language);
}
