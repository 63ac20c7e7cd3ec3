import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/client';
import { cobRuns, products } from '../../db/schema';
import { demoProducts } from '../../db/seed/demo-products';
import { addDays, type IsoDate } from '../../domain/loan';
import { buildTestApp } from '../../test/test-app';
import { newBorrower } from '../../test/test-borrowers';
import type { Journal } from '../ledger/journal';
import { decide, disburse, submitApplication } from '../loans/lifecycle';
import { type Tx, writeJournal, writeJournals } from '../loans/order-store';

// Runs on PGlite by default and on PostgreSQL when DATABASE_URL is set.
/** The last business date closed in this book: a journal asking for it or before is posted the day after. */
const CLOSED: IsoDate = '2026-09-15';

const t = await buildTestApp({ seed: false });
const db = t.database.db;
await db.insert(products).values(demoProducts.map((p) => ({ ...p, terms: { ...p.terms } })));
const orderIds: number[] = [];
for (let i = 0; i < 3; i++) {
  const order = await submitApplication(
    db,
    { borrowerId: await newBorrower(db), productId: 1, amount: 500_000 },
    CLOSED,
  );
  await decide(db, order.id, { approve: true, actor: 'test' }, CLOSED);
  await disburse(db, order.id, 'test', CLOSED);
  orderIds.push(order.id);
}
await db.insert(cobRuns).values({ businessDate: CLOSED, status: 'done' });

const ACCOUNTS = ['cash_collections', 'interest_receivable', 'interest_income', 'unearned_interest', 'penalty_income'];
/** A balanced journal: pairs of a debit and a credit of one amount, on any accounts, with any memo. */
const journal = fc.record({
  orderId: fc.constantFrom(...orderIds),
  businessDate: fc.constantFrom(addDays(CLOSED, -1), CLOSED, addDays(CLOSED, 1), addDays(CLOSED, 2)),
  pairs: fc.array(
    fc.record({
      debit: fc.constantFrom(...ACCOUNTS),
      credit: fc.constantFrom(...ACCOUNTS),
      amount: fc.integer({ min: 1, max: 50_000_000 }),
      memo: fc.string({ maxLength: 40 }),
    }),
    { maxLength: 4 },
  ),
});
type Drawn = {
  orderId: number;
  businessDate: IsoDate;
  pairs: { debit: string; credit: string; amount: number; memo: string }[];
};
const asJournal = (d: Drawn): Journal => ({
  journalId: randomUUID(),
  businessDate: d.businessDate,
  lines: d.pairs.flatMap((p) => [
    { account: p.debit, debit: p.amount, credit: 0, memo: p.memo },
    { account: p.credit, debit: 0, credit: p.amount, memo: `${p.memo} (credit)` },
  ]),
});

class Rollback extends Error {}
/** The lines a write leaves, read in its transaction, which is then rolled back. */
async function linesWrittenBy(write: (tx: Tx) => Promise<void>) {
  let lines: Record<string, unknown>[] = [];
  await db
    .transaction(async (tx) => {
      await write(tx);
      lines = rowsOf<Record<string, unknown>>(
        await tx.execute(sql`
          select journal_id, order_id, payment_id, business_date::text, value_date::text, cause, account,
                 debit::text, credit::text, memo
          from ledger_entries where cause = 'test-batch' order by id`),
      );
      throw new Rollback();
    })
    .catch((error: unknown) => {
      if (!(error instanceof Rollback)) throw error;
    });
  return lines;
}

describe('the ledger’s batch write', () => {
  it('writes exactly the lines, in order, that writing each journal in turn writes', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(journal, { maxLength: 12 }), async (drawn) => {
        const journals = drawn.map((d) => ({ orderId: d.orderId, journal: asJournal(d) }));
        const one = await linesWrittenBy(async (tx) => {
          for (const j of journals) await writeJournal(tx, j.orderId, j.journal, { cause: 'test-batch' });
        });
        const batch = await linesWrittenBy(async (tx) => {
          await writeJournals(tx, journals, { cause: 'test-batch' });
        });
        expect(batch).toEqual(one);
        expect(batch).toHaveLength(journals.reduce((n, j) => n + j.journal.lines.length, 0));
      }),
      { numRuns: 40 },
    );
  });

  it('refuses an unbalanced journal and writes none of the batch', async () => {
    const good = asJournal({
      orderId: orderIds[0]!,
      businessDate: addDays(CLOSED, 1),
      pairs: [{ debit: 'cash_collections', credit: 'interest_income', amount: 100, memo: 'good' }],
    });
    const bad: Journal = {
      journalId: randomUUID(),
      businessDate: addDays(CLOSED, 1),
      lines: [{ account: 'cash_collections', debit: 100, credit: 0, memo: 'bad' }],
    };
    await expect(
      linesWrittenBy(async (tx) => {
        await writeJournals(
          tx,
          [
            { orderId: orderIds[0]!, journal: good },
            { orderId: orderIds[1]!, journal: bad },
          ],
          { cause: 'test-batch' },
        );
      }),
    ).rejects.toThrow(`unbalanced journal for order ${orderIds[1]}`);
  });
});
