import { eq, inArray, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { OrderStatus } from '../../../shared/order-status';
import { borrowers, cobRuns, ledgerEntries, loanOrders, orderEvents, products } from '../../db/schema';
import { demoProducts } from '../../db/seed/demo-products';
import { accruePenaltiesTo, addDays, type IsoDate } from '../../domain/loan';
import { buildTestApp } from '../../test/test-app';
import { runCloseOfBusiness } from './close-of-business';
import { ledgerProblems } from '../ledger/ledger-check';
import { decide, disburse, submitApplication } from '../loans/lifecycle';
import { newBorrower } from '../../test/test-borrowers';
import { readLoanState } from '../loans/stored-state';

// Runs on PGlite by default and on PostgreSQL when DATABASE_URL is set (.ci/run does both).
const t = await buildTestApp({ seed: false });
const db = t.database.db;
await db.insert(products).values(demoProducts.map((p) => ({ ...p, terms: { ...p.terms } })));
await db.insert(borrowers).values({ phone: '09171230000', fullName: 'Cob Tester' });

// Product 1 is one period of 91 days: disbursed on day0, due on day0 + 91.
async function disbursedOn(day0: IsoDate, amount = 500_000): Promise<number> {
  const order = await submitApplication(db, { borrowerId: await newBorrower(db), productId: 1, amount }, day0);
  await decide(db, order.id, { approve: true, actor: 'test' }, day0);
  await disburse(db, order.id, 'test', day0);
  return order.id;
}

async function orderOf(id: number) {
  const row = await db.query.loanOrders.findFirst({ where: eq(loanOrders.id, id) });
  return { status: row!.status, dueDate: row!.dueDate, state: readLoanState(row!.loanState) };
}

async function ledgerCount(): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(ledgerEntries);
  return Number(row?.n ?? 0);
}

describe('Close of business', () => {
  it('architecture.md: Order states: 170 stays until the window opens 3 days before the due date, then 174, then 180 the day after', async () => {
    const id = await disbursedOn('2026-01-05');
    const due = (await orderOf(id)).dueDate as IsoDate;
    expect(due).toBe(addDays('2026-01-05', 91));

    await runCloseOfBusiness(db, addDays(due, -4));
    expect((await orderOf(id)).status).toBe(OrderStatus.REPAYING);

    const opened = await runCloseOfBusiness(db, addDays(due, -3));
    expect(opened.outcome).toBe('done');
    expect(opened.windowOpened).toBeGreaterThanOrEqual(1);
    expect((await orderOf(id)).status).toBe(OrderStatus.DUE);

    await runCloseOfBusiness(db, due);
    expect((await orderOf(id)).status).toBe(OrderStatus.DUE);

    const late = await runCloseOfBusiness(db, addDays(due, 1));
    expect(late.becameOverdue).toBeGreaterThanOrEqual(1);
    const after = await orderOf(id);
    expect(after.status).toBe(OrderStatus.OVERDUE);
    // Penalties are booked through the business date, as the engine computes them.
    expect(after.state.late.through).toBe(addDays(due, 1));
    expect(after.state.late.charged).toBeGreaterThan(0);

    const events = await db.select().from(orderEvents).where(eq(orderEvents.orderId, id));
    expect(events.filter((e) => e.actor === 'cob').map((e) => [e.fromStatus, e.toStatus])).toEqual([
      [OrderStatus.REPAYING, OrderStatus.DUE],
      [OrderStatus.DUE, OrderStatus.OVERDUE],
    ]);
    expect(await ledgerProblems(db)).toEqual([]);
  });

  it('running it twice for one date changes nothing', async () => {
    const id = await disbursedOn('2026-02-02');
    const date = addDays((await orderOf(id)).dueDate as IsoDate, 5);
    const first = await runCloseOfBusiness(db, date);
    expect(first.outcome).toBe('done');
    const before = { order: await orderOf(id), lines: await ledgerCount() };

    const second = await runCloseOfBusiness(db, date);
    expect(second.outcome).toBe('already-done');
    expect(await orderOf(id)).toEqual(before.order);
    expect(await ledgerCount()).toBe(before.lines);

    // Even with the run record gone, a rerun finds every loan already current for the date.
    await db.delete(cobRuns).where(eq(cobRuns.businessDate, date));
    const forced = await runCloseOfBusiness(db, date);
    expect(forced).toMatchObject({ outcome: 'done', windowOpened: 0, becameOverdue: 0, penaltiesAccrued: 0 });
    expect(await orderOf(id)).toEqual(before.order);
    expect(await ledgerCount()).toBe(before.lines);
  });

  it('penalties after skipped days equal what the engine computes for the whole span', async () => {
    const id = await disbursedOn('2026-03-02', 800_000);
    const due = (await orderOf(id)).dueDate as IsoDate;
    await runCloseOfBusiness(db, addDays(due, 1));
    const atFirst = (await orderOf(id)).state;
    // A missed week: the next run books every day since the last.
    await runCloseOfBusiness(db, addDays(due, 8));
    const after = await orderOf(id);
    expect(after.state).toEqual(accruePenaltiesTo(atFirst, addDays(due, 8)));
    expect(await ledgerProblems(db)).toEqual([]);
  });

  it('small partitions give the same result as one', async () => {
    const day0 = '2026-04-01';
    const ids = [await disbursedOn(day0), await disbursedOn(day0), await disbursedOn(day0), await disbursedOn(day0)];
    const due = (await orderOf(ids[0]!)).dueDate as IsoDate;
    const progress: number[] = [];
    const result = await runCloseOfBusiness(db, addDays(due, 2), {
      partitionSize: 1,
      onProgress: (p) => progress.push(p.done),
    });
    expect(result.becameOverdue).toBeGreaterThanOrEqual(4);
    const rows = await db.select().from(loanOrders).where(inArray(loanOrders.id, ids));
    expect(rows.map((r) => r.status)).toEqual(ids.map(() => OrderStatus.OVERDUE));
    expect(progress.length).toBeGreaterThan(4);
    expect(progress.at(-1)).toBeGreaterThan(0);
  });

  it('two instances at once: one runs it, the other does nothing', async () => {
    const id = await disbursedOn('2026-05-04');
    const date = addDays((await orderOf(id)).dueDate as IsoDate, 3);
    const lines = await ledgerCount();
    const results = await Promise.all([runCloseOfBusiness(db, date), runCloseOfBusiness(db, date)]);
    expect(results.map((r) => r.outcome).filter((o) => o === 'done')).toHaveLength(1);
    expect(results.map((r) => r.outcome)).toEqual(expect.arrayContaining(['done']));
    const once = await ledgerCount();
    expect(once).toBeGreaterThan(lines);
    expect((await orderOf(id)).state.late.through).toBe(date);
    expect(await ledgerProblems(db)).toEqual([]);
  });
});
