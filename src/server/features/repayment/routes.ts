import { randomBytes, randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { Code, httpStatusFor } from '../../../shared/codes';
import { API_BASE } from '../../../shared/constants';
import * as contract from '../../../shared/contracts/repayment';
import { manilaToday } from '../../../shared/format/date';
import { isAllowedRedirect } from '../../../shared/redirect-allowlist';
import type { AppContext } from '../../app-context';
import { registerCall } from '../../http/register-call';
import { SANDBOX, sandboxProvider } from '../../providers/payment/sandbox-provider';
import { takeCallback } from './callback';
import { payRequestOf, repaymentService } from './repayment-service';
import { checkoutPage, notFoundPage, resultPage } from './sandbox-pages';

export const SANDBOX_CALLBACK_PATH = `${API_BASE}/payments/sandbox/callback`;

/** Issue 5: the repayment calls, the sandbox provider's callback and its hosted checkout. */
export function repaymentRoutes(app: FastifyInstance, { db, config }: AppContext): void {
  const secret = config.PAYMENT_SANDBOX_SECRET ?? randomBytes(32).toString('hex');
  if (!config.PAYMENT_SANDBOX_SECRET && config.isProduction) app.log.warn('PAYMENT_SANDBOX_SECRET is unset: callbacks are signed with a per-process secret');
  const provider = sandboxProvider(secret);
  const service = repaymentService(db, provider);

  registerCall(app, contract.installmentDetail, async (input, { borrowerId, locale }) =>
    service.installmentDetail(borrowerId, input, manilaToday(), locale),
  );
  registerCall(app, contract.delayDetail, async (input, { borrowerId, locale }) =>
    service.delayDetail(borrowerId, input, manilaToday(), locale),
  );
  registerCall(app, contract.payRequest, async (input, { borrowerId }) => {
    const answer = await service.payRequest(borrowerId, input, manilaToday());
    // Issue 10: an address handed to the page must lead where we allow (the web app checks again).
    if (!isAllowedRedirect(answer.payUrl, config.ALLOWED_REDIRECT_HOSTS)) throw new Error(`pay address not allowed: ${answer.payUrl}`);
    return answer;
  });

  // The callback needs the raw body for its signature, so JSON is not parsed for this route.
  app.register(async (scope) => {
    scope.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, body, done) => done(null, body));
    scope.post(SANDBOX_CALLBACK_PATH, async (req) => {
      const rawBody = typeof req.body === 'string' ? req.body : '';
      const data = await takeCallback(db, provider, { headers: req.headers, rawBody, nowMs: Date.now() }, manilaToday());
      return { code: 0, data, message: 'success' };
    });
  });

  /** The sandbox "provider" delivers its signed callback to us, as a real one would over HTTP. */
  async function deliver(reference: string, amount: number, status: 'paid' | 'failed') {
    const signed = provider.signEvent({ eventId: randomUUID(), reference, amount, status }, Date.now());
    const res = await app.inject({ method: 'POST', url: SANDBOX_CALLBACK_PATH, headers: signed.headers, payload: signed.body });
    return res.json() as { code: number | string; message: string };
  }

  app.get<{ Params: { reference: string } }>('/sandbox/pay/:reference', async (req, reply) => {
    const request = await payRequestOf(db, SANDBOX, req.params.reference);
    reply.type('text/html; charset=utf-8').header('Cache-Control', 'no-store');
    if (!request) return reply.code(404).send(notFoundPage());
    return checkoutPage(request);
  });

  app.post<{ Params: { reference: string; action: string } }>('/sandbox/pay/:reference/:action', async (req, reply) => {
    const { reference, action } = req.params;
    reply.type('text/html; charset=utf-8').header('Cache-Control', 'no-store');
    const request = await payRequestOf(db, SANDBOX, reference);
    if (!request || (action !== 'pay' && action !== 'fail')) return reply.code(404).send(notFoundPage());
    if (request.status !== 'pending') return checkoutPage(request);
    const answer = await deliver(reference, request.amount, action === 'pay' ? 'paid' : 'failed');
    if (answer.code !== 0) {
      reply.code(httpStatusFor(typeof answer.code === 'number' ? answer.code : Code.SERVER_ERROR));
      return resultPage(request, 'refused', answer.message);
    }
    return resultPage(request, action === 'pay' ? 'paid' : 'failed');
  });
}
