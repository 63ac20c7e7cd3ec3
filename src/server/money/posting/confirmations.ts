import { and, eq, sql } from 'drizzle-orm';
import { Code } from '../../../shared/codes';
import { manilaToday } from '../../../shared/format/date';
import type { Clock } from '../../clock';
import type { Db } from '../../db/client';
import { payments, payRequests, providerCallbacks } from '../../db/schema';
import { AppError } from '../../http/app-error';
import type { Tx } from '../loans/order-store';
import { postPayment } from './payment-posting';
import { reversePayment } from './payment-reversal';
import type { CallbackEvent, PaymentProvider } from '../../providers/payment/payment-provider';
import { honouredOf } from './honoured';
import { recordRenewal } from './renewal-disclosure';

export interface CallbackOutcome {
  reference: string;
  status: 'paid' | 'failed' | 'refunded';
  /** True when this reference had already been posted (or reversed): nothing changed. */
  duplicate: boolean;
  orderStatus?: number;
}

type PayRequest = typeof payRequests.$inferSelect;

/** A second delivery of an event already taken: nothing changes. */
export class ReplayRefused extends AppError {
  constructor() {
    super(Code.CONFLICT, 'This callback event was already taken (replay refused)');
  }
}

/** A genuine delivery of an event collections do not act on: acknowledged, nothing changes. */
export class EventIgnored extends AppError {
  constructor() {
    super(Code.BAD_REQUEST, 'The callback is not a payment event collections act on');
  }
}

/** A callback that did not verify, as the refusal its caller answers (an ignored event is acknowledged by Xendit's route). */
export function unverified(reason: 'signature' | 'stale' | 'malformed' | 'ignored', what: string): AppError {
  if (reason === 'signature') return new AppError(Code.SESSION_EXPIRED, 'The callback signature is not valid');
  if (reason === 'ignored') return new EventIgnored();
  if (reason === 'stale')
    return new AppError(Code.BAD_REQUEST, 'The callback timestamp is outside the 5-minute window', {
      field: 'timestamp',
    });
  return new AppError(Code.BAD_REQUEST, `The callback body is not a ${what} event`);
}

/**
 * Claims a provider's event id in the transaction that acts on it: a second delivery of the event
 * (at the same time or later) is refused, and a delivery whose work fails leaves it free again.
 */
export async function claimEvent(
  tx: Tx,
  provider: string,
  event: { eventId: string; reference: string },
): Promise<void> {
  const [claimed] = await tx
    .insert(providerCallbacks)
    .values({ provider, eventId: event.eventId, reference: event.reference })
    .onConflictDoNothing()
    .returning();
  if (!claimed) throw new ReplayRefused();
}

/**
 * The day the money was paid: the provider's paid-at, held between the moment the pay request
 * was made and now (a provider's clock cannot date a payment before it was asked for, or in the
 * future), in Manila.
 */
export function valueDateOf(event: CallbackEvent, request: PayRequest, now: Date): string {
  const reported = event.paidAt ? new Date(event.paidAt).getTime() : now.getTime();
  const at = Math.min(Math.max(reported, request.createdAt.getTime()), now.getTime());
  return manilaToday(new Date(at));
}

/**
 * Posts a payment the provider confirmed (its verified callback, or its transactions listing read
 * by reconciliation): through the loan engine exactly once per reference, value-dated by the
 * provider's paid-at, honouring the quote stored with the request, recording an extension's
 * renewal disclosure. Runs inside the caller's transaction, with the pay request locked.
 */
