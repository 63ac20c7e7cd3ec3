import { addDays, type IsoDate } from '../../domain/loan';
import { bringUpToDate, decide, disburse, submitApplication, postPayment, readLoanStateOrNull } from '../../money';
import type { Db } from '../client';

/** How far along an order is: each stage passes through the ones before it. */
export type OrderStage = 'review' | 'rejected' | 'approved' | 'disbursed' | 'settled';

export interface OrderAtStageOptions {
  /** The day the application was made (and decided and disbursed), counted back from `today`. */
  daysAgo?: number;
  productId?: number;
  /** Centavos; the default fits every stage of product 1. */
  amount?: number;
  /** Who decided, disbursed and posted: named in the order's events and the settling payment's reference. */
  actor?: string;
}

/**
 * One order for `borrowerId` at `stage`, made through the real services: submitted, decided,
 * disbursed `daysAgo` before today, paid off on its due date when settled, then brought up to
 * today (so a loan disbursed long enough ago is due or overdue). Returns the order's id and
 * contract number.
 * It skips the checks a borrower's own application meets (complete application, one open loan,
 * limit): the demo seed gives one borrower a history, and tests choose their borrowers.
 */
export async function orderAtStage(
  db: Db,
  borrowerId: number,
  stage: OrderStage,
  today: IsoDate,
  { daysAgo = 0, productId = 1, amount = 500_000, actor = 'demo' }: OrderAtStageOptions = {},
): Promise<{ id: number; orderNo: string }> {
  const start = addDays(today, -daysAgo);
  const order = await submitApplication(db, { borrowerId, productId, amount }, start, { exposure: 'demo-history' });
  const made = { id: order.id, orderNo: order.orderNo };
  if (stage === 'review') return made;
  await decide(
    db,
    order.id,
    {
      approve: stage !== 'rejected',
      reason: stage === 'rejected' ? 'Income could not be verified' : undefined,
      actor,
    },
    start,
  );
  if (stage === 'rejected' || stage === 'approved') return made;
  await disburse(db, order.id, actor, start);
  if (stage === 'settled') {
    const row = await db.query.loanOrders.findFirst({ where: (o, { eq: is }) => is(o.id, order.id) });
    const state = readLoanStateOrNull(row?.loanState, order.id);
    const owed = (state?.amount ?? 0) + (state?.installments.reduce((s, i) => s + i.interest, 0) ?? 0);
    await postPayment(
      db,
      {
        orderId: order.id,
        provider: 'manual',
        reference: `${actor.toUpperCase()}-${order.id}`,
        amount: owed,
        kind: 'repayment',
        postedBy: actor,
      },
      row?.dueDate ? (row.dueDate as IsoDate) : addDays(start, 91),
    );
  }
  await bringUpToDate(db, order.id, today);
  return made;
}
