import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import { Code } from '../../../shared/codes';
import { OrderStatus } from '../../../shared/order-status';
import type { Clock } from '../../clock';
import type { Db } from '../../db/client';
import { payouts } from '../../db/schema';
import { AppError } from '../../http/app-error';
import type { PayoutAnswer, PayoutProvider } from '../../providers/payment/payout-provider';
import { contractOf, priceQuote, termsChanged } from '../loans/accepted-terms';
import { lockOrder, loanStateOf, type Order, type Tx } from '../loans/order-store';
import { loadProduct, productForOrder } from '../loans/product-store';
import { creditLeft, creditSpentOf } from '../ledger/refund-journal';
import { destinationOf, type Payout, SEND_AGAIN_AFTER_MS, sameDestination } from './destination';
import { assertChecker } from '../rules/four-eyes';

/** Reads a payout, then locks its order and the payout, in that order (every payout path locks the order first). */
export async function lockPayout(tx: Tx, payoutId: number): Promise<{ order: Order; payout: Payout }> {
  const [found] = await tx.select({ orderId: payouts.orderId }).from(payouts).where(eq(payouts.id, payoutId));
  if (!found) throw new AppError(Code.NOT_FOUND, 'The payout was not found', { field: 'payoutId' });
  const order = await lockOrder(tx, found.orderId);
  const [payout] = await tx.select().from(payouts).where(eq(payouts.id, payoutId)).for('update');
  if (!payout) throw new AppError(Code.NOT_FOUND, 'The payout was not found', { field: 'payoutId' });
  return { order, payout };
}

/**
 * What a disbursal pays must still be what the borrower accepted, to the account requested: the
 * product is priced again (its terms become the contract the loan opens on when the money
 * arrives), and the bound account must be the one the request named.
 */
async function checkDisbursal(tx: Tx, order: Order, payout: Payout, today: string): Promise<Record<string, unknown>> {
  if (order.status !== OrderStatus.APPROVED)
    throw new AppError(Code.CONFLICT, `${order.orderNo} is no longer waiting for disbursal (status ${order.status})`);
  const product = productForOrder((await loadProduct(tx, order.productId)).product, order.termDays);
  const priced = priceQuote(product, order.amount, today);
  if ((await contractOf(tx, order.id))?.termsDigest !== priced.digest) throw termsChanged(order.orderNo);
  if (priced.quote.netProceeds !== payout.amount) {
    throw new AppError(
      Code.CONFLICT,
      `The net proceeds of ${order.orderNo} are no longer the amount requested; reject this request and request again`,
    );
  }
  await checkAccount(tx, order, payout);
  return product as unknown as Record<string, unknown>;
}

async function checkAccount(tx: Tx, order: Order, payout: Payout): Promise<void> {
  const now = await destinationOf(tx, order.borrowerId);
  if (
    !now ||
    !sameDestination(now, { channel: payout.channel, accountNo: payout.accountNo, holderName: payout.accountName })
  ) {
    throw new AppError(
      Code.CONFLICT,
      `The borrower changed the payout account of ${order.orderNo} after the request; reject it and request again`,
    );
  }
}

async function checkRefund(tx: Tx, order: Order, payout: Payout): Promise<void> {
  if (order.status !== OrderStatus.SETTLED)
    throw new AppError(
      Code.CONFLICT,
      `${order.orderNo} is no longer settled (status ${order.status}): its credit cannot be refunded now`,
    );
  // What is held already counts this request.
  if (creditLeft(loanStateOf(order).credit, (await creditSpentOf(tx, order.id)).held) < 0) {
    throw new AppError(Code.CONFLICT, `${order.orderNo} no longer has this much credit; reject this request`);
  }
  await checkAccount(tx, order, payout);
}

/**
 * Finance, second hand: a finance user other than the one who asked approves the payout. The
 * approval commits first, then the provider is asked to send it under the payout's reference
 * (never while the order is locked). Approving again asks again, with the same reference, only
 * when the provider has not confirmed taking it for a minute (a lost reply, a crash): concurrent
 * approvals ask once. The loan becomes 170, or the refund is booked, only from the provider's
 * callback.
 */
