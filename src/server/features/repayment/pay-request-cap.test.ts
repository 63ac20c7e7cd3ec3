import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { Code } from '../../../shared/codes';
import { PAYMENT_CHANNELS } from '../../../shared/payment-channels';
import { payRequests } from '../../db/schema';
import { seedProducts } from '../../db/seed/seed-products';
import { orderFor } from '../../test/orders';
import { authHeader, buildTestApp } from '../../test/test-app';
import { PAY_REQUESTS_PER_HOUR } from './repayment-service';

const t = await buildTestApp({ seed: false });
await seedProducts(t.database.db);
const { orderId, phone } = await orderFor(t.database.db, 'disbursed', { daysAgo: 89 });
const session = authHeader(await t.login(phone));
const GCASH = PAYMENT_CHANNELS[0]!.channelNumber;

const payRequest = (amount: number) =>
  t.app.inject({
    method: 'POST',
    url: '/owner/v3/repayment/pay-request',
    headers: { ...session, 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({
      orderId: String(orderId),
      amount: String(amount),
      channelNumber: String(GCASH),
      isDelay: '0',
    }).toString(),
  });

describe('spec 001 §7 pay-request: rows per borrower are capped', () => {
  it('25 pay requests at once, each for another amount, store 20 (the hourly cap); the rest get 429', async () => {
    const replies = await Promise.all(Array.from({ length: 25 }, (_, i) => payRequest(10_000 + i * 100)));
    expect(replies.filter((r) => r.json().code === 0)).toHaveLength(PAY_REQUESTS_PER_HOUR);
    const refused = replies.filter((r) => r.json().code !== 0);
    expect(refused.map((r) => [r.statusCode, r.json().code])).toEqual(Array(5).fill([429, Code.RATE_LIMITED]));
    expect(await t.database.db.select().from(payRequests).where(eq(payRequests.orderId, orderId))).toHaveLength(
      PAY_REQUESTS_PER_HOUR,
    );
  });
});
