import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/client';
import { ledgerEntries, loanOrders } from '../../db/schema';
import { addDays, type LoanQuote, serviceFeeEarned } from '../../domain/loan';
import { buildTestApp } from '../../test/test-app';
import { newBorrower } from '../../test/test-borrowers';
import { runCloseOfBusiness } from './close-of-business';
import { bookedIncomeQuery, openingOf } from './income-recognition';
import { ledgerProblems } from '../ledger/ledger-check';
import { decide, disburse, submitApplication } from '../loans/lifecycle';
import { postPayment } from '../posting/payment-posting';
import { reversePayment } from '../posting/payment-reversal';
import { readLoanState } from '../loans/stored-state';

const t = await buildTestApp();
const db = t.database.db;

/** Product 1: ₱5,000 for one 91-day term, ₱682.50 interest, ₱150.00 fee withheld. */
async function disbursedLoan(day0: string, amount = 500_000) {
  const order = await submitApplication(db, { borrowerId: await newBorrower(db), productId: 1, amount }, day0);
  await decide(db, order.id, { approve: true, actor: 'test' }, day0);
  await disburse(db, order.id, 'test', day0);
  return order.id;
}

async function books(orderId: number): Promise<Record<string, number>> {
  const rows = rowsOf<{ account: string; net: string }>(
    await db.execute(
      sql`select account, sum(debit - credit)::text as net from ledger_entries where order_id = ${orderId} group by account having sum(debit - credit) <> 0 order by account`,
    ),
  );
  return Object.fromEntries(rows.map((r) => [r.account, Number(r.net)]));
}

async function feeEarned(orderId: number, asOf: string) {
  const row = await db.query.loanOrders.findFirst({ where: eq(loanOrders.id, orderId) });
  const quote = row?.quote as unknown as LoanQuote;
  return serviceFeeEarned(openingOf(quote, row?.borrowerKind ?? 'new'), quote.netProceeds, asOf);
}

const cob = (date: string) => runCloseOfBusiness(db, date, { today: date });

describe('accrual books: income is earned over the loan, not booked on day 0', () => {
  it('at disbursal the ₱682.50 interest and the ₱150.00 fee are unearned; no income is booked', async () => {
    const orderId = await disbursedLoan('2026-01-05');
    expect(await books(orderId)).toEqual({
      principal_receivable: 500_000,
      interest_receivable: 68_250,
      cash_disbursed: -485_000,
      unearned_fees: -15_000,
      unearned_interest: -68_250,
    });
  });

  it('each close of business recognises that day’s interest and the fee’s amortisation; a rerun books nothing', async () => {
    const orderId = await disbursedLoan('2026-02-02');
    const result = await cob('2026-02-12');
    expect(result.incomeRecognised).toBeGreaterThanOrEqual(1);
    const fee = await feeEarned(orderId, '2026-02-12');
    expect(fee).toBeGreaterThan(0);
    expect(await books(orderId)).toMatchObject({
      interest_income: -7_500,
      unearned_interest: -(68_250 - 7_500),
      fee_income: -fee,
      unearned_fees: -(15_000 - fee),
    });
    const again = await runCloseOfBusiness(db, '2026-02-12', { today: '2026-02-13' });
    expect(again.outcome).toBe('already-done');
    await cob('2026-02-13');
    expect((await books(orderId)).interest_income).toBe(-8_250);
    expect(await ledgerProblems(db)).toEqual([]);
  });

  it('a settled loan has earned everything it billed: unearned accounts are empty', async () => {
    const orderId = await disbursedLoan('2026-03-02');
    await cob('2026-03-20');
    await postPayment(
      db,
      {
        orderId,
        provider: 'sandbox',
        reference: 'REC-SETTLE',
        amount: 568_250,
        kind: 'repayment',
        postedBy: 'test',
        valueDate: '2026-03-20',
      },
      '2026-03-20',
    );
    const after = await books(orderId);
    // Paid off on day 18 of 91: interest only to that day (18 × ₱7.50), the fee whole; what was
    // paid beyond the payoff is the borrower's credit (docs/money.md: early payoff).
    expect(after).toMatchObject({ interest_income: -13_500, fee_income: -15_000, borrower_credit: -(68_250 - 13_500) });
    expect(after.unearned_interest ?? 0).toBe(0);
    expect(after.unearned_fees ?? 0).toBe(0);
  });

  it('a reversal un-earns what the settlement recognised, back to what the days earned', async () => {
    const orderId = await disbursedLoan('2026-04-01');
    await cob('2026-04-11');
    const posted = await postPayment(
      db,
      {
        orderId,
        provider: 'sandbox',
        reference: 'REC-REV',
        amount: 568_250,
        kind: 'repayment',
        postedBy: 'test',
        valueDate: '2026-04-11',
      },
      '2026-04-11',
    );
    await reversePayment(db, { paymentId: posted.paymentId, reason: 'chargeback', actor: 'test' }, '2026-04-11');
    expect(await books(orderId)).toMatchObject({
      interest_income: -7_500,
      fee_income: -(await feeEarned(orderId, '2026-04-11')),
    });
    expect(await ledgerProblems(db)).toEqual([]);
  });

  // A loan taken through every night to 90 days past due and beyond.
  it('90 days past due: accrued unpaid interest goes back into suspense; a payment is then earned as paid', async () => {
    const orderId = await disbursedLoan('2026-05-04');
    const due = addDays('2026-05-04', 91);
    await cob(addDays(due, 89));
    const accruing = await books(orderId);
    expect(accruing.interest_income).toBe(-68_250);
    expect(accruing.penalty_income ?? 0).toBeLessThan(0);
    await cob(addDays(due, 90));
    const suspended = await books(orderId);
    expect(suspended.interest_income ?? 0).toBe(0);
    expect(suspended.penalty_income ?? 0).toBe(0);
    expect(suspended.fee_income).toBe(-15_000);
    expect(suspended.unearned_interest).toBe(-68_250);
    const row = await db.query.loanOrders.findFirst({ where: eq(loanOrders.id, orderId) });
    if (!row?.loanState) throw new Error('not disbursed');
    const owedPenalties = readLoanState(row.loanState).owed.penalties;
    expect(-(suspended.unearned_penalties ?? 0)).toBe(owedPenalties);
    // ₱1,000 paid goes to penalties first after maturity, and exactly that is earned.
    await postPayment(
      db,
      {
        orderId,
        provider: 'sandbox',
        reference: 'REC-NPL',
        amount: 100_000,
        kind: 'repayment',
        postedBy: 'test',
        valueDate: addDays(due, 90),
      },
      addDays(due, 90),
    );
    const paid = await books(orderId);
    expect(-(paid.penalty_income ?? 0)).toBe(Math.min(100_000, owedPenalties));
    expect(await ledgerProblems(db)).toEqual([]);
  }, 120_000); // about 180 nights of close of business: seconds alone, more on a shared machine
});

