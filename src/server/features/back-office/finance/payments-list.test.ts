import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { loanOrders, payments } from '../../../db/schema';
import { buildTestApp } from '../../../test/test-app';
import { staffHeader } from '../../../test/staff-support';

const t = await buildTestApp();
const { db } = t.database;
const finance = await staffHeader(t, ['finance']);
const list = async (query: string) =>
  (await t.app.inject({ url: `/owner/admin/loans/payments?${query}`, headers: finance })).json();
const countWhere = async (where?: ReturnType<typeof sql>) =>
  Number(
    (
      await db
        .select({ n: sql<number>`count(*)::int` })
        .from(payments)
        .innerJoin(loanOrders, eq(loanOrders.id, payments.orderId))
        .where(where)
    )[0]?.n,
  );

describe("finance's payments list: paged on the server with the total, filters over the whole set", () => {
  it('answers the total of every payment and a page of them, newest first', async () => {
    const all = await list('pageSize=1');
    expect(all.code).toBe(0);
    expect(all.data.total).toBe(await countWhere());
    expect(all.data.total).toBeGreaterThanOrEqual(2);
    expect(all.data.list).toHaveLength(1);
    const second = await list('pageSize=1&page=2');
    expect(all.data.list[0].createdAt >= second.data.list[0].createdAt).toBe(true);
    expect(second.data.list[0].id).not.toBe(all.data.list[0].id);
  });

  it("a contract's payments by its number in any form, and by status", async () => {
    const [one] = await db
      .select({ orderId: payments.orderId, orderNo: loanOrders.orderNo })
      .from(payments)
      .innerJoin(loanOrders, eq(loanOrders.id, payments.orderId))
      .limit(1);
    const expected = await countWhere(sql`${loanOrders.orderNo} = ${one!.orderNo}`);
    for (const typed of [one!.orderNo, String(one!.orderId), one!.orderNo.toLowerCase()]) {
      const found = await list(new URLSearchParams({ orderNo: typed }).toString());
      expect({ typed, total: found.data.total }).toEqual({ typed, total: expected });
    }
    const posted = await list('status=posted&pageSize=1');
    expect(posted.data.total).toBe(await countWhere(sql`${payments.status} = 'posted'`));
    expect((await list('status=lost')).code).not.toBe(0);
  });
});