export async function approvePayout(
  db: Db,
  provider: PayoutProvider,
  input: { payoutId: number; actor: string },
  clock: Clock,
): Promise<{ before: string; payout: Payout }> {
  const now = clock.now();
  let before = '';
  const claimed = await db.transaction(async (tx) => {
    const { order, payout } = await lockPayout(tx, input.payoutId);
    before = payout.status;
    assertChecker(payout.requestedBy, input.actor, 'a payout you requested');
    if (payout.status === 'failed' || payout.status === 'rejected') {
      throw new AppError(Code.CONFLICT, `Payout ${payout.reference} has ${payout.status}; request a new one`);
    }
    if (payout.provider !== provider.name) {
      // The provider was switched since: only the one that was asked can be asked again.
      if (payout.status !== 'requested') return null;
      throw new AppError(
        Code.CONFLICT,
        `Payout ${payout.reference} was requested through ${payout.provider}; reject it and request again`,
      );
    }
    if (payout.status !== 'requested') return sendAgain(tx, payout, now);
    const productTerms = payout.kind === 'disbursal' ? await checkDisbursal(tx, order, payout, clock.today()) : null;
    if (payout.kind === 'refund') await checkRefund(tx, order, payout);
    const [approved] = await tx
      .update(payouts)
      .set({
        status: 'approved',
        approvedBy: input.actor,
        approvedAt: now,
        dispatchedAt: now,
        productTerms,
        updatedAt: sql`now()`,
      })
      .where(eq(payouts.id, payout.id))
      .returning();
    return approved ?? null;
  });
  if (claimed) await dispatch(db, provider, claimed);
  const [current] = await db.select().from(payouts).where(eq(payouts.id, input.payoutId));
  if (!current) throw new Error('payout vanished');
  return { before, payout: current };
}

/** An approved payout not confirmed for a minute is claimed to be asked for again; anything else is left as it is. */
async function sendAgain(tx: Db | Tx, payout: Payout, now: Date): Promise<Payout | null> {
  if (payout.status !== 'approved') return null;
  const [claimed] = await tx
    .update(payouts)
    .set({ dispatchedAt: now, updatedAt: sql`now()` })
    .where(
      and(
        eq(payouts.id, payout.id),
        eq(payouts.status, 'approved'),
        or(isNull(payouts.dispatchedAt), lt(payouts.dispatchedAt, new Date(now.getTime() - SEND_AGAIN_AFTER_MS))),
      ),
    )
    .returning();
  return claimed ?? null;
}

/**
 * Asks the provider to send a claimed payout, outside any transaction. Accepted: the provider's id
 * is kept and the callback is awaited. Refused: nothing was made, the payout fails with the
 * provider's reason (a new request may follow). Unanswered: it stays approved, with the reason, to
 * be asked again under the same reference. A callback that arrived first wins.
 */
export async function dispatch(db: Db, provider: PayoutProvider, payout: Payout): Promise<PayoutAnswer> {
  let answer: PayoutAnswer;
  try {
    answer = await provider.payout({
      reference: payout.reference,
      amount: payout.amount,
      destination: { channel: payout.channel, accountNo: payout.accountNo, holderName: payout.accountName },
      description: `${payout.kind === 'refund' ? 'Refund' : 'Loan'} ${payout.reference}`,
    });
  } catch (error) {
    answer = { outcome: 'unanswered', reason: error instanceof Error ? error.message : String(error) };
  }
  const still = and(eq(payouts.id, payout.id), eq(payouts.status, 'approved'));
  if (answer.outcome === 'accepted') {
    await db
      .update(payouts)
      .set({ status: 'accepted', providerId: answer.providerId, dispatchError: null, updatedAt: sql`now()` })
      .where(still);
  } else if (answer.outcome === 'refused') {
    await db
      .update(payouts)
      .set({
        status: 'failed',
        failureCode: answer.code,
        failureReason: answer.reason,
        completedAt: sql`now()`,
        updatedAt: sql`now()`,
      })
      .where(still);
  } else {
    await db
      .update(payouts)
      .set({ dispatchError: answer.reason.slice(0, 500), updatedAt: sql`now()` })
      .where(still);
  }
  return answer;
}

/**
 * After a restart: approved payouts whose provider call was cut off (a crash between the approval
 * and the answer) are asked for again, each under its own reference, so the provider makes each
 * at most once. Returns how many were asked.
 */
export async function resumeApprovedPayouts(db: Db, provider: PayoutProvider, clock: Clock): Promise<number> {
  const now = clock.now();
  const stale = await db
    .select()
    .from(payouts)
    .where(
      and(
        eq(payouts.status, 'approved'),
        eq(payouts.provider, provider.name),
        or(isNull(payouts.dispatchedAt), lt(payouts.dispatchedAt, new Date(now.getTime() - SEND_AGAIN_AFTER_MS))),
      ),
    );
  let asked = 0;
  for (const candidate of stale) {
    const claimed = await sendAgain(db, candidate, now);
    if (!claimed) continue;
    await dispatch(db, provider, claimed);
    asked += 1;
  }
  return asked;
}

/** Rejects a payout still waiting for approval, with a reason: nothing is sent; the order is back in its queue. */
export async function rejectPayout(
  db: Db,
  input: { payoutId: number; actor: string; reason: string },
): Promise<Payout> {
  const [rejected] = await db
    .update(payouts)
    .set({ status: 'rejected', rejectedBy: input.actor, failureReason: input.reason, updatedAt: sql`now()` })
    .where(and(eq(payouts.id, input.payoutId), eq(payouts.status, 'requested')))
    .returning();
  if (!rejected)
    throw new AppError(Code.CONFLICT, 'Only a payout waiting for approval can be rejected', { field: 'payoutId' });
  return rejected;
}
