import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, describe, expect, it } from 'vitest';
import { migrationsFolder, rowsOf } from '../../db/client';

const TAG = '0033_income-totals';
const root = mkdtempSync(join(tmpdir(), 'hiram-income-totals-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** The migrations folder as it was before `TAG`: the same files, the journal cut before it. */
function migrationsBefore(tag: string): string {
  const folder = join(root, 'before');
  cpSync(migrationsFolder, folder, { recursive: true });
  const path = join(folder, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(path, 'utf8')) as { entries: { tag: string }[] };
  const at = journal.entries.findIndex((e) => e.tag === tag);
  expect(at).toBeGreaterThan(0);
  writeFileSync(path, JSON.stringify({ ...journal, entries: journal.entries.slice(0, at) }));
  return folder;
}

// Its own embedded database whichever the run's is: the point is a book migrated to the day before.
describe('the running income totals of a book that already has a ledger', () => {
  it('the migration builds each loan’s totals from the lines already there; later lines add to them', async () => {
    const client = new PGlite();
    const db = drizzle(client);
    try {
      await migrate(db, { migrationsFolder: migrationsBefore(TAG) });
      // Several statements at once: PGlite's exec (a prepared statement takes one).
      await client.exec(`
        insert into borrowers (id, phone, full_name) values (1, '09170000001', 'Old Book');
        insert into products (id, name, logo, terms) values (1, 'Old', '', '{}'::jsonb);
        insert into loan_orders (id, order_no, borrower_id, product_id, status, amount, term_days, periods)
        select g, 'OLD' || g, 1, 1, 170, 500000, 91, 1 from generate_series(1, 3) g;`);
      // Two loans with nights of recognition, one reversed in part; the third with none.
      await client.exec(`
        insert into ledger_entries (journal_id, order_id, business_date, account, debit, credit, memo)
        select 'n-' || o || '-' || d, o, date '2026-01-01' + d, a.account, a.debit, a.credit, 'old night'
        from generate_series(1, 2) o, generate_series(0, 29) d,
             (values ('unearned_interest', 75, 0), ('interest_income', 0, 75),
                     ('unearned_fees', 20, 0), ('fee_income', 0, 20)) as a(account, debit, credit);
        insert into ledger_entries (journal_id, order_id, business_date, account, debit, credit, memo)
        values ('rev-2', 2, '2026-02-01', 'interest_income', 150, 0, 'reversal'),
               ('rev-2', 2, '2026-02-01', 'unearned_interest', 0, 150, 'reversal'),
               ('pen-1', 1, '2026-02-01', 'penalty_income', 0, 33, 'penalty earned'),
               ('pen-1', 1, '2026-02-01', 'unearned_penalties', 33, 0, 'penalty earned');`);
      await migrate(db, { migrationsFolder });
      const totals = async () =>
        rowsOf<{ order_id: number; account: string; net: string }>(
          await db.execute(sql`select order_id, account, net::text as net from income_totals order by 1, 2`),
        ).map((r) => `${r.order_id} ${r.account} ${r.net}`);
      expect(await totals()).toEqual([
        '1 fee_income -600',
        '1 interest_income -2250',
        '1 penalty_income -33',
        '2 fee_income -600',
        '2 interest_income -2100',
      ]);
      await db.execute(sql`
        insert into ledger_entries (journal_id, order_id, business_date, account, debit, credit, memo)
        values ('n-3', 3, '2026-02-02', 'unearned_fees', 20, 0, 'new night'),
               ('n-3', 3, '2026-02-02', 'fee_income', 0, 20, 'new night'),
               ('n-1', 1, '2026-02-02', 'unearned_fees', 20, 0, 'new night'),
               ('n-1', 1, '2026-02-02', 'fee_income', 0, 20, 'new night');`);
      expect(await totals()).toEqual([
        '1 fee_income -620',
        '1 interest_income -2250',
        '1 penalty_income -33',
        '2 fee_income -600',
        '2 interest_income -2100',
        '3 fee_income -20',
      ]);
    } finally {
      await client.close();
    }
  }, 120_000);
});
