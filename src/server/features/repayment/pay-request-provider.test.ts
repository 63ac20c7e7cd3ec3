import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { manilaToday } from '../../../shared/format/date';
import { PAYMENT_CHANNELS } from '../../../shared/payment-channels';
import { payRequests } from '../../db/schema';
import { seedProducts } from '../../db/seed/seed-products';
import type { PaymentProvider } from '../../providers/payment/payment-provider';
import { orderFor } from '../../test/orders';
import { buildTestApp } from '../../test/test-app';
import { repaymentService } from './repayment-service';

const t = await buildTestApp({ seed: false });
const db = t.database.db;
const today = manilaToday();
const GCASH = PAYMENT_CHANNELS[0]!.channelNumber;
await seedProducts(db);
const { orderId, borrowerId } = await orderFor(db, 'disbursed', { daysAgo: 89 });

/** A provider whose answers the test hands out: each `create` waits until the test lets it go (or fails it). */
function heldProvider() {
  const waiting: { reference: string; answer: (ok: boolean) => void }[] = [];
  const provider: PaymentProvider = {
    name: 'sandbox',
    create: ({ reference }) =>
      new Promise((resolve, reject) => {
        waiting.push({
          reference,
          answer: (ok) =>
            ok
              ? resolve({ payCode: `CODE-${reference}`, payUrl: `/pay/${reference}` })
              : reject(new Error('provider timed out')),
        });
      }),
    debit: async () => ({ accepted: false, reason: 'not used here' }),
    verify: () => {
      throw new Error('not used here');
    },
  };
  return { provider, waiting };
}
const until = async (check: () => boolean) => {
  while (!check()) await new Promise((r) => setTimeout(r, 10));
};
const ask = (service: ReturnType<typeof repaymentService>, amount: number) =>
  service.payRequest(borrowerId, { orderId, amount, channelNumber: GCASH, isDelay: 0 }, today);

describe('spec 001 §7 pay-request: the provider is asked after the request is stored, never under the lock', () => {
  it('while the provider is slow to answer one tap, another tap on the same order is stored and asked at once', async () => {
    const { provider, waiting } = heldProvider();
    const service = repaymentService(db, provider);
    const slow = ask(service, 10_000);
    await until(() => waiting.length === 1);
    // The first request is already on record (a callback arriving now finds it), with no pay code yet.
    const [stored] = await db.select().from(payRequests).where(eq(payRequests.reference, waiting[0]!.reference));
    expect(stored).toMatchObject({ amount: 10_000, status: 'pending', payCode: '' });
    // The lock is free: a second amount is stored and reaches the provider while the first still waits.
    const other = ask(service, 12_000);
    await until(() => waiting.length === 2);
    waiting[1]!.answer(true);
    waiting[0]!.answer(true);
    const [a, b] = await Promise.all([slow, other]);
    expect(a.reference).not.toBe(b.reference);
    const [after] = await db.select().from(payRequests).where(eq(payRequests.reference, a.reference));
    expect(after?.payCode).toBe(`CODE-${a.reference}`);
  });

  it('a provider failure leaves the request to be asked again under the same reference by the next tap', async () => {
    const { provider, waiting } = heldProvider();
    const service = repaymentService(db, provider);
    const failed = ask(service, 15_000);
    await until(() => waiting.length === 1);
    waiting[0]!.answer(false);
    await expect(failed).rejects.toThrow('provider timed out');
    const again = ask(service, 15_000);
    await until(() => waiting.length === 2);
    expect(waiting[1]!.reference).toBe(waiting[0]!.reference);
    waiting[1]!.answer(true);
    expect((await again).reference).toBe(waiting[0]!.reference);
    expect(await db.select().from(payRequests).where(eq(payRequests.reference, waiting[0]!.reference))).toHaveLength(1);
  });
});
