import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import * as contract from '../../../shared/contracts/auth';
import type { AppContext } from '../../app-context';
import { borrowers } from '../../db/schema';
import { registerCall } from '../../http/register-call';
import { createSession, revokeSession, tokenFrom } from './session-service';

/** DESIGN §4: web login with phone + SMS code. */
export function authRoutes(app: FastifyInstance, ctx: AppContext): void {
  const policy = { idleMinutes: ctx.config.SESSION_IDLE_MINUTES, absoluteDays: ctx.config.SESSION_ABSOLUTE_DAYS };

  registerCall(app, contract.sendLoginCode, async ({ phone }, { req }) => ctx.otp.issue(phone, 'login', req.ip));

  registerCall(app, contract.login, async ({ phone, smsCode }) => {
    await ctx.otp.verify(phone, 'login', smsCode);
    // A verified phone signs in; a new phone becomes a borrower (the OTP proved ownership).
    const [created] = await ctx.db.insert(borrowers).values({ phone }).onConflictDoNothing().returning();
    const borrower = created ?? (await ctx.db.query.borrowers.findFirst({ where: eq(borrowers.phone, phone) }));
    if (!borrower) throw new Error('borrower vanished during login');
    const sessionId = await createSession(ctx.db, borrower.id, policy);
    return { sessionId, userId: String(borrower.id) };
  });

  registerCall(app, contract.logout, async (_input, { req }) => {
    const token = tokenFrom(req.headers, req.query);
    if (token) await revokeSession(ctx.db, token);
    return {};
  });

  registerCall(app, contract.me, async (_input, { borrowerId }) => {
    const borrower = await ctx.db.query.borrowers.findFirst({ where: eq(borrowers.id, borrowerId) });
    return { userId: String(borrowerId), phone: borrower?.phone ?? '' };
  });
}