export async function postConfirmed(
  tx: Tx,
  providerName: string,
  request: PayRequest,
  event: CallbackEvent,
  now: Date,
  today: string,
) {
  const extension = request.kind === 'extension';
  const honoured = honouredOf(request.quote);
  const valueDate = valueDateOf(event, request, now);
  const posted = await postPayment(
    tx,
    {
      orderId: request.orderId,
      provider: providerName,
      reference: request.reference,
      amount: request.amount,
      kind: extension ? 'extension' : 'repayment',
      postedBy: providerName,
      valueDate,
      ...(honoured ? { honoured } : {}),
    },
    today,
  );
  if (posted.extended && !posted.duplicate) {
    await recordRenewal(tx, {
      orderId: request.orderId,
      reference: request.reference,
      paidOn: valueDate,
      offered: request.quote,
    });
  }
  await tx.update(payRequests).set({ status: 'paid', settledAt: sql`now()` }).where(eq(payRequests.id, request.id));
  return posted;
}

/**
 * A provider's callback, believed only when signed and fresh. The event id is claimed first, in
 * the same transaction as the work, so concurrent deliveries of one event do the work once and
 * a delivery that fails midway leaves the event free to be retried. An unknown reference or an
 * amount that differs from the request is refused and changes nothing. 'paid' posts through the
 * loan engine exactly once, value-dated by the provider's paid-at; the quote stored with the
 * request (an extension's delay amount, a payoff) is honoured within its window, and an extension
 * that posts records its renewal disclosure. 'failed' or 'refunded' after 'paid' reverses the
 * posting.
 */
export async function takeCallback(
  db: Db,
  provider: PaymentProvider,
  delivery: { headers: Record<string, string | string[] | undefined>; rawBody: string },
  clock: Clock,
): Promise<CallbackOutcome> {
  const now = clock.now();
  const verified = provider.verify(delivery.headers, delivery.rawBody, now.getTime());
  if (!verified.ok) throw unverified(verified.reason, 'payment');
  const { event } = verified;
  const request = await payRequestOf(db, provider.name, event.reference);
  if (!request) throw new AppError(Code.NOT_FOUND, 'No payment has this reference');
  if (request.amount !== event.amount) {
    throw new AppError(
      Code.CONFLICT,
      `The amount paid (${event.amount}) is not the amount requested (${request.amount})`,
      { field: 'amount' },
    );
  }
  const today = clock.today();
  return db.transaction(async (tx) => {
    await claimEvent(tx, provider.name, event);
    const [locked] = await tx.select().from(payRequests).where(eq(payRequests.id, request.id)).for('update');
    const current = locked ?? request;
    if (event.status === 'paid') {
      const posted = await postConfirmed(tx, provider.name, current, event, now, today);
      return {
        reference: event.reference,
        status: 'paid' as const,
        duplicate: posted.duplicate,
        orderStatus: posted.orderStatus,
      };
    }
    if (current.status === 'paid' && event.status === 'failed' && provider.lateFailureIsStale) {
      // Out of order: this provider never fails a payment it confirmed, so the posting stands.
      return { reference: event.reference, status: 'paid' as const, duplicate: true };
    }
    if (current.status === 'paid') {
      const [payment] = await tx
        .select({ id: payments.id })
        .from(payments)
        .where(and(eq(payments.provider, provider.name), eq(payments.reference, current.reference)));
      if (!payment) throw new Error(`pay request ${current.reference} is paid but has no posting`);
      const reversed = await reversePayment(
        tx,
        { paymentId: payment.id, reason: `provider reported ${event.status} after paid`, actor: provider.name },
        today,
      );
      await tx.update(payRequests).set({ status: event.status }).where(eq(payRequests.id, current.id));
      return {
        reference: event.reference,
        status: event.status,
        duplicate: reversed.duplicate,
        orderStatus: reversed.orderStatus,
      };
    }
    const changed = await tx
      .update(payRequests)
      .set({ status: event.status, settledAt: sql`now()` })
      .where(and(eq(payRequests.id, current.id), eq(payRequests.status, 'pending')))
      .returning({ id: payRequests.id });
    return { reference: event.reference, status: event.status, duplicate: changed.length === 0 };
  });
}

/** A pay request by its reference, for the hosted page and the callback. */
export async function payRequestOf(db: Db, provider: string, reference: string) {
  return db.query.payRequests.findFirst({
    where: and(eq(payRequests.provider, provider), eq(payRequests.reference, reference)),
  });
}
