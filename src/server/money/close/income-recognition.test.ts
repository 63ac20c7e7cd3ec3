import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/client';
import { loanOrders } from '../../db/schema';
import { addDays, type LoanQuote, serviceFeeEarned } from '../../domain/loan';
import { buildTestApp } from '../../test/test-app';
import { newBorrower } from '../../test/test-borrowers';
import { runCloseOfBusiness } from './close-of-business';
import { openingOf } from './income-recognition';
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
