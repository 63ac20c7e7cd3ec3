import type { Language } from '../../../shared/language';
import { Code } from '../../../shared/codes';
import type { Db } from '../../db/client';
import { borrowers } from '../../db/schema';
import { AppError } from '../../http/app-error';
import type { OtpService } from '../../identity/otp-service';
import { captchaFailure, checkCaptcha, passCaptcha, releaseCaptcha, spendCaptcha } from '../../abuse/captcha';
import { type Attribution, recordEvent } from './funnel';
import { refreshAfterSave } from '../../duplicate-signals/flags';

export const ALREADY_REGISTERED_MESSAGE = 'You are already registered, please download the app and log in';

const alreadyRegistered = () => new AppError(Code.ALREADY_REGISTERED, ALREADY_REGISTERED_MESSAGE);

export interface Services {
  db: Db;
  otp: OtpService;
}

/**
 * spec 001 §7 get-sms: picture captcha (101), then the OTP service's resend wait and caps. A
 * registered phone gets the same answer and the same registration code as a new one: whether a
 * number has an account is told only at register, once its SMS code is proven (a departure from
 * spec 001 §7, which answers 11 here; see docs/spec-coverage.md).
 */
export async function sendRegistrationCode(
  { db, otp }: Services,
  input: { phone: string; sid: string; capcode: string; ip: string; language?: Language },
): Promise<{ resendAfterSeconds: number }> {
  await passCaptcha(db, input.sid, input.capcode, input.phone).catch((e: unknown) =>
    captchaFailure(e, Code.WRONG_CAPTCHA),
  );
  try {
    return await otp.issue(input.phone, 'register', input.ip, input.language);
  } catch (error) {
    // No code went out: the visitor may retry with the same captcha once the refusal passes.
    await releaseCaptcha(db, input.sid, input.phone);
    throw error;
  }
}

export interface RegistrationInput {
  phone: string;
  sid: string;
  capcode: string;
  smsCode: string;
  attribution: Attribution & { inviteCode?: string | undefined };
}

/**
 * spec 001 §7 register: picture captcha (-1), the SMS code (purpose 'register'), then the
 * borrower, userName = phone, with the campaign it came from. "Already registered" (11) comes only
 * after the SMS code is proven, so the answer tells nobody but the phone's owner.
 */
export async function registerBorrower(
  { db, otp }: Services,
  input: RegistrationInput,
): Promise<{ borrowerId: number }> {
  const { phone, attribution } = input;
  await checkCaptcha(db, input.sid, input.capcode, phone).catch((e: unknown) =>
    captchaFailure(e, Code.WRONG_CAPTCHA_REGISTER),
  );
  await otp.verify(phone, 'register', input.smsCode);
  await spendCaptcha(db, input.sid).catch((e: unknown) => captchaFailure(e, Code.WRONG_CAPTCHA_REGISTER));
  const created = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(borrowers)
      .values({
        phone,
        templateId: attribution.templateId ?? null,
        appFrom: attribution.appFrom ?? null,
        userFrom: attribution.userFrom ?? null,
        utmTag: attribution.utmTag ?? null,
        inviteCode: attribution.inviteCode ?? null,
      })
      .onConflictDoNothing()
      .returning({ id: borrowers.id });
    if (row) await recordEvent(tx as unknown as Db, 'register', attribution);
    // The new mobile may be another borrower's e-wallet: the credit desk's signal flags.
    if (row) await refreshAfterSave(tx, row.id, [], { always: true });
    return row;
  });
  // Registered before (through this page, the app or the web login).
  if (!created) throw alreadyRegistered();
  return { borrowerId: created.id };
}