/** Rows the scans of a plan touched: those they returned and those their filters removed. */
function rowsTouched(plan: Record<string, unknown>): number {
  const own = String(plan['Node Type']).endsWith('Scan')
    ? (Number(plan['Actual Rows'] ?? 0) +
        Number(plan['Rows Removed by Filter'] ?? 0) +
        Number(plan['Rows Removed by Index Recheck'] ?? 0)) *
      Number(plan['Actual Loops'] ?? 1)
    : 0;
  const children = (plan.Plans ?? []) as Record<string, unknown>[];
  return own + children.reduce((sum, child) => sum + rowsTouched(child), 0);
}

/**
 * What a statement reads when it goes by the indexes, as a big book's would (a test database is
 * small enough for the planner to read whole tables instead): EXPLAIN ANALYZE with sequential scans off.
 */
async function rowsRead(query: ReturnType<typeof sql>): Promise<number> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`set local enable_seqscan = off`);
    const [row] = rowsOf<Record<string, unknown>>(await tx.execute(sql`explain (analyze, format json) ${query}`));
    const plan = Object.values(row ?? {})[0];
    const parsed = (typeof plan === 'string' ? JSON.parse(plan) : plan) as { Plan: Record<string, unknown> }[];
    return rowsTouched(parsed[0]?.Plan ?? {});
  });
}

/** A night's recognition as close of business books it, on a loan, directly: debit unearned, credit income. */
function night(orderId: number, day: string, amount: number) {
  return [
    { account: 'unearned_interest', debit: amount, credit: 0 },
    { account: 'interest_income', debit: 0, credit: amount },
    { account: 'unearned_fees', debit: amount, credit: 0 },
    { account: 'fee_income', debit: 0, credit: amount },
  ].map((line) => ({ ...line, journalId: `night-${orderId}-${day}`, orderId, businessDate: day, memo: 'test' }));
}

async function totalsAndLines(orderId: number) {
  const totals = rowsOf<{ account: string; net: string }>(
    await db.execute(sql`select account, net::text as net from income_totals where order_id = ${orderId}`),
  );
  const lines = rowsOf<{ account: string; net: string }>(
    await db.execute(sql`
      select account, sum(debit - credit)::text as net from ledger_entries
      where order_id = ${orderId} and account in ('interest_income', 'fee_income', 'penalty_income')
      group by account`),
  );
  const byAccount = (rows: { account: string; net: string }[]) =>
    Object.fromEntries(rows.filter((r) => Number(r.net) !== 0).map((r) => [r.account, Number(r.net)]));
  return { totals: byAccount(totals), lines: byAccount(lines) };
}

