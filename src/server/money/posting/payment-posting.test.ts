import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { Code } from '../../../shared/codes';
import { loanOrders, payments } from '../../db/schema';
import { addDays, balancesOf, type LoanState } from '../../domain/loan';
import { AppError } from '../../http/app-error';
import { buildTestApp } from '../../test/test-app';
import { decide, disburse, submitApplication } from '../loans/lifecycle';
import { ledgerProblems } from '../ledger/ledger-check';
import { postPayment } from './payment-posting';
import { newBorrower } from '../../test/test-borrowers';
import { readLoanState } from '../loans/stored-state';

const t = await buildTestApp();
const db = t.database.db;
const day0 = '2026-01-05';

async function disbursedLoan(productId = 1, amount = 500_000, borrowerId?: number) {
  const order = await submitApplication(
    db,
    { borrowerId: borrowerId ?? (await newBorrower(db)), productId, amount },
    day0,
  );
  await decide(db, order.id, { approve: true, actor: 'test' }, day0);
  await disburse(db, order.id, 'test', day0);
  return order.id;
}

async function stateOf(orderId: number): Promise<{ status: number; state: LoanState }> {
  const row = await db.query.loanOrders.findFirst({ where: eq(loanOrders.id, orderId) });
  return { status: row!.status, state: readLoanState(row!.loanState) };
}

describe('Payment posting', () => {
  it('posts the same provider reference once even when 100 arrive at once', async () => {
    const orderId = await disbursedLoan();
    const input = {
      orderId,
      provider: 'sandbox',
      reference: 'REF-100X',
      amount: 50_000,
      kind: 'repayment' as const,
      postedBy: 'test',
    };
    const results = await Promise.all(Array.from({ length: 100 }, () => postPayment(db, input, addDays(day0, 10))));
    expect(results.filter((r) => !r.duplicate)).toHaveLength(1);
    expect(new Set(results.map((r) => r.paymentId)).size).toBe(1);
    const rows = await db.select().from(payments).where(eq(payments.reference, 'REF-100X'));
    expect(rows).toHaveLength(1);
    expect(await ledgerProblems(db)).toEqual([]);
  });

  it('spec 001 §9: before maturity a payment goes to fees, interest, then principal', async () => {
    const orderId = await disbursedLoan();
    const { state } = await stateOf(orderId);
    const interest = balancesOf(state).interest;
    const res = await postPayment(
      db,
      {
        orderId,
        provider: 'sandbox',
        reference: 'REF-BM',
        amount: interest + 1_000,
        kind: 'repayment',
        postedBy: 'test',
      },
      addDays(day0, 20),
    );
    expect(res.allocation).toMatchObject({ interest, principal: 1_000, penalties: 0, credit: 0 });
    expect(await ledgerProblems(db)).toEqual([]);
  });

  it('settles a loan paid in full (→ 200) and keeps an overpayment as credit', async () => {
    const orderId = await disbursedLoan();
    const { state } = await stateOf(orderId);
    const b = balancesOf(state);
    const owed = b.principal + b.interest;
    const due = addDays(day0, 91);
    const res = await postPayment(
      db,
      {
        orderId,
        provider: 'sandbox',
        reference: 'REF-FULL',
        amount: owed + 2_500,
        kind: 'repayment',
        postedBy: 'test',
      },
      due,
    );
    expect(res.orderStatus).toBe(200);
    expect(res.allocation.credit).toBe(2_500);
    const after = await stateOf(orderId);
    expect(after.status).toBe(200);
    expect(after.state.credit).toBe(2_500);
    expect(await ledgerProblems(db)).toEqual([]);
  });

  it('spec 001 §9: a paid extension moves the due date one term past the payment day and returns the loan to 170', async () => {
    const orderId = await disbursedLoan();
    const due = addDays(day0, 91);
    // Overdue for 5 days: penalties and interest are due, plus the extension fee.
    const { state } = await stateOf(orderId);
    const { quoteExtension } = await import('../../domain/loan');
    const quote = quoteExtension(state, addDays(due, 5));
    if (!quote.allowed) throw new Error('extension should be allowed');
    const res = await postPayment(
      db,
      {
        orderId,
        provider: 'sandbox',
        reference: 'REF-EXT',
        amount: quote.delayAmount,
        kind: 'extension',
        postedBy: 'test',
      },
      addDays(due, 5),
    );
    expect(res.extended).toBe(true);
    const after = await db.query.loanOrders.findFirst({ where: eq(loanOrders.id, orderId) });
    expect(after?.status).toBe(170);
    // The 5 late days are penalised, so the new term counts from the payment day, not the old due date.
    expect(after?.dueDate).toBe(addDays(due, 5 + 91));
    expect(after?.extensions).toBe(1);
    expect(await ledgerProblems(db)).toEqual([]);
  });

  it('refuses a payment for an order that has no loan yet, and writes nothing', async () => {
    const order = await submitApplication(
      db,
      { borrowerId: await newBorrower(db), productId: 1, amount: 500_000 },
      day0,
    );
    const attempt = postPayment(
      db,
      { orderId: order.id, provider: 'sandbox', reference: 'REF-NO', amount: 100, kind: 'repayment', postedBy: 'test' },
      day0,
    );
    await expect(attempt).rejects.toMatchObject({ code: Code.CONFLICT });
    await expect(attempt).rejects.toBeInstanceOf(AppError);
    expect(await db.select().from(payments).where(eq(payments.reference, 'REF-NO'))).toHaveLength(0);
  });

  it('refuses a non-integer or non-positive amount', async () => {
    const orderId = await disbursedLoan();
    for (const amount of [0, -5, 10.5]) {
      await expect(
        postPayment(
          db,
          { orderId, provider: 'sandbox', reference: `REF-BAD${amount}`, amount, kind: 'repayment', postedBy: 'test' },
          day0,
        ),
      ).rejects.toMatchObject({ code: Code.BAD_REQUEST });
    }
  });
});
