import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { manilaToday } from '../../../shared/format/date';
import { PAYMENT_CHANNELS } from '../../../shared/payment-channels';
import { AppError } from '../../http/app-error';
import { payRequests } from '../../db/schema';
import { seedProducts } from '../../db/seed/seed-products';
import { FAKE_SECRET_KEY, startFakeXendit } from '../../providers/payment/xendit-fake';
import { xenditProvider } from '../../providers/payment/xendit-provider';
import { xenditV3Provider } from '../../providers/payment/xendit-v3-provider';
import { orderFor } from '../../test/orders';
import { buildTestApp } from '../../test/test-app';
import { repaymentService } from './repayment-service';

const t = await buildTestApp({ seed: false });
const db = t.database.db;
const today = manilaToday();
const channel = (code: string) => PAYMENT_CHANNELS.find((c) => c.code === code)!.channelNumber;
await seedProducts(db);
const { orderId, borrowerId } = await orderFor(db, 'disbursed', { daysAgo: 89 });
const fake = await startFakeXendit();
afterAll(() => fake.close());

const settings = {
  secretKey: FAKE_SECRET_KEY,
  callbackToken: 'reuse-test-callback-token-0123456789',
  publicUrl: 'https://hiram.test',
  baseUrl: fake.url,
  attempts: 1,
};

describe.each([
  ['v2', xenditProvider(settings)],
  ['v3', xenditV3Provider(settings)],
] as const)(
  'spec 001 §7 pay-request on Xendit %s: a pending request is reused only while Xendit still takes it',
  (api, provider) => {
    let skew = 0;
    const service = repaymentService(db, provider, () => new Date(Date.now() + skew));
    const later = (ms: number) => {
      skew += ms;
      fake.advance(ms);
    };
    let amount = api === 'v2' ? 20_000 : 30_000;
    const ask = (code: string) =>
      service.payRequest(borrowerId, { orderId, amount, channelNumber: channel(code), isDelay: 0 }, today);

    it('a second tap within the checkout lifetime gets the same Maya checkout', async () => {
      amount += 100;
      const first = await ask('MAYA');
      later(5 * 60_000);
      const again = await ask('MAYA');
      expect(again.reference).toBe(first.reference);
      expect(again.payUrl).toBe(first.payUrl);
    });

    it('Maya checkouts expire after 15 minutes: a tap at 16 minutes makes a new request, never the dead checkout', async () => {
      amount += 100;
      const first = await ask('MAYA');
      later(16 * 60_000);
      expect(fake.requestOf(first.reference)?.status).toBe('EXPIRED');
      const again = await ask('MAYA');
      expect(again.reference).not.toBe(first.reference);
      expect(fake.requestOf(again.reference)?.status).toBe('REQUIRES_ACTION');
      const [stored] = await db.select().from(payRequests).where(eq(payRequests.reference, again.reference));
      expect(stored?.providerExpiresAt?.getTime()).toBeGreaterThan(Date.now() + skew);
    });

    it('a request Xendit already reports failed (its webhook not here yet) is not handed out again', async () => {
      amount += 100;
      const first = await ask('GCASH');
      // The borrower declined in the e-wallet: Xendit's status is FAILED before its webhook arrives.
      fake.callbackFor(first.reference, api === 'v2' ? 'payment.failed' : 'payment.failure');
      const again = await ask('GCASH');
      expect(again.reference).not.toBe(first.reference);
      const second = fake.requestOf(again.reference);
      expect(second?.status).toBe('REQUIRES_ACTION');
    });

    it('an open request left for a new one is cancelled on v3 (v2 has no cancel: it expires on its own)', async () => {
      amount += 100;
      const first = await ask('7ELEVEN');
      const [row] = await db.select().from(payRequests).where(eq(payRequests.reference, first.reference));
      // Stored with an expiry that has passed (by our clock), while Xendit still reads it open.
      await db
        .update(payRequests)
        .set({ providerExpiresAt: new Date(Date.now() + skew) })
        .where(eq(payRequests.id, row!.id));
      const again = await ask('7ELEVEN');
      expect(again.reference).not.toBe(first.reference);
      const old = fake.requestOf(first.reference);
      if (api === 'v3') expect(old?.status).toBe('CANCELED');
      else expect(old?.status).toBe('PENDING');
    });

    it('amounts outside the channel limits are refused before Xendit is asked, with the limit named', async () => {
      const before = fake.received.length + fake.receivedV3.length;
      const small = await service
        .payRequest(borrowerId, { orderId, amount: 4_000, channelNumber: channel('7ELEVEN'), isDelay: 0 }, today)
        .catch((e: unknown) => e);
      expect(small).toBeInstanceOf(AppError);
      expect((small as AppError).message).toBe(
        '7-Eleven takes payments of at least ₱50.00. Please choose another payment method.',
      );
      expect(fake.received.length + fake.receivedV3.length).toBe(before);
    });
  },
);
