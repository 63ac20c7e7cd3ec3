import { addDays, type IsoDate } from '../../domain/loan';
import { completeApplicationFor } from './complete-application';
import { bringUpToDate, decide, disburse, submitApplication } from '../../money';
import type { Db } from '../client';
import { borrowers, payoutAccounts } from '../schema';

/**
 * A borrower of its own for the legacy repayment screen (spec 000 §2), so its browser test signs in
 * once without waiting on the demo borrower's code: a GCash wallet, a bank account and a loan
 * disbursed 89 days ago (due, like order 86).
 */
export const LEGACY_DEMO_PHONE = '09175563900';
/** A second legacy borrower whose only wallet the sandbox declines (it ends in 0002): the refused path. */
export const LEGACY_DECLINED_PHONE = '09175563901';

async function dueLoan(db: Db, borrowerId: number, today: IsoDate): Promise<void> {
  await completeApplicationFor(db, borrowerId);
  const start = addDays(today, -89);
  const order = await submitApplication(db, { borrowerId, productId: 1, amount: 500_000 }, start, {
    exposure: 'demo-history',
  });
  await decide(db, order.id, { approve: true, actor: 'demo' }, start);
  await disburse(db, order.id, 'demo', start);
  await bringUpToDate(db, order.id, today);
}

export async function seedLegacyRepayment(db: Db, today: IsoDate): Promise<void> {
  const [borrower] = await db
    .insert(borrowers)
    .values({ phone: LEGACY_DEMO_PHONE, fullName: 'Rosa Legaspi' })
    .returning();
  if (!borrower) throw new Error('legacy demo borrower not created');
  await db.insert(payoutAccounts).values([
    {
      borrowerId: borrower.id,
      cardType: 1,
      channelNumber: 90006,
      accountName: 'Rosa Legaspi',
      accountNo: '09175563900',
      fields: {},
    },
    {
      borrowerId: borrower.id,
      cardType: 2,
      channelNumber: 90008,
      accountName: 'Rosa Legaspi',
      accountNo: '004561234567',
      fields: { bankCode: 'BPI' },
    },
  ]);
  await dueLoan(db, borrower.id, today);
  const [declined] = await db
    .insert(borrowers)
    .values({ phone: LEGACY_DECLINED_PHONE, fullName: 'Nilo Legaspi' })
    .returning();
  if (!declined) throw new Error('legacy demo borrower not created');
  await db.insert(payoutAccounts).values({
    borrowerId: declined.id,
    cardType: 1,
    channelNumber: 90007,
    accountName: 'Nilo Legaspi',
    accountNo: '09175560002',
    fields: {},
  });
  await dueLoan(db, declined.id, today);
}