describe('what recognition reads of what a loan has booked', () => {
  it('a row per income account, however many nights the loan has been recognised', async () => {
    const old = await disbursedLoan('2026-06-01');
    const young = await disbursedLoan('2026-06-01');
    // Two hundred nights of recognition for one loan, one for the other.
    for (let day = 0; day < 200; day += 50)
      await db
        .insert(ledgerEntries)
        .values(Array.from({ length: 50 }, (_, n) => night(old, addDays('2026-06-01', day + n), 100)).flat());
    await db.insert(ledgerEntries).values(night(young, '2026-06-01', 100));
    expect((await totalsAndLines(old)).totals).toEqual({ interest_income: -20_000, fee_income: -20_000 });

    const oldRead = await rowsRead(bookedIncomeQuery(old, old + 1));
    const youngRead = await rowsRead(bookedIncomeQuery(young, young + 1));
    expect(oldRead).toBe(youngRead);
    expect(oldRead).toBeLessThanOrEqual(3);
    // The same measure of the sum recognition used to take over the ledger grows with the nights.
    const summed = (orderId: number) => sql`
      select account, sum(debit - credit) from ${ledgerEntries}
      where order_id = ${orderId} and account in ('interest_income', 'fee_income', 'penalty_income')
      group by account`;
    expect(await rowsRead(summed(old))).toBeGreaterThan(400);
    expect(await rowsRead(summed(young))).toBeLessThan(20);
  });

  it('the running totals follow lines inserted, changed and removed, whatever writes them', async () => {
    const orderId = await disbursedLoan('2026-07-01');
    await cob('2026-07-10');
    await db.insert(ledgerEntries).values(night(orderId, '2026-07-11', 250));
    await db
      .update(ledgerEntries)
      .set({ account: 'penalty_income' })
      .where(and(eq(ledgerEntries.journalId, `night-${orderId}-2026-07-11`), eq(ledgerEntries.account, 'fee_income')));
    await db
      .update(ledgerEntries)
      .set({ credit: 300 })
      .where(
        and(eq(ledgerEntries.journalId, `night-${orderId}-2026-07-11`), eq(ledgerEntries.account, 'interest_income')),
      );
    let books = await totalsAndLines(orderId);
    expect(books.totals.penalty_income).toBe(-250);
    expect(books.totals).toEqual(books.lines);
    await db.delete(ledgerEntries).where(eq(ledgerEntries.journalId, `night-${orderId}-2026-07-11`));
    books = await totalsAndLines(orderId);
    expect(books.totals.penalty_income ?? 0).toBe(0);
    expect(books.totals).toEqual(books.lines);
  });

  it('a total that no longer equals its lines, a lost one, or one on another account is a ledger problem', async () => {
    const orderId = await disbursedLoan('2026-07-01');
    await db.insert(ledgerEntries).values(night(orderId, '2026-07-11', 250));
    expect(await ledgerProblems(db, { orderIds: [orderId] })).toEqual([]);
    const { lines } = await totalsAndLines(orderId);
    expect(lines).toEqual({ interest_income: -250, fee_income: -250 });
    await db.execute(
      sql`update income_totals set net = net - 1 where order_id = ${orderId} and account = 'interest_income'`,
    );
    await db.execute(sql`delete from income_totals where order_id = ${orderId} and account = 'fee_income'`);
    await db.execute(sql`insert into income_totals (order_id, account, net) values (${orderId}, 'cash', 5)`);
    expect((await ledgerProblems(db, { orderIds: [orderId] })).sort()).toEqual(
      [
        `order ${orderId}: interest_income income total ${(lines.interest_income ?? 0) - 1} ≠ ledger ${lines.interest_income}`,
        `order ${orderId}: fee_income income total none ≠ ledger ${lines.fee_income}`,
        `order ${orderId}: cash income total 5 ≠ ledger 0`,
      ].sort(),
    );
    // The whole ledger's check finds them too; put back, nothing is left.
    expect((await ledgerProblems(db)).filter((p) => p.startsWith(`order ${orderId}:`))).toHaveLength(3);
    await db.execute(sql`delete from income_totals where order_id = ${orderId}`);
    await db.execute(sql`
      insert into income_totals (order_id, account, net)
      select order_id, account, sum(debit - credit) from ledger_entries
      where order_id = ${orderId} and account in ('interest_income', 'fee_income', 'penalty_income')
      group by order_id, account`);
    expect(await ledgerProblems(db, { orderIds: [orderId] })).toEqual([]);
  });
});
