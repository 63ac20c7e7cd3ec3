import { eq, isNull, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { borrowers, complaints } from '../../db/schema';
import { staffHeader } from '../../test/staff-support';
import { buildTestApp } from '../../test/test-app';
import { newBorrower } from '../../test/test-borrowers';

const t = await buildTestApp();
const { db } = t.database;
const support = await staffHeader(t, ['support']);
const list = async (query: string) =>
  (await t.app.inject({ url: `/owner/admin/complaints/list?${query}`, headers: support })).json();

// More waiting complaints than a page holds: one borrower's 22, another's one about contract 84, of type 3.
const many = await newBorrower(db, 'Many Complaints');
const one = await newBorrower(db, 'One Complaint');
const base = Date.UTC(2026, 10, 1);
for (let i = 0; i < 22; i++)
  await db
    .insert(complaints)
    .values({ borrowerId: many, problemType: 2, detail: `complaint ${i}`, createdAt: new Date(base + i * 60_000) });
await db.insert(complaints).values({ borrowerId: one, problemType: 3, detail: 'about 84', orderNo: 'HRM00000084' });
const phoneOf = async (id: number) =>
  (await db.query.borrowers.findFirst({ where: eq(borrowers.id, id), columns: { phone: true } }))!.phone;
const waiting = async () =>
  Number(
    (await db.select({ n: sql<number>`count(*)::int` }).from(complaints).where(isNull(complaints.repliedAt)))[0]?.n,
  );

describe("the support desk's complaints list: paged on the server with the total, filters over the whole queue", () => {
  it('answers a page and the total of the whole queue, newest first unless sorted', async () => {
    const first = await list('status=processing');
    expect(first.code).toBe(0);
    expect(first.data.total).toBe(await waiting());
    expect(first.data.list).toHaveLength(20);
    const second = await list('status=processing&page=2');
    expect(second.data.list.length).toBe(Math.min(20, first.data.total - 20));
    const oldest = await list('status=processing&order=asc&pageSize=2');
    expect(oldest.data.list[0].time <= oldest.data.list[1].time).toBe(true);
  });

  it("finds complaints by the borrower's phone and by the contract number, in any form, and by type", async () => {
    const phone = await phoneOf(many);
    const byPhone = await list(`phone=${encodeURIComponent(`+63${phone.slice(1)}`)}&pageSize=5`);
    expect(byPhone.data.total).toBe(22);
    expect(byPhone.data.list.every((c: { borrowerPhone: string }) => c.borrowerPhone === phone)).toBe(true);
    expect((await list('orderNo=84')).data).toMatchObject({ total: 1, list: [{ content: 'about 84' }] });
    expect((await list('orderNo=hrm00000084')).data.total).toBe(1);
    expect((await list('type=3&orderNo=84')).data.total).toBe(1);
    expect((await list('type=2&orderNo=84')).data.total).toBe(0);
    expect((await list('phone=09990000000')).data.total).toBe(0);
    expect((await list('status=replied&orderNo=84')).data.total).toBe(0);
  });
});
