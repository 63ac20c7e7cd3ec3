import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { borrowers, loanOrders, products } from '../../db/schema';
import { demoProducts } from '../../db/seed/demo-products';
import { addDays, type IsoDate } from '../../domain/loan';
import { buildTestApp } from '../../test/test-app';
import { newBorrower } from '../../test/test-borrowers';
import { runCloseOfBusiness } from '../close/close-of-business';
import { ledgerProblems } from '../ledger/ledger-check';
import { bringUpToDate, decide, disburse, submitApplication } from './lifecycle';
import { readLoanState } from './stored-state';

// Runs on PGlite by default and on PostgreSQL when DATABASE_URL is set (.ci/run does both).
const t = await buildTestApp({ seed: false });
const db = t.database.db;
await db.insert(products).values(demoProducts.map((p) => ({ ...p, terms: { ...p.terms } })));
await db.insert(borrowers).values({ phone: '09171230001', fullName: 'State Tester' });

// Product 1 is one period of 91 days; ₱5,000 disbursed in January 2026 falls under BSP 1133.
async function disbursedOn(day0: IsoDate): Promise<number> {
  const order = await submitApplication(db, { borrowerId: await newBorrower(db), productId: 1, amount: 500_000 }, day0);
  await decide(db, order.id, { approve: true, actor: 'test' }, day0);
  await disburse(db, order.id, 'test', day0);
  return order.id;
}

async function storedOf(id: number): Promise<Record<string, unknown>> {
  const row = await db.query.loanOrders.findFirst({ where: eq(loanOrders.id, id) });
  if (!row?.loanState) throw new Error(`order ${id} has no state`);
  return row.loanState;
}

describe('the stored loan state in the database', () => {
  it('a disbursal stores version 1; a version-0 state accrues on at close of business as a current one and is stored at version 1', async () => {
    const day0 = '2026-01-05';
    const current = await disbursedOn(day0);
    const legacy = await disbursedOn(day0);
    expect((await storedOf(current)).version).toBe(1);

    // Store the second loan as it was kept before versions, regimes and counts.
    const { version: _v, extensions: _e, ...rest } = await storedOf(legacy);
    const { ceiling: _c, limits: _l, ...terms } = rest.terms as Record<string, unknown>;
    const { dueDays: _d, ...late } = rest.late as Record<string, unknown>;
    await db
      .update(loanOrders)
      .set({ loanState: { ...rest, terms: { ...terms, bsp1133: true }, late } })
      .where(eq(loanOrders.id, legacy));

    const due = addDays(day0, 91);
    for (const day of [addDays(due, 1), addDays(due, 2), addDays(due, 10)]) await runCloseOfBusiness(db, day);

    const [a, b] = [readLoanState(await storedOf(current)), readLoanState(await storedOf(legacy))];
    expect(a.late.charged).toBeGreaterThan(0);
    expect({ owed: b.owed, late: b.late, terms: b.terms }).toEqual({ owed: a.owed, late: a.late, terms: a.terms });
    expect((await storedOf(legacy)).version).toBe(1);
    expect(await ledgerProblems(db)).toEqual([]);
  });

  it('a malformed state is refused, naming the order, and the trial balance lists it', async () => {
    const id = await disbursedOn('2026-02-02');
    const stored = await storedOf(id);
    await db
      .update(loanOrders)
      .set({ loanState: { ...stored, paid: { principal: 'lots', interest: 0 } } })
      .where(eq(loanOrders.id, id));
    const row = await db.query.loanOrders.findFirst({ where: eq(loanOrders.id, id) });
    await expect(bringUpToDate(db, id, '2026-02-03')).rejects.toThrow(
      `Order ${row?.orderNo} has a malformed loan state: paid.principal:`,
    );
    expect(await ledgerProblems(db)).toContainEqual(expect.stringMatching(/^Order \d+ has a malformed loan state/));
  });
});
