import { and, eq, inArray, sql } from 'drizzle-orm';
import { Code } from '../../../shared/codes';
import { payoutChannelName } from '../../../shared/contracts/payouts';
import { formatMoney } from '../../../shared/format/money';
import { OrderStatus } from '../../../shared/order-status';
import { type Db, isUniqueViolation } from '../../db/client';
import { payouts } from '../../db/schema';
import type { IsoDate } from '../../domain/loan';
import { AppError } from '../../http/app-error';
import type { PayoutDestination, PayoutProvider } from '../../providers/payment/payout-provider';
import { termsChanged, termsReviewOf } from '../loans/accepted-terms';
import { lockOrder, loanStateOf, type Order, type Tx } from '../loans/order-store';
import { creditLeft, creditSpentOf } from '../ledger/refund-journal';
import { destinationOf, type Payout } from './destination';
import { assertMaker } from '../rules/four-eyes';

/** A payout that has not ended yet: the order has one of each kind at most (a unique index holds it). */
export const OPEN_PAYOUT = ['requested', 'approved', 'accepted'];

type Kind = 'disbursal' | 'refund';

/** The payout of this kind still under way for the order, if any. */
export async function openPayoutOf(tx: Db | Tx, orderId: number, kind: Kind): Promise<Payout | undefined> {
  const [open] = await tx
    .select()
    .from(payouts)
    .where(and(eq(payouts.orderId, orderId), eq(payouts.kind, kind), inArray(payouts.status, OPEN_PAYOUT)));
  return open;
}

/** The bound account the money goes to, refused when there is none or the provider cannot pay it. */
async function destinationFor(tx: Tx, order: Order, provider: PayoutProvider): Promise<PayoutDestination> {
  const destination = await destinationOf(tx, order.borrowerId);
  if (!destination)
    throw new AppError(Code.CONFLICT, `The borrower of ${order.orderNo} has not bound a payout account yet`);
  if (!provider.supports(destination.channel)) {
    throw new AppError(
      Code.CONFLICT,
      `The payout provider (${provider.name}) cannot send to ${payoutChannelName(destination.channel)}`,
    );
  }
  return destination;
}

/**
 * Stores a request under a new reference: DSB-/RFD- plus the contract number and the attempt
 * (a request after a failed one is a new payout with a new reference). Under the order lock; two
 * requests that still meet are stopped by the one-open-payout index.
 */
async function insertRequest(
  tx: Tx,
  order: Order,
  kind: Kind,
  amount: number,
  destination: PayoutDestination,
  provider: PayoutProvider,
  actor: string,
): Promise<Payout> {
  assertMaker(actor, `a ${kind}`);
  const open = await openPayoutOf(tx, order.id, kind);
  if (open)
    throw new AppError(Code.CONFLICT, `A ${kind} of ${order.orderNo} is already ${open.status} (${open.reference})`);
  const [count] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(payouts)
    .where(and(eq(payouts.orderId, order.id), eq(payouts.kind, kind)));
  const reference = `${kind === 'disbursal' ? 'DSB' : 'RFD'}-${order.orderNo}-${Number(count?.n ?? 0) + 1}`;
  const [row] = await tx
    .insert(payouts)
    .values({
      reference,
      provider: provider.name,
      orderId: order.id,
      kind,
      amount,
      channel: destination.channel,
      accountNo: destination.accountNo,
      accountName: destination.holderName,
      requestedBy: actor,
    })
    .returning();
  if (!row) throw new Error('payout not stored');
  return row;
}

async function requestOnce(db: Db, make: (tx: Tx) => Promise<Payout>): Promise<Payout> {
  try {
    return await db.transaction(make);
  } catch (err) {
    if (isUniqueViolation(err))
      throw new AppError(Code.CONFLICT, 'A payout of this order was requested at the same moment; refresh the list');
    throw err;
  }
}

/**
 * Finance, first hand: asks for an approved loan's net proceeds to be sent to the borrower's bound
 * account. Nothing moves yet: a second finance user approves. The order stays 110. Refused when
 * the terms the product prices at are not the ones the borrower accepted (40901), when there is
 * no account or the provider cannot pay it, or when a disbursal is already under way.
 */
export async function requestDisbursal(
  db: Db,
  provider: PayoutProvider,
  input: { orderId: number; actor: string },
  today: IsoDate,
): Promise<Payout> {
  return requestOnce(db, async (tx) => {
    const order = await lockOrder(tx, input.orderId);
    if (order.status !== OrderStatus.APPROVED) {
      throw new AppError(
        Code.CONFLICT,
        `Only an approved order (110) is disbursed; ${order.orderNo} is ${order.status}`,
      );
    }
    const review = await termsReviewOf(tx, order, today);
    if (review.changed) throw termsChanged(order.orderNo);
    const destination = await destinationFor(tx, order, provider);
    return insertRequest(tx, order, 'disbursal', review.priced.quote.netProceeds, destination, provider, input.actor);
  });
}

/**
 * Finance, first hand: asks for a settled loan's credit (what it was paid over what it owed) to
 * be refunded to the bound account: all that is left by default, or part of it. What is left
 * counts refunds paid and those on their way, so the same money is never asked for twice.
 */
export async function requestRefund(
  db: Db,
  provider: PayoutProvider,
  input: { orderId: number; amount?: number | undefined; actor: string },
): Promise<Payout> {
  return requestOnce(db, async (tx) => {
    const order = await lockOrder(tx, input.orderId);
    if (order.status !== OrderStatus.SETTLED) {
      throw new AppError(
        Code.CONFLICT,
        `Only a settled loan's credit is refunded; ${order.orderNo} is ${order.status}`,
      );
    }
    const available = creditLeft(loanStateOf(order).credit, (await creditSpentOf(tx, order.id)).held);
    const amount = input.amount ?? available;
    if (available <= 0) throw new AppError(Code.CONFLICT, `${order.orderNo} has no credit left to refund`);
    if (amount > available) {
      throw new AppError(
        Code.BAD_REQUEST,
        `At most ${formatMoney(available)} of ${order.orderNo}'s credit is left to refund`,
        { field: 'amount' },
      );
    }
    const destination = await destinationFor(tx, order, provider);
    return insertRequest(tx, order, 'refund', amount, destination, provider, input.actor);
  });
}
