import { describe, expect, it } from 'vitest';
import { seedProducts } from '../../db/seed/seed-products';
import { orderFor } from '../../test/orders';
import { authHeader, buildTestApp } from '../../test/test-app';

const t = await buildTestApp({ seed: false });
const db = t.database.db;
await seedProducts(db);
// One borrower with an order in each state (a history one borrower may have), another with one loan.
const due = await orderFor(db, 'disbursed', { daysAgo: 89 });
for (const [stage, daysAgo] of [
  ['review', 0],
  ['rejected', 0],
  ['approved', 0],
  ['disbursed', 30],
  ['disbursed', 100],
  ['settled', 200],
] as const)
  await orderFor(db, stage, { daysAgo, borrowerId: due.borrowerId });
const other = await orderFor(db, 'disbursed', { daysAgo: 10 });
const settledOnly = await orderFor(db, 'settled', { daysAgo: 200 });

describe('home overview', () => {
  it("lists products and only the signed-in borrower's own orders", async () => {
    const a = await t.login(due.phone);
    const b = await t.login(other.phone);
    const forA = (await t.app.inject({ url: '/owner/v3/home/overview', headers: authHeader(a) })).json().data;
    const forB = (await t.app.inject({ url: '/owner/v3/home/overview', headers: authHeader(b) })).json().data;
    expect(forA.products.length).toBeGreaterThan(0);
    expect(forA.orders.map((o: { status: number }) => o.status).sort()).toEqual([110, 151, 170, 174, 180, 200, 21]);
    expect(forA.orders.some((o: { orderId: number }) => o.orderId === due.orderId)).toBe(true);
    expect(forB.orders.map((o: { orderId: number }) => o.orderId)).toEqual([other.orderId]);
  });

  it('tells up front which open order stops a new application, by the rule applying meets', async () => {
    const b = await t.login(other.phone);
    const forB = (await t.app.inject({ url: '/owner/v3/home/overview', headers: authHeader(b) })).json().data;
    for (const product of forB.products)
      expect(product.blockedBy).toEqual({
        orderId: other.orderId,
        orderNo: other.orderNo,
        productId: expect.any(Number),
        status: 170,
      });
    // Settled loans stop nothing.
    const c = await t.login(settledOnly.phone);
    const forC = (await t.app.inject({ url: '/owner/v3/home/overview', headers: authHeader(c) })).json().data;
    expect(forC.products.map((p: { blockedBy: unknown }) => p.blockedBy)).toEqual(forC.products.map(() => null));
  });
});
