import { eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Code } from '../../../shared/codes';
import { rowsOf } from '../../db/client';
import { loanOrders, payments } from '../../db/schema';
import { addDays, balancesOf, bucketTotal } from '../../domain/loan';
import { buildTestApp } from '../../test/test-app';
import { runCloseOfBusiness } from '../close/close-of-business';
import { ledgerProblems } from '../ledger/ledger-check';
import { bringUpToDate, decide, disburse, submitApplication } from '../loans/lifecycle';
import { postPayment } from './payment-posting';
import { reversePayment } from './payment-reversal';
import { newBorrower } from '../../test/test-borrowers';
import { readLoanState } from '../loans/stored-state';

const t = await buildTestApp();
const db = t.database.db;
const day0 = '2026-01-05';
/** Product 1 lends for one 91-day term. */
const due = addDays(day0, 91);

async function disbursedLoan(amount = 500_000) {
  const order = await submitApplication(db, { borrowerId: await newBorrower(db), productId: 1, amount }, day0);
  await decide(db, order.id, { approve: true, actor: 'test' }, day0);
  await disburse(db, order.id, 'test', day0);
  return order.id;
}

async function orderOf(orderId: number) {
  const row = await db.query.loanOrders.findFirst({ where: eq(loanOrders.id, orderId) });
  if (!row?.loanState) throw new Error('no loan');
  return { ...row, state: readLoanState(row.loanState) };
}

/** What the ledger holds for one order, account by account. */
async function books(orderId: number): Promise<Record<string, number>> {
  const rows = rowsOf<{ account: string; net: string }>(
    await db.execute(
      sql`select account, sum(debit - credit)::text as net from ledger_entries where order_id = ${orderId} group by account having sum(debit - credit) <> 0 order by account`,
    ),
  );
  return Object.fromEntries(rows.map((r) => [r.account, Number(r.net)]));
}

const pay = (
  orderId: number,
  reference: string,
  amount: number,
  valueDate: string,
  kind: 'repayment' | 'extension' = 'repayment',
) => ({
  orderId,
  provider: 'sandbox',
  reference,
  amount,
  kind,
  postedBy: 'test',
  valueDate,
});

