import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import stringify from 'safe-stable-stringify';
import { loanOrders } from '../../db/schema';
import type { IsoDate } from '../../domain/loan';
import { recordAcceptance } from '../loans/accepted-terms';
import type { Tx } from '../loans/order-store';
import { type ExtensionOffer, scheduleOf } from './extension-offer';
import { readLoanState } from '../loans/stored-state';

/**
 * Each renewal is its own contract: when an extension posts, its terms are recorded as a
 * `renewal` disclosure next to the origination one. It keeps the offer the borrower was shown
 * and paid (`offered`) and the schedule as posted, which counts from the day the money was paid.
 */
export async function recordRenewal(
  tx: Tx,
  input: {
    orderId: number;
    reference: string;
    paidOn: IsoDate;
    offered: ExtensionOffer | Record<string, unknown> | null;
  },
): Promise<void> {
  const order = await tx.query.loanOrders.findFirst({ where: eq(loanOrders.id, input.orderId) });
  if (!order?.loanState) throw new Error(`order ${input.orderId} has no loan to renew`);
  const state = readLoanState(order.loanState, order);
  const schedule = scheduleOf(state);
  const quote = {
    kind: 'renewal',
    reference: input.reference,
    paidOn: input.paidOn,
    offered: input.offered,
    nextDueDate: schedule[0]?.dueDate ?? null,
    schedule,
  };
  const digest = createHash('sha256')
    .update(stringify(quote) ?? '')
    .digest('hex')
    .slice(0, 32);
  await recordAcceptance(tx, order, 'renewal', { quote, digest });
}
