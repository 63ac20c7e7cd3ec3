import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { loanOrders, payRequests } from '../db/schema';
import type { IsoDate } from '../domain/loan';
import { newBorrower } from './test-borrowers';
import { decide, disburse, submitApplication } from '../money';

/** A running loan (170), disbursed today, for a test of its own. */
export async function runningLoan(
  db: Db,
  today: IsoDate,
): Promise<{ orderId: number; orderNo: string; borrowerId: number }> {
  const borrowerId = await newBorrower(db);
  const order = await submitApplication(db, { borrowerId, productId: 1, amount: 500_000 }, today);
  await decide(db, order.id, { approve: true, actor: 'credit' }, today);
  await disburse(db, order.id, 'test', today);
  const row = (await db.query.loanOrders.findFirst({ where: eq(loanOrders.id, order.id) }))!;
  return { orderId: order.id, orderNo: row.orderNo, borrowerId };
}

/** A pending pay request of ours at a provider (what a borrower's pay tap stores), made a minute ago. */
export async function payRequest(
  db: Db,
  loan: { orderId: number; borrowerId: number },
  provider: string,
  reference: string,
  amount: number,
): Promise<void> {
  await db.insert(payRequests).values({
    provider,
    reference,
    orderId: loan.orderId,
    borrowerId: loan.borrowerId,
    channelNumber: 90006,
    kind: 'repayment',
    amount,
    payCode: reference,
    createdAt: new Date(Date.now() - 60_000),
  });
}
