import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { cobRuns, ledgerEntries, products } from '../../db/schema';
import { demoProducts } from '../../db/seed/demo-products';
import { addDays } from '../../domain/loan';
import { buildTestApp } from '../../test/test-app';
import { newBorrower } from '../../test/test-borrowers';
import { ledgerProblems } from '../ledger/ledger-check';
import { trialBalance } from '../ledger/trial-balance';
import { decide, disburse, submitApplication } from '../loans/lifecycle';
import { postPayment } from '../posting/payment-posting';
import { reversePayment } from '../posting/payment-reversal';
import { runCloseOfBusiness } from './close-of-business';

// A database of its own: the days this file closes are the only ones closed.
const t = await buildTestApp({ seed: false });
const db = t.database.db;
await db.insert(products).values(demoProducts.map((p) => ({ ...p, terms: { ...p.terms } })));

const day0 = '2026-11-01';
const closed = '2026-11-28';
const today = '2026-11-30';

async function disbursedLoan(): Promise<number> {
  const order = await submitApplication(db, { borrowerId: await newBorrower(db), productId: 1, amount: 500_000 }, day0);
  await decide(db, order.id, { approve: true, actor: 'test' }, day0);
  await disburse(db, order.id, 'test', day0);
  return order.id;
}

const balanceOn = async (date: string) => (await trialBalance(db, date, today)).rows;

describe('closed days stay closed', () => {
  it('a back-dated close of business changes nothing and says so; a closed day keeps its trial balance through a late payment and its reversal', async () => {
    const orderId = await disbursedLoan();
    // The first day ever closed is 11-28: the days before it were never closed, and stay so.
    const first = await runCloseOfBusiness(db, closed, { today });
    expect(first).toMatchObject({ outcome: 'done', lastClosed: closed, gapsClosed: [] });
    const before = { on20: await balanceOn('2026-11-20'), on28: await balanceOn(closed) };
    const lines = await db.select({ n: sql<number>`count(*)::int` }).from(ledgerEntries);

    // The finding: close of business for 11-20 after 11-28 booked income dated 11-20.
    const backDated = await runCloseOfBusiness(db, '2026-11-20', { today });
    expect(backDated.outcome).toBe('after-a-closed-day');
    expect(backDated.lastClosed).toBe(closed);
    expect(await db.select({ n: sql<number>`count(*)::int` }).from(ledgerEntries)).toEqual(lines);
    const again = await runCloseOfBusiness(db, closed, { today });
    expect(again.outcome).toBe('already-done');

    // A payment valued 11-25 confirmed on 11-28 (a closed day): posted on the open date, 11-29.
    const posted = await postPayment(
      db,
      {
        orderId,
        provider: 'sandbox',
        reference: 'CLOSED-1',
        amount: 100_000,
        kind: 'repayment',
        postedBy: 'test',
        valueDate: '2026-11-25',
      },
      closed,
    );
    const journals = async () =>
      db
        .selectDistinct({
          date: ledgerEntries.businessDate,
          valueDate: ledgerEntries.valueDate,
          cause: ledgerEntries.cause,
        })
        .from(ledgerEntries)
        .where(eq(ledgerEntries.paymentId, posted.paymentId));
    // Each journal names the event that caused it, its posting date and its value date.
    expect(await journals()).toEqual([
      { date: addDays(closed, 1), valueDate: '2026-11-25', cause: `payment:${posted.paymentId}` },
    ]);
    await reversePayment(db, { paymentId: posted.paymentId, reason: 'chargeback', actor: 'test' }, closed);
    expect(await journals()).toEqual(
      expect.arrayContaining([{ date: addDays(closed, 1), valueDate: closed, cause: `reversal:${posted.paymentId}` }]),
    );
    const [cob] = await db
      .selectDistinct({ cause: ledgerEntries.cause })
      .from(ledgerEntries)
      .where(eq(ledgerEntries.cause, `recognition:${closed}`));
    expect(cob?.cause).toBe(`recognition:${closed}`);
    expect(await balanceOn('2026-11-20')).toEqual(before.on20);
    expect(await balanceOn(closed)).toEqual(before.on28);
    expect(await ledgerProblems(db)).toEqual([]);
    expect(await db.select().from(cobRuns).where(eq(cobRuns.businessDate, '2026-11-20'))).toEqual([]);

    // Asking for a later date closes the days between first, in order.
    const later = await runCloseOfBusiness(db, today, { today });
    expect(later).toMatchObject({ outcome: 'done', lastClosed: today, gapsClosed: ['2026-11-29'] });
    expect(await balanceOn(closed)).toEqual(before.on28);
    expect(await ledgerProblems(db)).toEqual([]);
  });
});
