import { describe, expect, it } from 'vitest';
import { DEMO_ORDER_ID } from '../../db/seed/demo';
import { authHeader, buildTestApp } from '../../test/test-app';

const t = await buildTestApp();

describe('home overview', () => {
  it("lists products and only the signed-in borrower's own orders", async () => {
    const a = await t.login('09170000001');
    const b = await t.login('09170000002');
    const forA = (await t.app.inject({ url: '/owner/v3/home/overview', headers: authHeader(a) })).json().data;
    const forB = (await t.app.inject({ url: '/owner/v3/home/overview', headers: authHeader(b) })).json().data;
    expect(forA.products.length).toBeGreaterThan(0);
    expect(forA.orders.map((o: { status: number }) => o.status).sort()).toEqual([110, 151, 170, 174, 180, 200, 21]);
    expect(forA.orders.some((o: { orderId: number }) => o.orderId === DEMO_ORDER_ID)).toBe(true);
    expect(forB.orders.map((o: { orderId: number }) => o.orderId)).toEqual([90]);
  });
});
