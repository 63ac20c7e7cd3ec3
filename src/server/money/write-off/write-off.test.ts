import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { Code } from '../../../shared/codes';
import { rowsOf } from '../../db/client';
import { loanOrders } from '../../db/schema';
import { addDays } from '../../domain/loan';
import { buildTestApp } from '../../test/test-app';
import { newBorrower } from '../../test/test-borrowers';
import { trialBalance } from '../ledger/trial-balance';
import { runCloseOfBusiness } from '../close/close-of-business';
import { ledgerProblems } from '../ledger/ledger-check';
import { decide, disburse, submitApplication } from '../loans/lifecycle';
import { postPayment } from '../posting/payment-posting';
import { approveWriteOff, rejectWriteOff, requestWriteOff } from './write-off';

const t = await buildTestApp();
const db = t.database.db;

async function disbursedLoan(day0: string) {
  const order = await submitApplication(db, { borrowerId: await newBorrower(db), productId: 1, amount: 500_000 }, day0);
  await decide(db, order.id, { approve: true, actor: 'test' }, day0);
  await disburse(db, order.id, 'test', day0);
  const row = await db.query.loanOrders.findFirst({ where: eq(loanOrders.id, order.id) });
  return { id: order.id, orderNo: row?.orderNo ?? '' };
}

async function books(orderId: number): Promise<Record<string, number>> {
  const rows = rowsOf<{ account: string; net: string }>(
    await db.execute(
      sql`select account, sum(debit - credit)::text as net from ledger_entries where order_id = ${orderId} group by account having sum(debit - credit) <> 0`,
    ),
  );
  return Object.fromEntries(rows.map((r) => [r.account, Number(r.net)]));
}

const day0 = '2026-01-12';
const due = addDays(day0, 91);

describe('write-off: a reason, a second finance user, and recoveries after it', () => {
  it('only an overdue loan, only with a second hand; the carrying amount goes to expense and income stops', async () => {
    const current = await disbursedLoan('2026-01-12');
    await expect(
      requestWriteOff(db, { orderNo: current.orderNo, reason: 'borrower unreachable', actor: 'maker' }),
    ).rejects.toMatchObject({ code: Code.CONFLICT });

    const loan = await disbursedLoan(day0);
    const late = addDays(due, 100);
    await runCloseOfBusiness(db, late, { today: late });
    const { request } = await requestWriteOff(db, {
      orderNo: loan.orderNo.toLowerCase(),
      reason: 'borrower unreachable for 100 days',
      actor: 'maker',
    });
    expect(request.status).toBe('pending');
    await expect(requestWriteOff(db, { orderNo: loan.orderNo, reason: 'again', actor: 'other' })).rejects.toMatchObject(
      { code: Code.CONFLICT },
    );
    await expect(approveWriteOff(db, { requestId: request.id, actor: 'maker' }, late)).rejects.toMatchObject({
      code: Code.FORBIDDEN,
    });
    expect((await books(loan.id)).write_off_expense).toBeUndefined();

    const before = await books(loan.id);
    const receivables = Object.entries(before)
      .filter(([a]) => a.endsWith('_receivable'))
      .reduce((s, [, v]) => s + v, 0);
    const unearned = Object.entries(before)
      .filter(([a]) => a.startsWith('unearned_'))
      .reduce((s, [, v]) => s + v, 0);
    const approved = await approveWriteOff(db, { requestId: request.id, actor: 'checker' }, late);
    expect(approved.request).toMatchObject({ status: 'approved', amount: receivables + unearned, businessDate: late });
    const again = await approveWriteOff(db, { requestId: request.id, actor: 'checker' }, late);
    expect(again.duplicate).toBe(true);
    const after = await books(loan.id);
    expect(after.write_off_expense).toBe(receivables + unearned);
    expect(after.loans_written_off).toBe(-(receivables + unearned));
    // 100 days late the loan is in non-accrual: its interest and penalties are all in suspense, so
    // the ₱5,000.00 principal is what is written off (₱4,850.00 paid out plus the ₱150.00 fee earned).
    expect(receivables + unearned).toBe(500_000);
    expect(before.fee_income).toBe(-15_000);

    // The next close of business bills penalties into suspense and recognises nothing.
    await runCloseOfBusiness(db, addDays(late, 1), { today: addDays(late, 1) });
    const next = await books(loan.id);
    for (const income of ['interest_income', 'fee_income', 'penalty_income']) expect(next[income]).toBe(after[income]);
    expect(next.penalties_receivable ?? 0).toBeGreaterThanOrEqual(after.penalties_receivable ?? 0);

    // ₱2,000 paid afterwards is a recovery: the allowance releases it as recovery income.
    await postPayment(
      db,
      {
        orderId: loan.id,
        provider: 'sandbox',
        reference: 'WO-REC-1',
        amount: 200_000,
        kind: 'repayment',
        postedBy: 'test',
        valueDate: addDays(late, 1),
      },
      addDays(late, 1),
    );
    const recovered = await books(loan.id);
    expect(recovered.recoveries_income).toBe(-200_000);
    expect(recovered.loans_written_off).toBe(-(receivables + unearned) + 200_000);
    expect(await ledgerProblems(db)).toEqual([]);
    expect((await trialBalance(db, addDays(late, 1), addDays(late, 1))).balanced).toBe(true);
  });

  it('a rejected write-off books nothing and cannot be approved', async () => {
    // After the first test's days: closed days stay closed, so this loan's days come later.
    const loan = await disbursedLoan('2026-05-13');
    const late = addDays('2026-05-13', 91 + 30);
    await runCloseOfBusiness(db, late, { today: late });
    const { request } = await requestWriteOff(db, {
      orderNo: loan.orderNo,
      reason: 'deceased, estate closed',
      actor: 'maker',
    });
    const rejected = await rejectWriteOff(db, {
      requestId: request.id,
      actor: 'checker',
      reason: 'ask for the certificate first',
    });
    expect(rejected.status).toBe('rejected');
    await expect(approveWriteOff(db, { requestId: request.id, actor: 'checker' }, late)).rejects.toMatchObject({
      code: Code.CONFLICT,
    });
    expect((await books(loan.id)).write_off_expense).toBeUndefined();
  });
});
