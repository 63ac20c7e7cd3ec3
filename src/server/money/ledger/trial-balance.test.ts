import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ledgerEntries } from '../../db/schema';
import { Code } from '../../../shared/codes';
import { addDays } from '../../domain/loan';
import { buildTestApp } from '../../test/test-app';
import { newBorrower } from '../../test/test-borrowers';
import { staffHeader } from '../../test/staff-support';
import { runCloseOfBusiness } from '../close/close-of-business';
import { decide, disburse, submitApplication } from '../loans/lifecycle';
import { postPayment } from '../posting/payment-posting';
import { trialBalance } from './trial-balance';

const t = await buildTestApp();
const db = t.database.db;
const finance = await staffHeader(t, ['finance']);
const support = await staffHeader(t, ['support']);
const day0 = '2026-06-01';

async function disbursedLoan(borrowerId: number) {
  const order = await submitApplication(db, { borrowerId, productId: 1, amount: 500_000 }, day0);
  await decide(db, order.id, { approve: true, actor: 'test' }, day0);
  await disburse(db, order.id, 'test', day0);
  return order.id;
}

describe('trial balance for any business date', () => {
  it('debits equal credits on every date, and a date shows only what was booked by its end', async () => {
    const orderId = await disbursedLoan(await newBorrower(db));
    await runCloseOfBusiness(db, addDays(day0, 10), { today: addDays(day0, 10) });
    await postPayment(
      db,
      {
        orderId,
        provider: 'sandbox',
        reference: 'TB-1',
        amount: 200_000,
        kind: 'repayment',
        postedBy: 'test',
        valueDate: addDays(day0, 20),
      },
      addDays(day0, 20),
    );
    const before = await trialBalance(db, addDays(day0, -1), addDays(day0, 20));
    const atDisbursal = await trialBalance(db, day0, addDays(day0, 20));
    const later = await trialBalance(db, addDays(day0, 20), addDays(day0, 20));
    for (const tb of [before, atDisbursal, later]) {
      expect(tb.balanced).toBe(true);
      expect(tb.totals.debit).toBe(tb.totals.credit);
    }
    const row = (tb: typeof later, account: string) => tb.rows.find((r) => r.account === account);
    const disbursedBefore = row(before, 'cash_disbursed')?.credit ?? 0;
    expect((row(atDisbursal, 'cash_disbursed')?.credit ?? 0) - disbursedBefore).toBe(485_000);
    expect((row(later, 'cash_collections')?.debit ?? 0) - (row(atDisbursal, 'cash_collections')?.debit ?? 0)).toBe(
      200_000,
    );
    expect(row(later, 'interest_income')).toMatchObject({ kind: 'income', label: 'Interest income' });
    // Assets first, then liabilities and income.
    const kinds = later.rows.map((r) => r.kind);
    expect(kinds.indexOf('asset')).toBeLessThan(kinds.indexOf('liability'));
    expect(kinds.lastIndexOf('asset')).toBeLessThan(kinds.indexOf('income'));
  });

  it('finance reads it over the API; a future or impossible date is a clear 400; other roles are refused', async () => {
    const ok = (await t.app.inject({ url: '/owner/admin/books/trial-balance', headers: finance })).json();
    expect(ok.code).toBe(0);
    expect(ok.data.balanced).toBe(true);
    const future = (
      await t.app.inject({ url: '/owner/admin/books/trial-balance?date=2999-01-01', headers: finance })
    ).json();
    expect(future.code).toBe(Code.BAD_REQUEST);
    expect(future.message).toContain('has not begun yet');
    const impossible = (
      await t.app.inject({ url: '/owner/admin/books/trial-balance?date=2026-02-31', headers: finance })
    ).json();
    expect(impossible.code).toBe(Code.BAD_REQUEST);
    const refused = await t.app.inject({ url: '/owner/admin/books/trial-balance', headers: support });
    expect(refused.json().code).not.toBe(0);
  });

  it('debits equal to credits are not enough: an invariant that fails is named, over the API too', async () => {
    const orderId = await disbursedLoan(await newBorrower(db));
    expect((await trialBalance(db, day0, addDays(day0, 1))).problems).toEqual([]);
    // What a reversal that lost a transfer's credit left behind: balanced, and wrong.
    await db.insert(ledgerEntries).values([
      {
        journalId: 'broken-1',
        orderId,
        businessDate: day0,
        account: 'credit_transfers',
        debit: 0,
        credit: 50_000,
        memo: 'test',
      },
      {
        journalId: 'broken-1',
        orderId,
        businessDate: day0,
        account: 'borrower_credit',
        debit: 50_000,
        credit: 0,
        memo: 'test',
      },
    ]);
    const tb = await trialBalance(db, day0, addDays(day0, 1));
    expect(tb.balanced).toBe(true);
    expect(tb.problems).toEqual(
      expect.arrayContaining([expect.stringContaining('credit applied between loans does not net to zero')]),
    );
    const api = (await t.app.inject({ url: `/owner/admin/books/trial-balance?date=${day0}`, headers: finance })).json();
    expect(api.data.problems.length).toBeGreaterThan(0);
    await db.delete(ledgerEntries).where(eq(ledgerEntries.journalId, 'broken-1'));
    expect((await trialBalance(db, day0, addDays(day0, 1))).problems).toEqual([]);
  });
});
