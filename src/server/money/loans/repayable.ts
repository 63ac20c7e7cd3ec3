import { and, eq } from 'drizzle-orm';
import { Code } from '../../../shared/codes';
import { RUNNING_STATUSES } from '../../../shared/order-status';
import type { Db } from '../../db/client';
import { loanOrders } from '../../db/schema';
import {
  accruePenaltiesTo,
  balancesOf,
  bucketTotal,
  type IsoDate,
  type LoanState,
  quotePrepayment,
} from '../../domain/loan';
import { AppError } from '../../http/app-error';
import type { Order } from './order-store';
import { readLoanState } from './stored-state';

/** An order with its loan state read (and checked) from the stored JSON. */
export type RepayableOrder = Omit<Order, 'loanState'> & { loanState: LoanState };

/**
 * The borrower's own order, in a state that takes a repayment. Another borrower's order answers
 * "not found", so its existence is not given away.
 */
export async function repayableOrder(db: Db, borrowerId: number, orderId: number): Promise<RepayableOrder> {
  const order = await db.query.loanOrders.findFirst({
    where: and(eq(loanOrders.id, orderId), eq(loanOrders.borrowerId, borrowerId)),
  });
  if (!order) throw new AppError(Code.NOT_FOUND, 'The order was not found');
  if (!RUNNING_STATUSES.includes(order.status) || !order.loanState) {
    throw new AppError(Code.CONFLICT, 'This order has nothing to repay');
  }
  return { ...order, loanState: readLoanState(order.loanState, order) };
}

/** The loan as of `today`: penalties a missed close of business has not booked yet included. */
export function stateOn(order: { loanState: LoanState }, today: IsoDate): LoanState {
  return accruePenaltiesTo(order.loanState, today);
}

/** The amount due today: the engine's (domain/loan/amount-explained.ts), which "Why this amount" explains line by line. */
export { amountDueNow } from '../../domain/loan';

/**
 * What settles the loan on `asOf` (default: the day it is accrued to), and so the most a
 * repayment may be: the early payoff (interest only to that day) while it is open, otherwise
 * everything owed (during a product's lock-in and after maturity the whole scheduled interest).
 */
export function payoffOf(state: LoanState, asOf: IsoDate = state.late.through): number {
  const early = quotePrepayment(state, asOf);
  return early.allowed ? early.payoff : bucketTotal(balancesOf(state));
}
