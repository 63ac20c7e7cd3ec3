import { describe, expect, it } from 'vitest';
import { Code } from '../../../shared/codes';
import { manilaToday } from '../../../shared/format/date';
import { authHeader, buildTestApp } from '../../test/test-app';
import { and, eq, sql } from 'drizzle-orm';
import { ledgerEntries, loanOrders } from '../../db/schema';
import { accruePenaltiesTo, addDays, type IsoDate } from '../../domain/loan';
import { seedProducts } from '../../db/seed/seed-products';
import { orderFor } from '../../test/orders';
import { amountDueNow, receivable, ledgerProblems, postPayment, readLoanState } from '../../money';

const t = await buildTestApp({ seed: false });
await seedProducts(t.database.db);
// One borrower's loans (100 days old: nine days overdue; 89: due) and an application still under review.
const overdue = await orderFor(t.database.db, 'disbursed', { daysAgo: 100 });
const due = await orderFor(t.database.db, 'disbursed', { daysAgo: 89, borrowerId: overdue.borrowerId });
const underReview = await orderFor(t.database.db, 'review', { borrowerId: overdue.borrowerId });
const someoneElse = await orderFor(t.database.db, 'disbursed', { daysAgo: 10 });
const a = authHeader(await t.login(overdue.phone));
const b = authHeader(await t.login(someoneElse.phone));
const OVERDUE = overdue.orderId;
const get = (url: string, headers: Record<string, string> = a) =>
  t.app.inject({ method: 'GET', url: `/owner${url}`, headers }).then((r) => ({ status: r.statusCode, body: r.json() }));
const explain = (orderId: number | string, headers: Record<string, string> = a) =>
  get(`/v3/loan-order/amount-explained?orderId=${orderId}`, headers);
/** The order page's "Amount due" row, in centavos. */
async function amountDueShown(orderId: number): Promise<number> {
  const details = await get(`/v3/loan-details/loan-details?orderId=${orderId}`);
  const row = (details.body.data.userOrderDetail.detail as { text: string; value: string }[]).find(
    (r) => r.text === 'Amount due',
  );
  if (!row) throw new Error('no amount due row');
  return Number(row.value.replace(/[^\d]/g, ''));
}
const sum = (lines: { amount: number }[]) => lines.reduce((total, l) => total + l.amount, 0);

describe('Why this amount (spec 001 §3 order details: the amount due, explained)', () => {
  it('an overdue order: the lines add up to the amount due the order page shows, to the centavo', async () => {
    const res = await explain(OVERDUE);
    expect(res.body.code).toBe(0);
    const data = res.body.data;
    expect(data).toMatchObject({
      orderId: OVERDUE,
      orderNo: `HRM${String(OVERDUE).padStart(8, '0')}`,
      asOf: manilaToday(),
    });
    expect(sum(data.lines)).toBe(data.total);
    expect(data.total).toBe(await amountDueShown(OVERDUE));
    const kinds = data.lines.map((l: { kind: string }) => l.kind);
    expect(kinds).toEqual(
      expect.arrayContaining(['principal', 'interest', 'service-fee', 'default-charge', 'penalty']),
    );
    // Replayed from the opening state and its payments, as the rebuild posts them: no late charges carried in one sum.
    expect(kinds).not.toContain('penalties-earlier');
    // Nine days overdue: one penalty line a day, each dated, with its rate and base.
    const days = data.lines.filter((l: { kind: string }) => l.kind === 'penalty');
    expect(days.length).toBe(9);
    for (const day of days)
      expect(day).toMatchObject({
        rateBps: expect.any(Number),
        base: expect.any(Number),
        date: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      });
    // The loan is under a regime: its late-penalty ceiling holds the default charge, and says by how much.
    const [charge] = data.lines.filter((l: { kind: string }) => l.kind === 'default-charge');
    expect(charge.cap).toMatchObject({ ceiling: 'late-penalty', source: expect.stringMatching(/Circular/) });
    expect(charge.amount + charge.cap.tookOff).toBe(charge.base);
  });

  it('says what is due tomorrow if nothing is paid today: one more late day, within the ceilings', async () => {
    const { data } = (await explain(OVERDUE)).body;
    const tomorrow = addDays(manilaToday() as IsoDate, 1);
    const [row] = await t.database.db.select().from(loanOrders).where(eq(loanOrders.id, OVERDUE));
    const state = accruePenaltiesTo(readLoanState(row!.loanState), tomorrow);
    expect(data.tomorrow).toEqual({ date: tomorrow, total: amountDueNow(state) });
    expect(data.tomorrow.total).toBeGreaterThanOrEqual(data.total);
    expect(data.productId).toBe(row!.productId);
  });

  it('after a part payment the payment comes off as allocated, and the lines still equal the amount due', async () => {
    await postPayment(
      t.database.db,
      {
        orderId: OVERDUE,
        provider: 'sandbox',
        reference: 'WHY-PART',
        amount: 150_000,
        kind: 'repayment',
        postedBy: 'test',
      },
      manilaToday(),
    );
    const { data } = (await explain(OVERDUE)).body;
    const paid = data.lines.filter((l: { kind: string }) => l.kind.startsWith('paid-'));
    expect(sum(paid)).toBe(-150_000);
    expect(sum(data.lines)).toBe(data.total);
    expect(data.total).toBe(await amountDueShown(OVERDUE));
    // The same figures as the ledger: late charges less what paid them are the penalty receivable booked.
    const late = data.lines.filter((l: { kind: string }) =>
      ['default-charge', 'penalty', 'penalties-waived', 'paid-penalties'].includes(l.kind),
    );
    const [booked] = await t.database.db
      .select({ net: sql<string>`coalesce(sum(${ledgerEntries.debit} - ${ledgerEntries.credit}), 0)::text` })
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.orderId, OVERDUE), eq(ledgerEntries.account, receivable.penalties)));
    expect(sum(late)).toBe(Number(booked?.net));
    expect(await ledgerProblems(t.database.db)).toEqual([]);
  });

  it('a due order not yet late has no late lines', async () => {
    const { data } = (await explain(due.orderId)).body;
    expect(data.lines.some((l: { kind: string }) => l.kind === 'penalty' || l.kind === 'default-charge')).toBe(false);
    expect(data.total).toBe(await amountDueShown(due.orderId));
  });

  it('architecture.md: Sessions: another borrower is refused, without learning the order exists; no session is refused', async () => {
    const other = await explain(OVERDUE, b);
    expect(other.body.code).toBe(Code.NOT_FOUND);
    expect(other.body.data).toBeNull();
    expect((await explain(OVERDUE, {})).body.code).not.toBe(0);
  });

  it('bad input gets a clear 400 naming the field; an order with no loan yet says so', async () => {
    const bad = await explain('abc');
    expect(bad.body.code).toBe(Code.BAD_REQUEST);
    expect(bad.body.message).toMatch(/orderId/);
    expect((await get('/v3/loan-order/amount-explained')).body.code).toBe(Code.BAD_REQUEST);
    const review = await explain(underReview.orderId);
    expect(review.body.code).toBe(Code.CONFLICT);
    expect(review.body.message).toMatch(/no loan yet/);
  });
});
