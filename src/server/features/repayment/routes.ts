import type { FastifyInstance } from 'fastify';
import * as contract from '../../../shared/contracts/repayment';
import { isAllowedRedirect } from '../../../shared/redirect-allowlist';
import type { AppContext } from '../../app-context';
import { rawJsonRoute } from '../../http/raw-json-route';
import { registerCall } from '../../http/register-call';
import type { sandboxProvider } from '../../providers/payment/sandbox-provider';
import { XENDIT } from '../../providers/payment/xendit-provider';
import { EventIgnored, ReplayRefused, takeCallback } from '../../money';
import { payQrRoute } from './pay-qr';
import { SANDBOX_CALLBACK_PATH, XENDIT_CALLBACK_PATH } from '../../providers/payment/payment-setup';
import { repaymentService } from './repayment-service';
import { sandboxCheckoutRoutes } from './sandbox-checkout';

export { SANDBOX_CALLBACK_PATH } from '../../providers/payment/payment-setup';

/** The repayment calls, the payment provider's callback and (when it is the provider) the sandbox checkout. */
export function repaymentRoutes(app: FastifyInstance, { db, config, clock, payments }: AppContext): void {
  const { provider, sandboxSecret } = payments;
  const service = repaymentService(db, provider, () => clock.now());
  payQrRoute(app);

  registerCall(app, contract.installmentDetail, async (input, { borrowerId, locale }) =>
    service.installmentDetail(borrowerId, input, clock.today(), locale),
  );
  registerCall(app, contract.delayDetail, async (input, { borrowerId, locale }) =>
    service.delayDetail(borrowerId, input, clock.today(), locale),
  );
  registerCall(app, contract.payRequest, async (input, { borrowerId }) => {
    const answer = await service.payRequest(borrowerId, input, clock.today());
    // An address handed to the page must lead where we allow (the web app checks again).
    if (!isAllowedRedirect(answer.payUrl, config.ALLOWED_REDIRECT_HOSTS))
      throw new Error(`pay address not allowed: ${answer.payUrl}`);
    return answer;
  });

  if (provider.name === XENDIT) {
    // Xendit retries a callback that is not answered 200 for a day: a replay or an event we do not
    // act on is acknowledged; a forged token, an unknown reference or a different amount is not.
    rawJsonRoute(app, XENDIT_CALLBACK_PATH, async (headers, rawBody) => {
      try {
        return await takeCallback(db, provider, { headers, rawBody }, clock);
      } catch (error) {
        if (error instanceof ReplayRefused || error instanceof EventIgnored)
          return { acknowledged: true, changed: false };
        throw error;
      }
    });
  }
  if (sandboxSecret === null) return;
  const sandbox = provider as ReturnType<typeof sandboxProvider>;
  sandboxCheckoutRoutes(app, {
    db,
    secret: sandboxSecret,
    provider: sandbox,
    callbackPath: SANDBOX_CALLBACK_PATH,
    clock,
  });
  rawJsonRoute(app, SANDBOX_CALLBACK_PATH, (headers, rawBody) =>
    takeCallback(db, provider, { headers, rawBody }, clock),
  );
}
