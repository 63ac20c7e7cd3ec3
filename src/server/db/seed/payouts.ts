import { eq } from 'drizzle-orm';
import { addDays, type IsoDate } from '../../domain/loan';
import {
  bringUpToDate,
  decide,
  disburse,
  submitApplication,
  postPayment,
  payoffOf,
  readLoanState,
  readLoanStateOrNull,
} from '../../money';
import type { Db } from '../client';
import { borrowers, loanOrders, payoutAccounts } from '../schema';

/**
 * Borrowers for the finance desk's payouts: Ana Reyes's loan is approved (110) and her
 * BDO account ends in 0002, which the sandbox's payouts fail, so the desk shows a failed payout
 * and its reason; Carlo Mendoza paid ₱350.00 more than his settled loan owed, a credit to refund.
 */
export const PAYOUT_FAILS_PHONE = '09175564100';
export const CREDIT_DEMO_PHONE = '09175564101';
export const DEMO_CREDIT = 35_000;

export async function seedPayouts(db: Db, today: IsoDate): Promise<void> {
  const [ana, carlo] = await db
    .insert(borrowers)
    .values([
      { phone: PAYOUT_FAILS_PHONE, fullName: 'Ana Reyes' },
      { phone: CREDIT_DEMO_PHONE, fullName: 'Carlo Mendoza' },
    ])
    .returning();
  if (!ana || !carlo) throw new Error('payout demo borrowers not created');
  await db.insert(payoutAccounts).values([
    {
      borrowerId: ana.id,
      cardType: 2,
      channelNumber: 90008,
      accountName: 'Ana Reyes',
      accountNo: '001234560002',
      fields: { bankCode: 'BDO', bankCity: 'Quezon City' },
    },
    {
      borrowerId: carlo.id,
      cardType: 1,
      channelNumber: 90006,
      accountName: 'Carlo Mendoza',
      accountNo: CREDIT_DEMO_PHONE,
      fields: {},
    },
  ]);

  const approved = await submitApplication(db, { borrowerId: ana.id, productId: 1, amount: 500_000 }, today, {
    exposure: 'demo-history',
  });
  await decide(db, approved.id, { approve: true, actor: 'demo' }, today);

  const start = addDays(today, -60);
  const order = await submitApplication(db, { borrowerId: carlo.id, productId: 1, amount: 500_000 }, start, {
    exposure: 'demo-history',
  });
  await decide(db, order.id, { approve: true, actor: 'demo' }, start);
  await disburse(db, order.id, 'demo', start);
  const paidOn = addDays(start, 20);
  const running = await bringUpToDate(db, order.id, paidOn);
  // Paid off (early: interest only to the day of payment), and over by the demo credit.
  const payoff = payoffOf(readLoanState(running.loanState, running), paidOn);
  await postPayment(
    db,
    {
      orderId: order.id,
      provider: 'manual',
      reference: `DEMO-CREDIT-${order.id}`,
      amount: payoff + DEMO_CREDIT,
      kind: 'repayment',
      postedBy: 'demo',
    },
    paidOn,
  );
  const settled = await db.query.loanOrders.findFirst({ where: eq(loanOrders.id, order.id) });
  if (readLoanStateOrNull(settled?.loanState, settled)?.credit !== DEMO_CREDIT)
    throw new Error('the payout demo credit did not come out as planned');
}
