import { and, eq, sql } from 'drizzle-orm';
import { Code } from '../../../shared/codes';
import { manilaToday } from '../../../shared/format/date';
import type { Clock } from '../../clock';
import type { Db } from '../../db/client';
import { payouts } from '../../db/schema';
import type { LoanProduct } from '../../domain/loan';
import { AppError } from '../../http/app-error';
import { payoutFailureText, type PayoutEvent, type PayoutProvider } from '../../providers/payment/payout-provider';
import { writeAudit } from '../../audit/audit';
import { disburse } from '../loans/lifecycle';
import { type Tx, writeJournal } from '../loans/order-store';
import { rebookRefunds, refundJournal } from '../ledger/refund-journal';
import { claimEvent, unverified } from '../posting/confirmations';
import { lockPayout } from './approval';
import type { Payout } from './destination';

export interface PayoutOutcome {
  reference: string;
  status: 'succeeded' | 'failed' | 'reversed';
  /** True when the payout already had this outcome (or a late failure after success): nothing changed. */
  duplicate: boolean;
  orderStatus: number;
}

/**
 * The day the money arrived: the provider's time, held between the approval and now (a provider's
 * clock cannot date a payout before we asked for it, or in the future), in Manila.
 */
export function payoutDateOf(event: PayoutEvent, payout: Payout, now: Date): string {
  const reported = Date.parse(event.at);
  const floor = payout.approvedAt?.getTime() ?? payout.requestedAt.getTime();
  return manilaToday(
    new Date(Math.min(Math.max(Number.isNaN(reported) ? now.getTime() : reported, floor), now.getTime())),
  );
}

/**
 * A provider's payout callback, believed only when it verifies. The event id is claimed in the same
 * transaction as the work, so a repeated or concurrent delivery does the work once. Succeeded: a
 * disbursal opens the loan (110 → 170) through `disburse`, on the contract approved, dated by the
 * provider's time; a refund books the credit going out. Failed: the payout fails with the
 * provider's reason and the order is back in its queue. A failure after a success is a late
 * delivery and changes nothing. Reversed (the money came back after a success): the payout is
 * `reversed` with the provider's reason; a refund's credit is booked back to the borrower, a
 * disbursal is left for finance (reconciliation lists it). Every outcome is written to the audit log.
 */
export async function takePayoutCallback(
  db: Db,
  provider: PayoutProvider,
  delivery: { headers: Record<string, string | string[] | undefined>; rawBody: string },
  clock: Clock,
): Promise<PayoutOutcome> {
  const verified = provider.verifyPayout(delivery.headers, delivery.rawBody, clock.now().getTime());
  if (!verified.ok) throw unverified(verified.reason, 'payout');
  return applyPayoutEvent(db, provider.name, verified.event, clock);
}

/**
 * A payout outcome the provider reported, by its verified callback or in its transactions listing
 * (reconciliation): the same work whichever told us, once per event id and once per outcome.
 */
export async function applyPayoutEvent(
  db: Db,
  providerName: string,
  event: PayoutEvent,
  clock: Clock,
): Promise<PayoutOutcome> {
  const now = clock.now();
  const provider = { name: providerName };
  const [found] = await db
    .select()
    .from(payouts)
    .where(and(eq(payouts.provider, provider.name), eq(payouts.reference, event.reference)));
  if (!found) throw new AppError(Code.NOT_FOUND, 'No payout has this reference');
  if (found.amount !== event.amount) {
    throw new AppError(
      Code.CONFLICT,
      `The amount paid out (${event.amount}) is not the amount approved (${found.amount})`,
      { field: 'amount' },
    );
  }
  if (found.status === 'requested' || found.status === 'rejected')
    throw new AppError(Code.CONFLICT, `Payout ${found.reference} was never sent (${found.status})`);
  const today = clock.today();
  const result = await db.transaction(async (tx) => {
    await claimEvent(tx, provider.name, event);
    const { order, payout } = await lockPayout(tx, found.id);
    const before = payout.status;
    if (event.status === 'succeeded') {
      if (payout.status === 'succeeded') return { before, order, duplicate: true };
      if (payout.status === 'failed') {
        // Money we were told had not gone out did: finance must know (the order may have been asked again).
        return { before, order, duplicate: true, anomaly: 'succeeded after it was reported failed' };
      }
      await complete(tx, payout, {
        status: 'succeeded',
        providerId: event.providerId,
        completedAt: new Date(event.at),
        failureCode: null,
        failureReason: null,
      });
      if (payout.kind === 'disbursal') {
        const opened = await disburse(
          tx,
          order.id,
          `${payout.requestedBy} + ${payout.approvedBy ?? ''}`,
          payoutDateOf(event, payout, now),
          today,
          {
            ...(payout.productTerms ? { product: payout.productTerms as unknown as LoanProduct } : {}),
          },
        );
        return { before, order: opened, duplicate: false };
      }
      const account = `${payout.channel} ••••${payout.accountNo.slice(-4)}`;
      await writeJournal(
        tx,
        order.id,
        refundJournal(payout.amount, today, `refund of credit ${payout.reference} to ${account}`),
        { cause: `refund:${payout.reference}` },
      );
      return { before, order, duplicate: false };
    }
    if (event.status === 'reversed') {
      if (payout.status === 'reversed') return { before, order, duplicate: true };
      if (payout.status !== 'succeeded')
        return { before, order, duplicate: true, anomaly: `reported reversed while ${payout.status}` };
      const code = event.failureCode ?? 'REVERSED';
      await complete(tx, payout, { status: 'reversed', failureCode: code, failureReason: payoutFailureText(code) });
      // A refund that came back is the borrower's credit again: the ledger books it back.
      if (payout.kind === 'refund') await rebookRefunds(tx, order.id, today, `refund-reversed:${payout.reference}`);
      return { before, order, duplicate: false };
    }
    if (payout.status === 'failed' || payout.status === 'reversed') return { before, order, duplicate: true };
    if (payout.status === 'succeeded')
      return { before, order, duplicate: true, anomaly: 'reported failed after it succeeded' };
    const code = event.failureCode ?? 'UNKNOWN';
    await complete(tx, payout, {
      status: 'failed',
      providerId: event.providerId,
      completedAt: new Date(event.at),
      failureCode: code,
      failureReason: payoutFailureText(code),
    });
    return { before, order, duplicate: false };
  });
  const outcome: PayoutOutcome = {
    reference: event.reference,
    status: event.status,
    duplicate: result.duplicate,
    orderStatus: result.order.status,
  };
  if (!result.duplicate || result.anomaly) {
    await writeAudit(db, {
      staffId: null,
      actor: provider.name,
      action: result.anomaly ? 'payouts.providerAnomaly' : `payouts.${event.status}`,
      entity: 'order',
      entityId: found.orderId,
      before: { payout: found.reference, status: result.before },
      after: {
        payout: found.reference,
        kind: found.kind,
        amount: found.amount,
        status: event.status,
        providerId: event.providerId,
        ...(event.failureCode
          ? { failureCode: event.failureCode, failureReason: payoutFailureText(event.failureCode) }
          : {}),
        ...(result.anomaly ? { anomaly: result.anomaly } : {}),
        orderStatus: result.order.status,
      },
    });
  }
  return outcome;
}

async function complete(tx: Tx, payout: Payout, set: Partial<Payout>): Promise<void> {
  await tx
    .update(payouts)
    .set({ ...set, dispatchError: null, updatedAt: sql`now()` })
    .where(eq(payouts.id, payout.id));
}
