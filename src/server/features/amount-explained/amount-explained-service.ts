import { and, eq } from 'drizzle-orm';
import { Code } from '../../../shared/codes';
import type { CallReply } from '../../../shared/api/define-call';
import type { amountExplained } from '../../../shared/contracts/amount-explained';
import type { Db } from '../../db/client';
import { loanOrders, payments } from '../../db/schema';
import { accruePenaltiesTo, addDays, explainAmount, type IsoDate, type ValueDatedPayment } from '../../domain/loan';
import { AppError } from '../../http/app-error';
import { openingStateOf, amountDueNow, readLoanState, stateOn } from '../../money';

export type AmountExplainedReply = CallReply<typeof amountExplained>;

/**
 * "Why this amount" for one of the borrower's own orders. The loan is explained from its opening
 * state and the payments still posted, as the rebuild posts them; the lines add up to the amount
 * due the order page shows, which the reply checks before it answers.
 */
export async function explainOrderAmount(
  db: Db,
  borrowerId: number,
  orderId: number,
  today: IsoDate,
): Promise<AmountExplainedReply> {
  const [order] = await db
    .select()
    .from(loanOrders)
    .where(and(eq(loanOrders.id, orderId), eq(loanOrders.borrowerId, borrowerId)));
  // Another borrower's order answers "not found", so its existence is not given away.
  if (!order) throw new AppError(Code.NOT_FOUND, 'The order was not found');
  if (!order.loanState || !order.quote)
    throw new AppError(Code.CONFLICT, 'This order has no loan yet, so nothing is owed on it');
  const rows = await db
    .select()
    .from(payments)
    .where(and(eq(payments.orderId, order.id), eq(payments.status, 'posted')));
  const posted: ValueDatedPayment[] = rows.map((r) => ({
    id: r.id,
    valueDate: r.valueDate,
    amount: r.amount,
    kind: r.kind === 'extension' ? 'extension' : 'repayment',
    ...(r.honoured ? { honoured: r.honoured } : {}),
  }));
  const stored = stateOn({ loanState: readLoanState(order.loanState, order) }, today);
  const due = amountDueNow(stored);
  let why = explainAmount(openingStateOf(order).opening, posted, today);
  // A loan whose stored state the replay does not reach (one kept from before the rebuild) is
  // explained from that state: its late charges so far as one line, then each day from there.
  if (why.amountDue !== due) why = explainAmount(stored, [], today);
  if (why.total !== due)
    throw new AppError(Code.CONFLICT, 'The amount due could not be explained; please try again later');
  // Tomorrow, as close of business will book it: one more late day, within the same ceilings.
  const tomorrow = addDays(today, 1);
  return {
    orderId: order.id,
    orderNo: order.orderNo,
    asOf: today,
    total: why.total,
    productId: order.productId,
    tomorrow: { date: tomorrow, total: amountDueNow(accruePenaltiesTo(stored, tomorrow)) },
    regime: why.regime,
    lines: why.lines,
  };
}
