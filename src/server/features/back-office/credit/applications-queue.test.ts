import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { OrderStatus } from '../../../../shared/order-status';
import { applicationAnswers, borrowerDevices, borrowers, loanOrders, payoutAccounts } from '../../../db/schema';
import { buildTestApp } from '../../../test/test-app';
import { STAFF_PASSWORD, signInStaff } from '../../../test/staff-support';
import { createStaff } from '../staff/staff-service';
import { refreshAllSignalFlags } from '../../../duplicate-signals/flags';

const t = await buildTestApp();
const db = t.database.db;
await createStaff(db, {
  email: 'quinn.queue@hiram.test',
  name: 'Quinn Queue',
  roles: ['credit'],
  password: STAFF_PASSWORD,
});
const credit = { authorization: `Staff ${await signInStaff(t, 'quinn.queue@hiram.test')}` };
const get = async (url: string) => (await t.app.inject({ url: `/owner${url}`, headers: credit })).json();

/** Applications in review written straight to the tables: `count` borrowers, one application each, `minutes` apart. */
async function waiting(count: number, prefix: string, start: Date) {
  const made = await db
    .insert(borrowers)
    .values(
      Array.from({ length: count }, (_, i) => ({
        phone: `0918${prefix}${String(i).padStart(4, '0')}`,
        fullName: `Queue ${prefix} ${i}`,
      })),
    )
    .returning({ id: borrowers.id });
  const orders = await db
    .insert(loanOrders)
    .values(
      made.map(({ id }, i) => ({
        orderNo: `Q${prefix}${String(i).padStart(6, '0')}`,
        borrowerId: id,
        productId: 1,
        status: OrderStatus.REVIEW,
        amount: 100_000 + i * 100,
        termDays: 7,
        periods: 1,
        createdAt: new Date(start.getTime() + i * 60_000),
      })),
    )
    .returning({ id: loanOrders.id, orderNo: loanOrders.orderNo, borrowerId: loanOrders.borrowerId });
  return orders;
}

const inReview = async () =>
  Number(
    (await db.select({ n: sql<number>`count(*)::int` }).from(loanOrders).where(sql`status = ${OrderStatus.REVIEW}`))[0]
      ?.n,
  );

const oldest = await waiting(230, '11', new Date('2020-01-01T00:00:00Z'));
// Ten applications that share one ID number, written ten ways, all newer than the oldest 200.
const sharing = oldest.slice(-10);
await db.insert(applicationAnswers).values(
  sharing.map(({ borrowerId }, i) => ({
    borrowerId,
    section: 'public',
    answers: { idType: 'philsys', idNumber: i % 2 ? 'PSN-7777-8888-0' : 'psn 77778888 0' },
  })),
);

// The other signals, each on a pair of applications among the newest: the same payout account, the
// same device, and one borrower's sign-in mobile as the other's e-wallet (written with a space).
const newest = oldest.slice(-20, -10);
const [acctA, acctB, devA, devB, phoneA, phoneB] = newest as [
  (typeof oldest)[number],
  (typeof oldest)[number],
  (typeof oldest)[number],
  (typeof oldest)[number],
  (typeof oldest)[number],
  (typeof oldest)[number],
];
await db.insert(payoutAccounts).values([
  { borrowerId: acctA.borrowerId, cardType: 2, channelNumber: 1, accountName: 'A', accountNo: '4444333322' },
  { borrowerId: acctB.borrowerId, cardType: 2, channelNumber: 1, accountName: 'B', accountNo: '4444333322' },
]);
await db
  .insert(borrowerDevices)
  .values([devA, devB].map(({ borrowerId }) => ({ borrowerId, kind: 'app', deviceHash: 'c0ffee'.repeat(10) })));
const [phoneOwner] = await db
  .select({ phone: borrowers.phone })
  .from(borrowers)
  .where(eq(borrowers.id, phoneA.borrowerId));
await db.insert(payoutAccounts).values({
  borrowerId: phoneB.borrowerId,
  cardType: 1,
  channelNumber: 90006,
  accountName: 'B',
  accountNo: `${phoneOwner!.phone.slice(0, 4)} ${phoneOwner!.phone.slice(4)}`,
});
const flagged = [...sharing, acctA, acctB, devA, devB, phoneA, phoneB];
// Written straight to the tables, like a bulk load: the flags are then refreshed in bulk (the
// savers keep them otherwise: duplicate-signal-flags.test.ts).
await refreshAllSignalFlags(db);

describe('the credit queue is complete: paged, sorted and filtered on the server with a total (spec 001 §9 operator review)', () => {
  it('answers one page and the total of the whole queue, oldest first; every page can be reached', async () => {
    const first = await get('/admin/loans/applications?pageSize=20');
    expect(first.code).toBe(0);
    expect(first.data.total).toBe(await inReview());
    expect(first.data.total).toBeGreaterThan(230);
    expect(first.data.list).toHaveLength(20);
    expect(first.data.list[0].orderNo).toBe(oldest[0]!.orderNo);
    const lastPage = Math.ceil(first.data.total / 100);
    const last = await get(`/admin/loans/applications?pageSize=100&page=${lastPage}`);
    expect(last.data.list).toHaveLength(first.data.total - (lastPage - 1) * 100);
    const all = new Set<string>();
    for (let page = 1; page <= lastPage; page += 1)
      for (const o of (await get(`/admin/loans/applications?pageSize=100&page=${page}`)).data.list) all.add(o.orderNo);
    expect(all.size).toBe(first.data.total);
  });

  it('sorts on the server over the whole queue', async () => {
    const byAmount = await get('/admin/loans/applications?sort=amount&order=desc&pageSize=5');
    const [max] = await db.select({ max: sql<number>`max(amount)::bigint` }).from(loanOrders).where(sql`status = 21`);
    expect(byAmount.data.list[0].amount).toBe(Number(max?.max));
    const amounts = byAmount.data.list.map((o: { amount: number }) => o.amount);
    expect(amounts).toEqual([...amounts].sort((a, b) => b - a));
    expect((await get('/admin/loans/applications?sort=borrowerId')).code).not.toBe(0);
  });

  it('"only those with a duplicate signal" finds all ten that share an ID number, past the oldest 200, and the pairs sharing an account, a device or a phone', async () => {
    const found = await get('/admin/loans/applications?onlySignals=1&pageSize=100');
    expect(found.code).toBe(0);
    const orderNos = found.data.list.map((o: { orderNo: string }) => o.orderNo);
    for (const o of flagged) expect(orderNos).toContain(o.orderNo);
    expect(found.data.total).toBe(found.data.list.length);
    expect(found.data.list.every((o: { signals: number }) => o.signals > 0)).toBe(true);
    // Nothing without a signal came through the filter.
    expect(orderNos).not.toContain(oldest[0]!.orderNo);
  });
});
