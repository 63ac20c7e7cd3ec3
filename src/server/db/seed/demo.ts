import { eq, sql } from 'drizzle-orm';
import { manilaToday } from '../../../shared/format/date';
import { addDays, type IsoDate } from '../../domain/loan';
import { completeApplicationFor } from '../../features/application/complete-application';
import { bringUpToDate, decide, disburse, submitApplication } from '../../features/loan-order/lifecycle';
import { postPayment } from '../../features/loan-order/payment-posting';
import type { Db } from '../client';
import { PAYMENT_CHANNELS } from '../../../shared/payment-channels';
import { borrowers, complaints, payoutAccounts, productChannels, products } from '../schema';
import { demoProducts } from './demo-products';
import { seedLegacyRepayment } from './legacy-repayment';
import { seedPayouts } from './payouts';
import { seedReminderRules } from './reminders';
import { seedPromotion } from './promotion';
import { seedRepaymentJourneys } from './repayment-journeys';

export const DEMO_PHONE = '09170000001';
export const OTHER_DEMO_PHONE = '09170000002';
/** spec 001 §9: the developer test page defaults to order 86. */
export const DEMO_ORDER_ID = 86;

type Stage = 'review' | 'rejected' | 'approved' | 'disbursed' | 'settled';

/**
 * Creates a demo order through the real services: submitted, decided, disbursed `daysAgo`
 * before today, paid off when settled, then brought up to today.
 */
async function demoOrder(
  db: Db,
  id: number,
  borrowerId: number,
  stage: Stage,
  today: IsoDate,
  daysAgo = 0,
  productId = 1,
) {
  // The test page and the docs name these ids, so the order takes the id it is given.
  await db.execute(sql`select setval(pg_get_serial_sequence('loan_orders', 'id'), ${id - 1})`);
  const start = addDays(today, -daysAgo);
  const order = await submitApplication(db, { borrowerId, productId, amount: 500_000 }, start, {
    exposure: 'demo-history',
  });
  if (stage === 'review') return;
  await decide(
    db,
    order.id,
    {
      approve: stage !== 'rejected',
      reason: stage === 'rejected' ? 'Income could not be verified' : undefined,
      actor: 'demo',
    },
    start,
  );
  if (stage === 'rejected' || stage === 'approved') return;
  await disburse(db, order.id, 'demo', start);
  if (stage === 'settled') {
    const due = addDays(start, 91);
    const row = await db.query.loanOrders.findFirst({ where: (o, { eq: is }) => is(o.id, order.id) });
    const state = row?.loanState as { amount: number; installments: { interest: number }[] } | undefined;
    const owed = (state?.amount ?? 0) + (state?.installments.reduce((s, i) => s + i.interest, 0) ?? 0);
    await postPayment(
      db,
      {
        orderId: order.id,
        provider: 'manual',
        reference: `DEMO-${id}`,
        amount: owed,
        kind: 'repayment',
        postedBy: 'demo',
      },
      due,
    );
  }
  await bringUpToDate(db, order.id, today);
}

/** architecture.md: Sessions demo data: seeded once, never in production (the caller checks). Returns false if present. */
export async function seedDemo(db: Db, today = manilaToday()): Promise<boolean> {
  const existing = await db.query.borrowers.findFirst({ where: eq(borrowers.phone, DEMO_PHONE) });
  if (existing) return false;

  const { demo, other } = await db.transaction(async (tx) => {
    await tx.insert(products).values(demoProducts.map((p) => ({ ...p, terms: { ...p.terms } })));
    await tx.execute(sql`select setval(pg_get_serial_sequence('products', 'id'), 100)`);
    // architecture.md: Providers: every demo product offers every channel, e-wallets first.
    await tx
      .insert(productChannels)
      .values(
        demoProducts.flatMap((p) =>
          PAYMENT_CHANNELS.map((c, position) => ({ productId: p.id, channelNumber: c.channelNumber, position })),
        ),
      );
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
