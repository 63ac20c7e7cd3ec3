import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Code, httpStatusFor } from '../../../shared/codes';
import type { Clock } from '../../clock';
import type { Db } from '../../db/client';
import { SANDBOX, type sandboxProvider, samePayPageKey } from '../../providers/payment/sandbox-provider';
import { payRequestOf } from '../../money';
import { deliverSandboxEvent } from '../../providers/payment/sandbox-delivery';
import { checkoutPage, notFoundPage, resultPage } from './sandbox-pages';

interface Setup {
  db: Db;
  secret: string;
  provider: ReturnType<typeof sandboxProvider>;
  callbackPath: string;
  clock: Clock;
}

/**
 * A form post from another site says so (Sec-Fetch-Site) or carries its own origin. Our pages
 * send no referrer, so a browser's own post may say Origin "null"; the pay-page key must match
 * whatever the headers say.
 */
function isCrossSite(req: FastifyRequest): boolean {
  const site = req.headers['sec-fetch-site'];
  if (typeof site === 'string' && site !== 'same-origin' && site !== 'none') return true;
  const origin = req.headers.origin;
  if (typeof origin !== 'string' || origin === 'null') return false;
  try {
    return new URL(origin).host !== req.headers.host;
  } catch {
    return true;
  }
}

/**
 * The sandbox's hosted checkout, with Pay and Fail: it acts only for the borrower who asked for
 * the payment (the pay-page key in the address the pay request answered), only on a same-site
 * form post, and moves no money itself: Pay makes the sandbox send its signed callback, and only
 * that callback posts the payment.
 */
export function sandboxCheckoutRoutes(
  app: FastifyInstance,
  { db, secret, provider, callbackPath, clock }: Setup,
): void {
  const requestFor = async (reference: string, key: unknown) => {
    const request = await payRequestOf(db, SANDBOX, reference);
    return request && samePayPageKey(secret, reference, request.borrowerId, key) ? request : null;
  };
  const html = (reply: FastifyReply) => reply.type('text/html; charset=utf-8').header('Cache-Control', 'no-store');

  app.get<{ Params: { reference: string }; Querystring: { key?: string } }>(
    '/sandbox/pay/:reference',
    async (req, reply) => {
      const request = await requestFor(req.params.reference, req.query.key);
      html(reply);
      if (!request) return reply.code(404).send(notFoundPage());
      return checkoutPage({ ...request, key: req.query.key ?? '' });
    },
  );

  app.post<{ Params: { reference: string; action: string }; Body: { key?: string } | undefined }>(
    '/sandbox/pay/:reference/:action',
    async (req, reply) => {
      const { reference, action } = req.params;
      html(reply);
      if (isCrossSite(req)) return reply.code(403).send(notFoundPage());
      const key = req.body?.key;
      const request = await requestFor(reference, key);
      if (!request || (action !== 'pay' && action !== 'fail')) return reply.code(404).send(notFoundPage());
      const view = { ...request, key: key ?? '' };
      if (request.status !== 'pending') return checkoutPage(view);
      const answer = await deliverSandboxEvent(
        app,
        provider,
        callbackPath,
        {
          reference,
          amount: request.amount,
          status: action === 'pay' ? 'paid' : 'failed',
          paidAt: clock.now().toISOString(),
        },
        clock,
      );
      if (answer.code !== 0) {
        reply.code(httpStatusFor(typeof answer.code === 'number' ? answer.code : Code.SERVER_ERROR));
        return resultPage(view, 'refused', answer.message);
      }
      return resultPage(view, action === 'pay' ? 'paid' : 'failed');
    },
  );
}
