import { addDays, type IsoDate } from '../../domain/loan';
import { completeApplicationFor } from './complete-application';
import { bringUpToDate, decide, disburse, submitApplication } from '../../money';
import type { Db } from '../client';
import { borrowers } from '../schema';

/**
 * A borrower of its own for trying repayment end to end: one loan due in two days
 * (174) to pay off, and one nine days overdue (180) to roll over. The browser tests pay these,
 * so no other page's demo data changes under them.
 */
export const REPAYMENT_DEMO_PHONE = '09175564000';
/**
 * A second borrower for renewals and payoffs: a Hiram Plus ₱20,000 loan whose first installment
 * is due today (174, to extend) and a Hiram Cash ₱5,000 loan 60 days in (170, prepayment open).
 */
export const RENEWAL_DEMO_PHONE = '09175564001';

export async function seedRepaymentJourneys(db: Db, today: IsoDate): Promise<void> {
  const [borrower] = await db
    .insert(borrowers)
    .values({ phone: REPAYMENT_DEMO_PHONE, fullName: 'Lito Ramos' })
    .returning();
  if (!borrower) throw new Error('repayment demo borrower not created');
  await completeApplicationFor(db, borrower.id);
  for (const daysAgo of [89, 100]) {
    const start = addDays(today, -daysAgo);
    const order = await submitApplication(db, { borrowerId: borrower.id, productId: 1, amount: 500_000 }, start, {
      exposure: 'demo-history',
    });
    await decide(db, order.id, { approve: true, actor: 'demo' }, start);
    await disburse(db, order.id, 'demo', start);
    await bringUpToDate(db, order.id, today);
  }
  const [renewer] = await db
    .insert(borrowers)
    .values({ phone: RENEWAL_DEMO_PHONE, fullName: 'Nena Bautista' })
    .returning();
  if (!renewer) throw new Error('renewal demo borrower not created');
  await completeApplicationFor(db, renewer.id);
  for (const { productId, amount, daysAgo } of [
    { productId: 2, amount: 2_000_000, daysAgo: 30 },
    { productId: 1, amount: 500_000, daysAgo: 60 },
  ]) {
    const start = addDays(today, -daysAgo);
    const order = await submitApplication(db, { borrowerId: renewer.id, productId, amount }, start, {
      exposure: 'demo-history',
    });
    await decide(db, order.id, { approve: true, actor: 'demo' }, start);
    await disburse(db, order.id, 'demo', start);
    await bringUpToDate(db, order.id, today);
  }
}