describe('value-dated posting: a payment counts on the day it was paid', () => {
  it('paid on the due date, confirmed the next morning after close of business: no penalties, settled', async () => {
    const orderId = await disbursedLoan();
    const { state } = await orderOf(orderId);
    const owed = balancesOf(state).principal + balancesOf(state).interest;
    await runCloseOfBusiness(db, addDays(due, 1), { today: addDays(due, 1) });
    const late = await orderOf(orderId);
    expect(late.status).toBe(180);
    // A day of late charges was booked (held under the late-penalty ceiling for this small loan).
    expect(late.state.owed.penalties).toBeGreaterThan(0);

    const posted = await postPayment(db, pay(orderId, 'VD-LATE-CONFIRM', owed, due), addDays(due, 1));
    expect(posted.orderStatus).toBe(200);
    const after = await orderOf(orderId);
    expect(after.state.owed.penalties).toBe(0);
    expect(after.state.late.charged).toBe(0);
    expect(bucketTotal(balancesOf(after.state))).toBe(0);
    expect(posted.allocation).toMatchObject({ penalties: 0, credit: 0 });
    expect((await books(orderId)).penalty_income ?? 0).toBe(0);
    expect(await ledgerProblems(db)).toEqual([]);
  });

  it('the same payment really made a day late keeps the penalties (the value date decides, not the arrival)', async () => {
    const orderId = await disbursedLoan();
    const { state } = await orderOf(orderId);
    const owed = balancesOf(state).principal + balancesOf(state).interest;
    const posted = await postPayment(db, pay(orderId, 'VD-REALLY-LATE', owed, addDays(due, 1)), addDays(due, 1));
    expect(posted.allocation.penalties).toBeGreaterThan(0);
    expect(posted.orderStatus).not.toBe(200);
  });

  it('two payments confirmed out of order end exactly as in order (state, allocations, books)', async () => {
    const inOrder = await disbursedLoan();
    const outOfOrder = await disbursedLoan();
    const first = { amount: 150_000, day: addDays(due, 10) };
    const second = { amount: 200_000, day: addDays(due, 40) };
    await postPayment(db, pay(inOrder, 'VD-IO-1', first.amount, first.day), first.day);
    await postPayment(db, pay(inOrder, 'VD-IO-2', second.amount, second.day), second.day);
    const today = addDays(due, 41);
    await postPayment(db, pay(outOfOrder, 'VD-OO-2', second.amount, second.day), today);
    await postPayment(db, pay(outOfOrder, 'VD-OO-1', first.amount, first.day), today);
    await bringUpToDate(db, inOrder, today);
    await bringUpToDate(db, outOfOrder, today);
    const [a, b] = [await orderOf(inOrder), await orderOf(outOfOrder)];
    expect(b.state).toEqual(a.state);
    expect(b.status).toBe(a.status);
    const allocations = async (orderId: number) =>
      (await db.select().from(payments).where(eq(payments.orderId, orderId)))
        .sort((x, y) => x.valueDate.localeCompare(y.valueDate))
        .map((p) => p.allocation);
    expect(await allocations(outOfOrder)).toEqual(await allocations(inOrder));
    // The figures of the worked example in docs/money.md §3.
    const parts = (await allocations(inOrder)).map((x) => ({
      penalties: x.penalties,
      interest: x.interest,
      principal: x.principal,
    }));
    expect(parts).toEqual([
      { penalties: 9_470, interest: 68_250, principal: 72_280 },
      { penalties: 21_386, interest: 0, principal: 178_614 },
    ]);
    expect({ principal: balancesOf(a.state).principal, penalties: balancesOf(a.state).penalties }).toEqual({
      principal: 249_106,
      penalties: 416,
    });
    expect(await books(outOfOrder)).toEqual(await books(inOrder));
    expect(await ledgerProblems(db)).toEqual([]);
  });

  it('refuses a value date after today, before disbursal, or not on the calendar, and writes nothing', async () => {
    const orderId = await disbursedLoan();
    for (const valueDate of [addDays(due, 2), addDays(day0, -1), '2026-02-31']) {
      const attempt = postPayment(db, pay(orderId, `VD-BAD-${valueDate}`, 10_000, valueDate), addDays(due, 1));
      await expect(attempt).rejects.toMatchObject({ code: Code.BAD_REQUEST, data: { field: 'valueDate' } });
    }
    expect(await db.select().from(payments).where(eq(payments.orderId, orderId))).toHaveLength(0);
  });

  it('a reference reused with another amount is a conflict, not a silent duplicate', async () => {
    const orderId = await disbursedLoan();
    await postPayment(db, pay(orderId, 'VD-REUSE', 10_000, day0), day0);
    await expect(postPayment(db, pay(orderId, 'VD-REUSE', 99_000, day0), day0)).rejects.toMatchObject({
      code: Code.CONFLICT,
    });
    const again = await postPayment(db, pay(orderId, 'VD-REUSE', 10_000, day0), day0);
    expect(again.duplicate).toBe(true);
    expect(await db.select().from(payments).where(eq(payments.orderId, orderId))).toHaveLength(1);
  });
});

