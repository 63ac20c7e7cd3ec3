import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import * as contract from '../../../shared/contracts/payouts';
import type { AppContext } from '../../app-context';
import { loanOrders } from '../../db/schema';
import { rawJsonRoute } from '../../http/raw-json-route';
import { registerCall } from '../../http/register-call';
import { XENDIT } from '../../providers/payment/xendit-provider';
import {
  EventIgnored,
  ReplayRefused,
  approvePayout,
  rejectPayout,
  resumeApprovedPayouts,
  takePayoutCallback,
  type Payout,
  payoutView,
  requestDisbursal,
  requestRefund,
} from '../../money';
import { SANDBOX_PAYOUT_CALLBACK_PATH, XENDIT_PAYOUT_CALLBACK_PATH } from '../../providers/payment/payment-setup';
import { creditBalances, disbursalQueue, payoutHistory } from './queues';

/** The finance desk's payout calls (request, approve, reject, the queues) and the provider's payout callback. */
export function payoutRoutes(app: FastifyInstance, { db, clock, payments }: AppContext): void {
  const provider = payments.payouts;
  const orderNoOf = async (orderId: number) =>
    (await db.query.loanOrders.findFirst({ where: eq(loanOrders.id, orderId), columns: { orderNo: true } }))?.orderNo ??
    '';
  const view = async (payout: Payout) => payoutView(payout, await orderNoOf(payout.orderId), clock.now());
  /** The audit entry of a payout step: on the order, naming the payout and what it became. */
  const audited = (payout: Payout, before: string | null) => ({
    entity: 'order',
    entityId: payout.orderId,
    before: before === null ? null : { payout: payout.reference, status: before },
    after: {
      payout: payout.reference,
      kind: payout.kind,
      amount: payout.amount,
      status: payout.status,
      account: `${payout.channel} ${payout.accountNo}`,
      ...(payout.providerId ? { providerId: payout.providerId } : {}),
      ...(payout.failureReason ? { failureReason: payout.failureReason } : {}),
      ...(payout.status === 'approved' && payout.dispatchError ? { dispatchError: payout.dispatchError } : {}),
    },
  });

  registerCall(app, contract.disbursals, (query) => disbursalQueue(db, clock.now(), query));
  registerCall(app, contract.credits, async () => ({ list: await creditBalances(db, clock.now()) }));
  registerCall(app, contract.history, (query) => payoutHistory(db, query, clock.now()));

  registerCall(app, contract.requestDisbursal, async ({ orderId }, { staffId, req }) => {
    const payout = await requestDisbursal(db, provider, { orderId, actor: staffId }, clock.today());
    req.audit = audited(payout, null);
    return { payout: await view(payout) };
  });
  registerCall(app, contract.requestRefund, async ({ orderId, amount }, { staffId, req }) => {
    const payout = await requestRefund(db, provider, { orderId, amount, actor: staffId });
    req.audit = audited(payout, null);
    return { payout: await view(payout) };
  });
  registerCall(app, contract.approve, async ({ payoutId }, { staffId, req }) => {
    const { before, payout } = await approvePayout(db, provider, { payoutId, actor: staffId }, clock);
    req.audit = audited(payout, before);
    return { payout: await view(payout) };
  });
  registerCall(app, contract.reject, async ({ payoutId, reason }, { staffId, req }) => {
    const payout = await rejectPayout(db, { payoutId, actor: staffId, reason });
    req.audit = audited(payout, 'requested');
    return { payout: await view(payout) };
  });

  const takeCallback = (headers: Record<string, string | string[] | undefined>, rawBody: string) =>
    takePayoutCallback(db, provider, { headers, rawBody }, clock);
  if (provider.name === XENDIT) {
    // As for collections: a replay or an event we do not act on is acknowledged (Xendit stops
    // retrying); a forged token, an unknown reference or another amount is not.
    rawJsonRoute(app, XENDIT_PAYOUT_CALLBACK_PATH, async (headers, rawBody) => {
      try {
        return await takeCallback(headers, rawBody);
      } catch (error) {
        if (error instanceof ReplayRefused || error instanceof EventIgnored)
          return { acknowledged: true, changed: false };
        throw error;
      }
    });
  }
  if (payments.sandboxSecret !== null) rawJsonRoute(app, SANDBOX_PAYOUT_CALLBACK_PATH, takeCallback);

  // After a restart, payouts approved but cut off before the provider answered are asked for
  // again under their own references (in the background: the server does not wait for it).
  app.addHook('onListen', async () => {
    resumeApprovedPayouts(db, provider, clock)
      .then((asked) => {
        if (asked > 0) app.log.info({ asked }, 'approved payouts asked for again after a restart');
      })
      .catch((error: unknown) => app.log.error({ err: error }, 'approved payouts could not be asked for again'));
  });
}
