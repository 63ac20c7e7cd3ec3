import { and, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { API_BASE } from '../../shared/constants';
import { Code } from '../../shared/codes';
import * as calls from '../../shared/contracts/contact-consent';
import type { AppContext } from '../app-context';
import type { Db } from '../db/client';
import { borrowers, loanOrders, outOfHoursConsents } from '../db/schema';
import { AppError } from '../http/app-error';
import { rawJsonRoute } from '../http/raw-json-route';
import { registerCall } from '../http/register-call';
import { verifyInbound } from '../providers/sms/inbound-signature';
import { activeConsent, giveConsent, revokeConsent } from './consent';
import { readSmsReply } from './consent-rules';
import { normalPhone } from './phone';
import { OrderStatus } from '../../shared/order-status';

export const SMS_INBOUND_PATH = `${API_BASE}/sms/inbound`;

const IN_COLLECTION = [OrderStatus.DUE, OrderStatus.OVERDUE];

async function consentNow(db: Db, borrowerId: number, now: Date): Promise<calls.ConsentNow> {
  const active = await activeConsent(db, borrowerId, now);
  const [loan] = await db
    .select({ id: loanOrders.id })
    .from(loanOrders)
    .where(and(eq(loanOrders.borrowerId, borrowerId), inArray(loanOrders.status, IN_COLLECTION)))
    .limit(1);
  return {
    active: active ? { givenAt: active.givenAt, expiresAt: active.expiresAt, source: active.source } : null,
    inCollection: Boolean(loan),
  };
}

const CONFIRM = {
  consent: {
    en: (days: number) =>
      `You allowed calls and texts about your loan between 10 PM and 6 AM for ${days} days. Reply STOP anytime to withdraw.`,
    fil: (days: number) =>
      `Pinayagan mo ang tawag at text tungkol sa iyong loan mula 10 PM hanggang 6 AM sa loob ng ${days} araw. Sumagot ng HINTO anumang oras para bawiin.`,
  },
  revoke: {
    en: 'Withdrawn: we will contact you about your loan only between 6 AM and 10 PM.',
    fil: 'Binawi na: tatawag o magte-text lang kami tungkol sa iyong loan mula 6 AM hanggang 10 PM.',
  },
};

/**
 * The borrower's own consent to collections contact outside 6 AM–10 PM: on the borrower pages
 * (the signed-in session is the evidence) and by replying to an SMS from their registered mobile
 * (the gateway's signed delivery is the evidence). No staff call records consent.
 */
export function contactConsentRoutes(app: FastifyInstance, { db, clock, config, sms }: AppContext): void {
  registerCall(app, calls.contactConsentStatus, async (_input, { borrowerId }) =>
    consentNow(db, borrowerId, clock.now()),
  );
  registerCall(app, calls.giveContactConsent, async ({ days }, { borrowerId, req }) => {
    const now = clock.now();
    await giveConsent(db, borrowerId, now, Number(days) as 7 | 30, 'borrower-page', {
      via: 'Signed-in borrower pages',
      ip: req.ip,
      userAgent: String(req.headers['user-agent'] ?? '').slice(0, 200),
      days,
    });
    return consentNow(db, borrowerId, now);
  });
  registerCall(app, calls.revokeContactConsent, async (_input, { borrowerId }) => {
    const now = clock.now();
    await revokeConsent(db, borrowerId, now, 'borrower-page');
    return consentNow(db, borrowerId, now);
  });

  rawJsonRoute(app, SMS_INBOUND_PATH, async (headers, rawBody) => {
    const now = clock.now();
    const verified = verifyInbound(config.SMS_INBOUND_SECRET, headers, rawBody, now.getTime());
    if (!verified.ok) throw new AppError(Code.FORBIDDEN, `Inbound SMS refused (${verified.reason})`);
    const { from, message, messageId } = verified.sms;
    const [borrower] = await db
      .select()
      .from(borrowers)
      .where(eq(borrowers.phone, normalPhone(from)))
      .limit(1);
    if (!borrower) return { taken: 'unknown-number' };
    const reply = readSmsReply(message);
    if (reply.kind === 'other') return { taken: 'not-a-consent-reply' };
    const [seen] = await db
      .select({ id: outOfHoursConsents.id })
      .from(outOfHoursConsents)
      .where(sql`${outOfHoursConsents.evidence}->>'messageId' = ${messageId}`)
      .limit(1);
    if (seen) return { taken: 'already' };
    const fil = borrower.language === 'fil';
    if (reply.kind === 'consent') {
      await giveConsent(db, borrower.id, now, reply.days, 'sms-reply', {
        via: 'SMS reply from the registered mobile',
        from: normalPhone(from),
        message: message.slice(0, 160),
        messageId,
      });
    } else {
      await revokeConsent(db, borrower.id, now, 'sms-reply');
    }
    const confirm =
      reply.kind === 'consent' ? CONFIRM.consent[fil ? 'fil' : 'en'](reply.days) : CONFIRM.revoke[fil ? 'fil' : 'en'];
    // The consent stands whether or not the confirmation reaches them.
    await sms.send(borrower.phone, confirm).catch(() => undefined);
    return { taken: reply.kind };
  });
}
