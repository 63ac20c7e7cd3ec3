import { and, eq } from 'drizzle-orm';
import { Code } from '../../../shared/codes';
import type { Db } from '../../db/client';
import { payRequests, providerCallbacks } from '../../db/schema';
import type { IsoDate } from '../../domain/loan';
import { AppError } from '../../http/app-error';
import { postPayment } from '../loan-order/payment-posting';
import type { PaymentProvider } from '../../providers/payment/payment-provider';
import { payRequestOf } from './repayment-service';

export interface CallbackOutcome {
  reference: string;
  status: 'paid' | 'failed';
  /** True when this reference had already been posted: nothing changed. */
  duplicate: boolean;
  orderStatus?: number;
}

/**
 * DESIGN §8: a provider's callback, believed only when signed and fresh. A replayed event, an
 * unknown reference or an amount that differs from the request is refused and changes nothing;
 * a paid one is posted through the loan engine exactly once (postPayment is idempotent by
 * provider and reference, so concurrent deliveries post once).
 */
export async function takeCallback(
  db: Db,
  provider: PaymentProvider,
  delivery: { headers: Record<string, string | string[] | undefined>; rawBody: string; nowMs: number },
  today: IsoDate,
): Promise<CallbackOutcome> {
  const verified = provider.verify(delivery.headers, delivery.rawBody, delivery.nowMs);
  if (!verified.ok) {
    if (verified.reason === 'signature') throw new AppError(Code.SESSION_EXPIRED, 'The callback signature is not valid');
    if (verified.reason === 'stale') throw new AppError(Code.BAD_REQUEST, 'The callback timestamp is outside the 5-minute window', { field: 'timestamp' });
    throw new AppError(Code.BAD_REQUEST, 'The callback body is not a payment event');
  }
  const { event } = verified;
  const seen = await db.query.providerCallbacks.findFirst({
    where: and(eq(providerCallbacks.provider, provider.name), eq(providerCallbacks.eventId, event.eventId)),
  });
  if (seen) throw new AppError(Code.CONFLICT, 'This callback event was already taken (replay refused)');
  const request = await payRequestOf(db, provider.name, event.reference);
  if (!request) throw new AppError(Code.NOT_FOUND, 'No payment has this reference');
  if (request.amount !== event.amount) {
    throw new AppError(Code.CONFLICT, `The amount paid (${event.amount}) is not the amount requested (${request.amount})`, { field: 'amount' });
  }
  let outcome: CallbackOutcome;
  if (event.status === 'failed') {
    await db.update(payRequests).set({ status: 'failed', settledAt: new Date() }).where(and(eq(payRequests.id, request.id), eq(payRequests.status, 'pending')));
    outcome = { reference: event.reference, status: 'failed', duplicate: request.status !== 'pending' };
  } else {
    const posted = await postPayment(
      db,
      { orderId: request.orderId, provider: provider.name, reference: request.reference, amount: request.amount, kind: request.kind === 'extension' ? 'extension' : 'repayment', postedBy: provider.name },
      today,
    );
    await db.update(payRequests).set({ status: 'paid', settledAt: new Date() }).where(eq(payRequests.id, request.id));
    outcome = { reference: event.reference, status: 'paid', duplicate: posted.duplicate, orderStatus: posted.orderStatus };
  }
  // Recorded after the work, so a delivery that failed midway can be retried with the same event.
  await db.insert(providerCallbacks).values({ provider: provider.name, eventId: event.eventId, reference: event.reference }).onConflictDoNothing();
  return outcome;
}
