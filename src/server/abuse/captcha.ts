import { randomBytes, randomInt } from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { CAPTCHA_LENGTH } from '../../shared/constants';
import type { Db } from '../db/client';
import { promotionCaptchas } from '../db/schema';
import { AppError } from '../http/app-error';
import { captchaImage } from './captcha-image';

/** architecture.md: Providers: a captcha lives 5 minutes from its drawing (and 5 more once it has sent a code). */
export const CAPTCHA_TTL_SECONDS = 300;

/**
 * No characters that read alike when distorted: no 0/O/Q/D, 1/I/L, 2/Z, 5/S, 8/B, U/V, G/6.
 * Upper case only; answers are compared without regard to case.
 */
export const CAPTCHA_ALPHABET = 'ACEFHJKMNPRTWXY3479';

export type CaptchaRefusal = 'wrong' | 'expired';

/** A refusal of the picture captcha; the caller answers it with its own code (101 or -1). */
export class CaptchaError extends Error {
  constructor(readonly reason: CaptchaRefusal) {
    super(
      reason === 'wrong'
        ? 'The picture captcha is not correct. Please enter the new one.'
        : 'The picture captcha has expired. Please enter the new one.',
    );
  }
}

export function captchaText(): string {
  let text = '';
  for (let i = 0; i < CAPTCHA_LENGTH; i++) text += CAPTCHA_ALPHABET[randomInt(CAPTCHA_ALPHABET.length)];
  return text;
}

const sameText = (a: string | null, b: string) => a !== null && a.toUpperCase() === b.trim().toUpperCase();

/** spec 001 §7 get-sid: a new captcha session, 128 random bits. */
export async function createSid(db: Db): Promise<string> {
  const sid = randomBytes(16).toString('base64url');
  await db.insert(promotionCaptchas).values({
    sid,
    expiresAt: sql`now() + make_interval(secs => ${CAPTCHA_TTL_SECONDS})`,
  });
  // Sweep old rows now and then; nothing reads a captcha an hour past its expiry.
  if (randomInt(20) === 0) {
    await db.execute(sql`
      delete from promotion_captchas where sid in (
        select sid from promotion_captchas where expires_at < now() - interval '1 hour' limit 500)`);
  }
  return sid;
}

/**
 * Draws a new text for a live, unused sid and returns its picture (PNG). A redraw (the same sid loaded
 * again) replaces the text, so only the image on screen can be answered.
 */
export async function drawCaptcha(db: Db, sid: string): Promise<Buffer> {
  const text = captchaText();
  const drawn = await db
    .update(promotionCaptchas)
    .set({ answer: text, expiresAt: sql`now() + make_interval(secs => ${CAPTCHA_TTL_SECONDS})` })
    .where(
      and(
        eq(promotionCaptchas.sid, sid),
        isNull(promotionCaptchas.consumedAt),
        isNull(promotionCaptchas.passedPhone),
        // Redrawing keeps a sid alive, but never past an hour from its creation.
        sql`${promotionCaptchas.expiresAt} > now() and ${promotionCaptchas.createdAt} > now() - interval '1 hour'`,
      ),
    )
    .returning({ sid: promotionCaptchas.sid });
  if (drawn.length === 0) throw new CaptchaError('expired');
  return captchaImage(text);
}

async function consume(db: Db, sid: string): Promise<boolean> {
  const rows = await db
    .update(promotionCaptchas)
    .set({ consumedAt: sql`now()` })
    .where(and(eq(promotionCaptchas.sid, sid), isNull(promotionCaptchas.consumedAt)))
    .returning({ sid: promotionCaptchas.sid });
  return rows.length > 0;
}

async function live(db: Db, sid: string) {
  const [row] = await db
    .select({
      answer: promotionCaptchas.answer,
      passedPhone: promotionCaptchas.passedPhone,
      usable: sql<boolean>`${promotionCaptchas.consumedAt} is null and ${promotionCaptchas.expiresAt} > now()`,
    })
    .from(promotionCaptchas)
    .where(eq(promotionCaptchas.sid, sid));
  return row?.usable ? row : undefined;
}

/**
 * get-sms: the captcha must be live, unused and answered right; it is then bound to the phone,
 * so one solved captcha sends at most one code. Any failure kills the sid.
 */
export async function passCaptcha(db: Db, sid: string, capcode: string, phone: string): Promise<void> {
  const row = await live(db, sid);
  const reason: CaptchaRefusal | null =
    !row || row.answer === null || row.passedPhone !== null
      ? 'expired'
      : sameText(row.answer, capcode)
        ? null
        : 'wrong';
  if (reason === null) {
    const claimed = await db
      .update(promotionCaptchas)
      .set({ passedPhone: phone, expiresAt: sql`now() + make_interval(secs => ${CAPTCHA_TTL_SECONDS})` })
      .where(
        and(
          eq(promotionCaptchas.sid, sid),
          isNull(promotionCaptchas.consumedAt),
          isNull(promotionCaptchas.passedPhone),
        ),
      )
      .returning({ sid: promotionCaptchas.sid });
    if (claimed.length > 0) return;
  }
  await consume(db, sid);
  throw new CaptchaError(reason ?? 'expired');
}

/** Undoes `passCaptcha` when no code went out (refused by a limit), so the visitor may retry with it. */
export async function releaseCaptcha(db: Db, sid: string, phone: string): Promise<void> {
  await db
    .update(promotionCaptchas)
    .set({ passedPhone: null })
    .where(
      and(
        eq(promotionCaptchas.sid, sid),
        eq(promotionCaptchas.passedPhone, phone),
        isNull(promotionCaptchas.consumedAt),
      ),
    );
}

/**
 * register: the captcha must be live and answered right, and either fresh or the one that sent
 * this phone its code. A failure kills the sid. It is consumed by `spendCaptcha` once the SMS code
 * is right, so a mistyped SMS code does not cost the visitor the captcha.
 */
export async function checkCaptcha(db: Db, sid: string, capcode: string, phone: string): Promise<void> {
  const row = await live(db, sid);
  const reason: CaptchaRefusal | null =
    !row || row.answer === null || (row.passedPhone !== null && row.passedPhone !== phone)
      ? 'expired'
      : sameText(row.answer, capcode)
        ? null
        : 'wrong';
  if (reason === null) return;
  await consume(db, sid);
  throw new CaptchaError(reason);
}

/** Single use: only one request can consume the sid. */
export async function spendCaptcha(db: Db, sid: string): Promise<void> {
  if (!(await consume(db, sid))) throw new CaptchaError('expired');
}

/** Development only: the answer of a live captcha, for scripts and browser tests. */
export async function captchaAnswer(db: Db, sid: string): Promise<string | null> {
  return (await live(db, sid))?.answer ?? null;
}

export function captchaFailure(error: unknown, code: number): never {
  if (error instanceof CaptchaError) throw new AppError(code, error.message);
  throw error;
}
