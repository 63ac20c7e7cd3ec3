import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/client';
import { otpCodes } from '../db/schema';

/** Signs a borrower in through the real OTP path (send → outbox → login); returns the session token. */
export async function loginAs(app: FastifyInstance, db: Db, phone: string): Promise<string> {
  // Let the resend wait pass, as if the borrower came back later.
  await db.update(otpCodes).set({ createdAt: sql`now() - interval '1 hour'` }).where(eq(otpCodes.phone, phone));
  const sent = await app.inject({ method: 'POST', url: '/owner/v3/auth/send-login-code', payload: { phone } });
  if (sent.json().code !== 0) throw new Error(`send-login-code failed: ${sent.body}`);
  const outbox = await app.inject({ method: 'GET', url: `/owner/dev/sms-outbox?phone=${phone}` });
  const code = /\d{6}/.exec(outbox.json().data.messages[0]?.body as string)?.[0];
  const res = await app.inject({ method: 'POST', url: '/owner/v3/auth/login', payload: { phone, smsCode: code } });
  if (res.json().code !== 0) throw new Error(`login failed: ${res.body}`);
  return res.json().data.sessionId as string;
}
