import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { Code } from '../../../shared/codes';
import { PAYMENT_CHANNELS } from '../../../shared/payment-channels';
import { payRequests } from '../../db/schema';
import { DEMO_ORDER_ID } from '../../db/seed/demo';
import { authHeader, buildTestApp } from '../../test/test-app';
import { PAY_REQUESTS_PER_HOUR } from './repayment-service';

const t = await buildTestApp();
const session = authHeader(await t.login('09170000001'));
const GCASH = PAYMENT_CHANNELS[0]!.channelNumber;

const payRequest = (amount: number) =>
  t.app.inject({
    method: 'POST',
    url: '/owner/v3/repayment/pay-request',
    headers: { ...session, 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({
      orderId: String(DEMO_ORDER_ID),
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
    expect(await t.database.db.select().from(payRequests).where(eq(payRequests.orderId, DEMO_ORDER_ID))).toHaveLength(
      PAY_REQUESTS_PER_HOUR,
    );
  });
});
