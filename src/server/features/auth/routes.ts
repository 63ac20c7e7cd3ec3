import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import * as contract from '../../../shared/contracts/auth';
import type { AppContext } from '../../app-context';
import { borrowers } from '../../db/schema';
import { registerCall } from '../../http/register-call';
import { codeLanguage } from '../../identity/code-language';
import { sendLoginCode } from './login-code';
import { appDeviceIdFrom, deviceCookie, deviceCookieFrom, newDeviceId, recordDevices } from './device';
import { clearedSessionCookie, cookieIsSecure, sessionCookie } from './session-cookie';
import { createSession, revokeSession, tokensFrom } from './session-service';

/** architecture.md: Sessions: web login with phone + SMS code. */
export function authRoutes(app: FastifyInstance, ctx: AppContext): void {
  const policy = { idleMinutes: ctx.config.SESSION_IDLE_MINUTES, absoluteDays: ctx.config.SESSION_ABSOLUTE_DAYS };

  registerCall(app, contract.sendLoginCode, async ({ phone, sid, capcode }, { req }) =>
    sendLoginCode(
      { db: ctx.db, otp: ctx.otp, isProduction: ctx.config.isProduction, rateClock: ctx.rateClock },
      { phone, ip: req.ip, sid, capcode, language: await codeLanguage(ctx.db, phone, req.headers['accept-language']) },
    ),
  );

  const production = ctx.config.NODE_ENV === 'production';

  registerCall(app, contract.login, async ({ phone, smsCode }, { req, reply, locale }) => {
    await ctx.otp.verify(phone, 'login', smsCode);
    // A verified phone signs in; a new phone becomes a borrower (the OTP proved ownership). The
    // language signed in with is the one their reminders are sent in.
    const [created] = await ctx.db
      .insert(borrowers)
      .values({ phone, language: locale })
      .onConflictDoUpdate({ target: borrowers.phone, set: { language: locale } })
      .returning();
    const borrower = created ?? (await ctx.db.query.borrowers.findFirst({ where: eq(borrowers.phone, phone) }));
    if (!borrower) throw new Error('borrower vanished during login');
    const sessionId = await createSession(ctx.db, borrower.id, policy);
    const secure = cookieIsSecure(req, production);
    // The device signed in from (the credit desk's same-device signal): the browser's device
    // cookie, set now when it has none, and the native app's deviceId when the address has one.
    const existing = deviceCookieFrom(req.headers.cookie);
    const browserDevice = existing ?? newDeviceId();
    const appDevice = appDeviceIdFrom(req.query);
    await recordDevices(
      ctx.db,
      borrower.id,
      [{ kind: 'browser', value: browserDevice }, ...(appDevice ? [{ kind: 'app' as const, value: appDevice }] : [])],
      { withMobile: true },
    );
    // A browser keeps the session in an HttpOnly cookie; the app keeps using the returned token.
    const cookies = [sessionCookie(sessionId, policy.absoluteDays, secure)];
    if (!existing) cookies.push(deviceCookie(browserDevice, secure));
    reply.header('set-cookie', cookies);
    return { sessionId, userId: String(borrower.id) };
  });

  // Signing out ends every session the request carries (the app's token and the browser's cookie).
  registerCall(app, contract.logout, async (_input, { req, reply }) => {
    for (const token of tokensFrom(req.headers, req.query)) await revokeSession(ctx.db, token);
    reply.header('set-cookie', clearedSessionCookie(cookieIsSecure(req, production)));
    return {};
  });

  registerCall(app, contract.me, async (_input, { borrowerId }) => {
    const borrower = await ctx.db.query.borrowers.findFirst({ where: eq(borrowers.id, borrowerId) });
    return { userId: String(borrowerId), phone: borrower?.phone ?? '' };
  });
}
