import { codeLanguage } from '../../identity/code-language';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { Code } from '../../../shared/codes';
import { API_BASE } from '../../../shared/constants';
import * as contract from '../../../shared/contracts/promotion';
import { normalizePhone } from '../../../shared/format/phone';
import type { AppContext } from '../../app-context';
import { badRequest, notFound } from '../../http/app-error';
import { registerCall } from '../../http/register-call';
import { capsExempt, enforce, type RateRule } from '../../abuse/rate-limiter';
import { captchaAnswer, captchaFailure, createSid, drawCaptcha } from '../../abuse/captcha';
import { recordEvent } from './funnel';
import { captchaRules, drawRules, registerRules, trackingRules } from './limits';
import { registerBorrower, sendRegistrationCode } from './registration';
import { getTemplate } from './templates';

type TrackQuery = { page_id?: number; app_from?: string; user_from?: string; utm_tag?: string; client_type?: string };

const attributionOf = (q: TrackQuery) => ({
  templateId: q.page_id,
  appFrom: q.app_from,
  userFrom: q.user_from,
  utmTag: q.utm_tag,
  clientType: q.client_type,
});

/** spec 001 §2.2, §7: the promotion landing's calls, the picture captcha image, and its dev helper. */
export function promotionRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db, config } = ctx;
  const limit = async (ip: string, rules: RateRule[]) => {
    if (!capsExempt(ip, config.isProduction)) await enforce(db, rules, ctx.rateClock);
  };

  registerCall(app, contract.channelTemplate, async ({ templateId }, { locale }) =>
    getTemplate(db, templateId, locale),
  );

  registerCall(app, contract.trackVisit, async (query, { req }) => {
    await limit(req.ip, trackingRules(req.ip));
    await recordEvent(db, 'visit', attributionOf(query));
    return {};
  });

  registerCall(app, contract.trackClick, async (query, { req }) => {
    await limit(req.ip, trackingRules(req.ip));
    await recordEvent(db, 'click', attributionOf(query));
    return {};
  });

  registerCall(app, contract.getSid, async (_query, { req }) => {
    await limit(req.ip, captchaRules(req.ip));
    return { sid: await createSid(db) };
  });

  // An image, not an envelope call; refusals still answer in the envelope (an <img> shows them as broken).
  app.withTypeProvider<ZodTypeProvider>().get(
    API_BASE + contract.CAPTCHA_IMAGE_PATH,
    {
      schema: {
        summary: 'The picture captcha of a sid (image/png)',
        tags: ['promotion'],
        querystring: contract.captchaImageQuery,
      },
    },
    async (req, reply) => {
      await limit(req.ip, drawRules(req.ip));
      const png = await drawCaptcha(db, req.query.sid).catch((e: unknown) => captchaFailure(e, Code.NOT_FOUND));
      return reply.type('image/png').header('Cache-Control', 'no-store').send(png);
    },
  );

  registerCall(app, contract.getSms, async ({ phone, sid, capcode }, { req }) =>
    sendRegistrationCode(ctx, {
      phone,
      sid,
      capcode,
      ip: req.ip,
      // The code's SMS in the language of the page the visitor is reading.
      language: await codeLanguage(ctx.db, phone, req.headers['accept-language']),
    }),
  );

  registerCall(app, contract.register, async (input, { req }) => {
    await limit(req.ip, registerRules(req.ip));
    if (input.userName?.trim() && normalizePhone(input.userName) !== input.phone) {
      throw badRequest('userName: must be the same number as the phone', 'userName');
    }
    await registerBorrower(ctx, {
      phone: input.phone,
      sid: input.sid,
      capcode: input.capcode,
      smsCode: input.smsCode,
      attribution: {
        templateId: input.id,
        appFrom: input.app_from,
        userFrom: input.user_from,
        utmTag: input.utm_tag,
        inviteCode: input.invite_code,
      },
    });
    return {};
  });

  // Development only, like /owner/dev/sms-outbox: scripts and browser tests read the captcha.
  if (!config.isProduction) {
    registerCall(app, contract.devCaptchaText, async ({ sid }) => {
      const text = await captchaAnswer(db, sid);
      if (!text) throw notFound('This picture captcha');
      return { text };
    });
  }
}
