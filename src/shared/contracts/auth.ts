import { z } from 'zod';
import { defineCall } from '../api/define-call';
import { phoneSchema } from '../format/phone';
import { capcodeSchema, sidSchema } from './captcha';

/** architecture.md: Sessions: web login with phone + SMS code, for use outside the native app. */
export const sendLoginCode = defineCall({
  name: 'auth.sendLoginCode',
  method: 'POST',
  path: '/v3/auth/send-login-code',
  auth: false,
  success: 0,
  summary:
    'Send a 6-digit login code by SMS. The first code of the day for a phone is free; after it the picture captcha (sid from promotion get-sid, its answer as capcode) is needed, else 42800',
  request: z.object({ phone: phoneSchema, sid: sidSchema.optional(), capcode: capcodeSchema.optional() }),
  reply: z.object({ resendAfterSeconds: z.number().int() }),
});

export const login = defineCall({
  name: 'auth.login',
  method: 'POST',
  path: '/v3/auth/login',
  auth: false,
  success: 0,
  summary: 'Sign in with the phone and the SMS code; returns a session',
  request: z.object({
    phone: phoneSchema,
    smsCode: z
      .string()
      .trim()
      .regex(/^\d{6}$/, 'Enter the 6-digit code from the SMS'),
  }),
  reply: z.object({ sessionId: z.string(), userId: z.string() }),
});

export const logout = defineCall({
  name: 'auth.logout',
  method: 'POST',
  path: '/v3/auth/logout',
  auth: false, // an ended session must still be able to clear its cookie
  success: 0,
  summary: 'End the current session',
  request: z.object({}),
  reply: z.object({}),
});

export const me = defineCall({
  name: 'auth.me',
  method: 'GET',
  path: '/v3/auth/me',
  auth: true,
  success: 0,
  summary: 'The signed-in borrower',
  request: z.object({}),
  reply: z.object({ userId: z.string(), phone: z.string() }),
});
