import { eq, sql } from 'drizzle-orm';
import { manilaToday } from '../../../shared/format/date';
import type { IsoDate } from '../../domain/loan';
import { refreshAllSignalFlags } from '../../duplicate-signals/flags';
import { completeApplicationFor } from './complete-application';
import type { Db } from '../client';
import { borrowers, complaints, payoutAccounts } from '../schema';
import { type OrderStage, orderAtStage } from './order-at-stage';
import { seedProducts } from './seed-products';
import { seedLegacyRepayment } from './legacy-repayment';
import { seedPayouts } from './payouts';
import { seedReminderRules } from './reminders';
import { seedPromotion } from './promotion';
import { seedRepaymentJourneys } from './repayment-journeys';

export const DEMO_PHONE = '09170000001';
export const OTHER_DEMO_PHONE = '09170000002';
/** spec 001 §9: the developer test page defaults to order 86. */
export const DEMO_ORDER_ID = 86;

/**
 * A demo order with the id the test page and the docs name: the sequence is set just below it,
 * then the order is made through the real services (see orderAtStage).
 */
async function demoOrder(
  db: Db,
  id: number,
  borrowerId: number,
  stage: OrderStage,
  today: IsoDate,
  daysAgo = 0,
  productId = 1,
) {
  await db.execute(sql`select setval(pg_get_serial_sequence('loan_orders', 'id'), ${id - 1})`);
  await orderAtStage(db, borrowerId, stage, today, { daysAgo, productId });
}

/** architecture.md: Sessions demo data: seeded once, never in production (the caller checks). Returns false if present. */
export async function seedDemo(db: Db, today = manilaToday()): Promise<boolean> {
  const existing = await db.query.borrowers.findFirst({ where: eq(borrowers.phone, DEMO_PHONE) });
  if (existing) return false;

  const { demo, other } = await db.transaction(async (tx) => {
    await seedProducts(tx);
    const [demo, other] = await tx
      .insert(borrowers)
      .values([
        { phone: DEMO_PHONE, fullName: 'Juan Dela Cruz' },
        { phone: OTHER_DEMO_PHONE, fullName: 'Maria Santos' },
      ])
      .returning();
    if (!demo || !other) throw new Error('demo borrowers not created');
    await tx.insert(payoutAccounts).values({
      borrowerId: demo.id,
      cardType: 1,
      channelNumber: 90006,
      accountName: 'Juan Dela Cruz',
      accountNo: '09170000001',
      fields: { wallet: 'GCash' },
    });
    await completeApplicationFor(tx, demo.id);
    // The second demo borrower has binding left to do: no payout account (bank-binding and legacy tests).
    await completeApplicationFor(tx, other.id, { payout: false });
    await seedPromotion(tx);
    return { demo, other };
  });

  // One order in each state of architecture.md: Order states; 86 is due, so the test page opens a repayable loan.
  await demoOrder(db, 85, demo.id, 'settled', today, 200);
  await demoOrder(db, 80, demo.id, 'review', today);
  await demoOrder(db, 81, demo.id, 'rejected', today);
  await demoOrder(db, 82, demo.id, 'approved', today);
  await demoOrder(db, 83, demo.id, 'disbursed', today, 30);
  await demoOrder(db, 84, demo.id, 'disbursed', today, 100);
  await demoOrder(db, DEMO_ORDER_ID, demo.id, 'disbursed', today, 89);
  await demoOrder(db, 90, other.id, 'disbursed', today, 10);
  await seedLegacyRepayment(db, today);
  await seedRepaymentJourneys(db, today);
  await seedPayouts(db, today);
  await seedReminderRules(db);
  await db.execute(sql`select setval(pg_get_serial_sequence('loan_orders', 'id'), 100)`);
  // Answers, accounts and devices above were written straight to the tables: the credit desk's flags.
  await refreshAllSignalFlags(db);

  await db.insert(complaints).values([
    {
      borrowerId: demo.id,
      orderNo: 'HRM00000086',
      problemType: 2,
      detail: 'I paid through GCash yesterday but my loan still shows as due.',
      disposeDetail: 'We found your payment and posted it. Thank you for your patience.',
      repliedAt: sql`now()`,
      isNeedScore: 1,
    },
    {
      borrowerId: demo.id,
      orderNo: 'HRM00000083',
      problemType: 3,
      detail: 'How do I change the account that receives my loan?',
    },
    { borrowerId: other.id, orderNo: 'HRM00000090', problemType: 3, detail: 'When is my next payment due?' },
  ]);
  return true;
}
