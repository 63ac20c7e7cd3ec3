import { z } from 'zod';
import { defineCall } from '../api/define-call';
import { CAPTCHA_LENGTH } from '../constants';

/**
 * spec 001 §7 picture captcha (get-sid, get-captcha), on the promotion's paths. Kept apart from the
 * rest of the promotion contract so the web login, which asks for it too, loads only this.
 */
const BASE = '/api/v2/youmi';

/** A captcha session id from get-sid: 22 url-safe characters (128 random bits). */
export const sidSchema = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9_-]{16,64}$/, 'Refresh the picture captcha and try again');

/** spec 001 §3 registration form: the picture captcha, 4 characters at most. */
export const capcodeSchema = z
  .string()
  .trim()
  .regex(new RegExp(`^[A-Za-z0-9]{1,${CAPTCHA_LENGTH}}$`), 'Enter the picture captcha correctly');

export const getSid = defineCall({
  name: 'promotion.getSid',
  method: 'GET',
  path: `${BASE}/promotion/get-sid`,
  auth: false,
  success: 0,
  summary: 'A new picture-captcha session; the image comes from get-captcha?sid=…&t=…',
  request: z.object({}),
  reply: z.object({ sid: z.string() }),
});

/** Not an envelope call: answers image/png (or the envelope on a refusal). */
export const CAPTCHA_IMAGE_PATH = `${BASE}/promotion/get-captcha`;
export const captchaImageQuery = z.object({ sid: sidSchema, t: z.string().max(32).optional() });