describe('reversal: a payment taken back', () => {
  it('reopens a settled loan, returns every balance and books the cash going back out', async () => {
    const orderId = await disbursedLoan();
    const opened = await orderOf(orderId);
    const owed = balancesOf(opened.state).principal + balancesOf(opened.state).interest;
    const posted = await postPayment(db, pay(orderId, 'RV-1', owed, addDays(due, -1)), addDays(due, -1));
    expect(posted.orderStatus).toBe(200);
    const reversed = await reversePayment(
      db,
      { paymentId: posted.paymentId, reason: 'chargeback from the wallet', actor: 'test' },
      addDays(due, 2),
    );
    expect(reversed.duplicate).toBe(false);
    expect(reversed.orderStatus).toBe(180);
    const after = await orderOf(orderId);
    expect(after.state.paid).toEqual({ principal: 0, interest: 0 });
    expect((await books(orderId)).cash_collections ?? 0).toBe(0);
    const row = await db.query.payments.findFirst({ where: eq(payments.id, posted.paymentId) });
    expect(row).toMatchObject({ status: 'reversed', reversalReason: 'chargeback from the wallet', reversedBy: 'test' });
    const twice = await reversePayment(
      db,
      { paymentId: posted.paymentId, reason: 'again', actor: 'test' },
      addDays(due, 2),
    );
    expect(twice.duplicate).toBe(true);
    expect(await ledgerProblems(db)).toEqual([]);
  });

  it('refuses a reversal without a reason or of an unknown payment', async () => {
    await expect(
      reversePayment(db, { paymentId: 9_999_999, reason: 'why not', actor: 'test' }, day0),
    ).rejects.toMatchObject({ code: Code.NOT_FOUND });
    const orderId = await disbursedLoan();
    const posted = await postPayment(db, pay(orderId, 'RV-NOREASON', 10_000, day0), day0);
    await expect(
      reversePayment(db, { paymentId: posted.paymentId, reason: ' ', actor: 'test' }, day0),
    ).rejects.toMatchObject({ code: Code.BAD_REQUEST });
  });
});

describe('property: any arrival order of postings, reversals and closes of business ends as value-date order', () => {
  const paymentArb = fc.record({
    amount: fc.integer({ min: 5_000, max: 300_000 }),
    offset: fc.integer({ min: 0, max: 130 }),
  });
  it('same state, same allocations, same books; the ledger balances and nothing is posted twice', async () => {
    let run = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.array(paymentArb, { minLength: 1, maxLength: 4 }),
        fc.array(fc.nat(), { minLength: 4, maxLength: 4 }),
        fc.option(fc.nat(3), { nil: null }),
        fc.boolean(),
        async (list, shuffle, reverseIndex, withCob) => {
          run += 1;
          const today = addDays(day0, 131);
          const events = list.map((p, i) => ({ ...p, ref: `P${run}-${i}`, day: addDays(day0, p.offset) }));
          const reversed = reverseIndex !== null && reverseIndex < events.length ? events[reverseIndex] : undefined;
          // The reference: postings in value-date order, each on its own day, the reversed one left out.
          const expected = await disbursedLoan();
          for (const e of [...events]
            .filter((e) => e !== reversed)
            .sort((a, b) => a.day.localeCompare(b.day) || a.ref.localeCompare(b.ref))) {
            await postPayment(db, pay(expected, `${e.ref}x`, e.amount, e.day), e.day);
          }
          // The trial: the same payments confirmed in a shuffled order on the last day, one reversed afterwards.
          const actual = await disbursedLoan();
          if (withCob) await runCloseOfBusiness(db, addDays(due, 5), { today });
          const order = events.map((e, i) => ({ e, key: shuffle[i] ?? 0 })).sort((a, b) => a.key - b.key);
          const ids = new Map<string, number>();
          for (const { e } of order)
            ids.set(e.ref, (await postPayment(db, pay(actual, `${e.ref}y`, e.amount, e.day), today)).paymentId);
          if (reversed)
            await reversePayment(
              db,
              { paymentId: ids.get(reversed.ref) ?? 0, reason: 'provider refunded', actor: 'test' },
              today,
            );
          await bringUpToDate(db, expected, today);
          await bringUpToDate(db, actual, today);
          const [a, b] = [await orderOf(expected), await orderOf(actual)];
          expect(b.state).toEqual(a.state);
          expect(b.status).toBe(a.status);
          const { cash_collections: _ca, ...booksA } = await books(expected);
          const { cash_collections: _cb, ...booksB } = await books(actual);
          expect(booksB).toEqual(booksA);
          expect(_cb ?? 0).toBe(_ca ?? 0);
        },
      ),
      { numRuns: 6 },
    );
    expect(await ledgerProblems(db)).toEqual([]);
  });
});
