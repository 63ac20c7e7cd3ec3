import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { manilaToday } from '../../../shared/format/date';
import { OrderStatus } from '../../../shared/order-status';
import { loanOrders, payouts } from '../../db/schema';
import { decide, submitApplication } from '../../money';
import { buildTestApp } from '../../test/test-app';
import { newBorrower } from '../../test/test-borrowers';
import { bindWallet, staffCall } from '../../test/payout-support';
import { staffHeader } from '../../test/staff-support';

const t = await buildTestApp({ env: { PAYMENT_SANDBOX_SECRET: 'payout-sandbox-secret-for-the-lists-0123456789' } });
const db = t.database.db;
const today = manilaToday();
const maker = await staffHeader(t, ['finance'], 'lina.lists@hiram.test');
const get = async (path: string) => (await t.app.inject({ url: `/owner/admin/payouts${path}`, headers: maker })).json();

async function approvedLoan(amount: number) {
  const borrowerId = await newBorrower(db);
  await bindWallet(db, borrowerId, '09171234567', 'Lena Lists');
  const order = await submitApplication(db, { borrowerId, productId: 1, amount }, today);
  await decide(db, order.id, { approve: true, actor: 'credit' }, today);
  return order;
}

// More approved loans than one page holds, and a payout asked for on a few of them.
const loans: { id: number; orderNo: string }[] = [];
for (let i = 0; i < 23; i++) loans.push(await approvedLoan(300_000 + (i % 4) * 50_000));
for (const loan of loans.slice(0, 3))
  await staffCall(t, '/admin/payouts/disbursal/request', maker, { orderId: loan.id });
const approvedCount = async () =>
  Number(
    (
      await db
        .select({ n: sql<number>`count(*)::int` })
        .from(loanOrders)
        .where(eq(loanOrders.status, OrderStatus.APPROVED))
    )[0]?.n,
  );

describe("finance's payout lists: paged on the server with the total, filters over the whole set", () => {
  it('the disbursal queue answers a page and the total of every approved loan, oldest first', async () => {
    const first = await get('/disbursals');
    expect(first.code).toBe(0);
    expect(first.data.total).toBe(await approvedCount());
    expect(first.data.list).toHaveLength(20);
    const second = await get('/disbursals?page=2');
    expect(second.data.list.length).toBe(Math.min(20, first.data.total - 20));
    const ids = new Set(first.data.list.map((o: { orderId: number }) => o.orderId));
    expect(second.data.list.some((o: { orderId: number }) => ids.has(o.orderId))).toBe(false);
    const byAmount = (await get('/disbursals?sort=amount&order=desc&pageSize=2')).data.list;
    expect(byAmount[0].amount).toBeGreaterThanOrEqual(byAmount[1].amount);
  });

  it('finds one loan of the queue by its contract number in any form, past the first page', async () => {
    const last = loans.at(-1)!;
    const short = String(Number(last.orderNo.replace(/\D/g, '')));
    const found = await get(`/disbursals?orderNo=${short}`);
    expect(found.data).toMatchObject({ total: 1, list: [{ orderId: last.id }] });
  });

  it('the payouts list pages, filters by contract, kind and status, and counts the whole set', async () => {
    const all = await get('?pageSize=1');
    const inDb = Number((await db.select({ n: sql<number>`count(*)::int` }).from(payouts))[0]?.n);
    expect(all.data.total).toBe(inDb);
    expect(all.data.list).toHaveLength(1);
    const one = await get(`?orderNo=${loans[1]!.orderNo.toLowerCase()}`);
    expect(one.data).toMatchObject({ total: 1, list: [{ orderId: loans[1]!.id, kind: 'disbursal' }] });
    expect((await get('?kind=refund')).data.total).toBe(0);
    const requested = await get('?status=requested');
    expect(requested.data.total).toBeGreaterThanOrEqual(3);
    expect(requested.data.list.every((p: { status: string }) => p.status === 'requested')).toBe(true);
    expect((await get('?status=nonsense')).code).not.toBe(0);
  });
});
