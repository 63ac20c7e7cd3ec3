import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { Code } from '../../../../shared/codes';
import { manilaToday } from '../../../../shared/format/date';
import { OrderStatus } from '../../../../shared/order-status';
import { loanOrders } from '../../../db/schema';
import { postPayment, reversePayment, trialBalance } from '../../../money';
import { buildTestApp } from '../../../test/test-app';
import { reportCsv } from '../exports/report-csv';
import { staffHeader } from '../../../test/staff-support';

const t = await buildTestApp();
const finance = await staffHeader(t, ['finance']);
const support = await staffHeader(t, ['support']);
const today = manilaToday();
const range = { from: '2000-01-01', to: today };
const run = async (report: string, headers = finance) =>
  (
    await t.app.inject({ url: `/owner/admin/reports/run?${new URLSearchParams({ report, ...range })}`, headers })
  ).json();

describe('reports for a date range', () => {
  it('collections come from the ledger: a reversed payment counts nowhere, and the totals tie to the trial balance', async () => {
    const db = t.database.db;
    const [running] = await db.select().from(loanOrders).where(eq(loanOrders.status, OrderStatus.REPAYING)).limit(1);
    const before = (await run('collections')).data.totals.total;
    const posted = await postPayment(
      db,
      {
        orderId: running!.id,
        provider: 'sandbox',
        reference: 'REPORT-REVERSED-1',
        amount: 100_000,
        kind: 'repayment',
        postedBy: 'test',
      },
      today,
    );
    expect((await run('collections')).data.totals.total).toBe(before + 100_000);
    await reversePayment(db, { paymentId: posted.paymentId, reason: 'chargeback', actor: 'test' }, today);
    const body = await run('collections');
    expect(body.code).toBe(0);
    expect(body.data.totals.total).toBe(before);
    expect(body.data.totals.reversals).toBeGreaterThanOrEqual(1);
    // Each report's totals are the trial balance's accounts for the same dates.
    const tb = await trialBalance(db, today, today);
    const balance = (account: string) => tb.rows.find((r) => r.account === account)?.balance ?? 0;
    expect(body.data.totals.total).toBe(balance('cash_collections'));
    expect((await run('disbursements')).data.totals.netProceeds).toBe(-balance('cash_disbursed'));
    const cash = (await run('cash')).data.totals;
    expect(cash.moneyIn).toBe(balance('cash_collections'));
    const whole = ((await run('par')).data.rows as { bucket: string; outstanding: number }[]).at(-1)!;
    expect(whole.outstanding).toBe(balance('principal_receivable'));
    expect((await run('ageing')).data.totals.outstanding).toBe(balance('principal_receivable'));
  });

  it('collections add up to the centavo, on screen and in the CSV', async () => {
    const body = await run('collections');
    const total = body.data.totals.total as number;
    const csv = await t.app.inject({
      url: `/owner/admin/reports/csv?${new URLSearchParams({ report: 'collections', ...range })}`,
      headers: finance,
    });
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['content-disposition']).toBe(
      `attachment; filename="hiram-collections-${range.from}-to-${range.to}.csv"`,
    );
    const lines = csv.body.trim().split('\r\n');
    expect(lines[0]).toBe('Business date,Payments,Reversed,Repayments,Extension fees,Collected');
    expect(lines).toHaveLength(body.data.rows.length + 2);
    expect(lines.at(-1)).toMatch(
      new RegExp(
        `^Total,${body.data.totals.payments},.*,${Math.floor(total / 100)}\\.${String(total % 100).padStart(2, '0')}$`,
      ),
    );
  });

  it('portfolio at risk counts the demo loans past due, each bucket inside the one before', async () => {
    const rows = (await run('par')).data.rows as { bucket: string; loans: number; outstanding: number }[];
    expect(rows.map((r) => r.bucket)).toEqual(['PAR 1', 'PAR 7', 'PAR 30', 'PAR 90', 'Whole portfolio']);
    expect(rows[0]?.loans).toBeGreaterThan(0);
    for (let i = 1; i < 4; i++) expect(rows[i]?.outstanding).toBeLessThanOrEqual(rows[i - 1]?.outstanding ?? 0);
    expect(rows[4]?.outstanding).toBeGreaterThanOrEqual(rows[0]?.outstanding ?? 0);
  });

  it('ageing splits the open portfolio by days past due, adding up to the whole portfolio of PAR', async () => {
    const ageing = (await run('ageing')).data;
    expect(ageing.rows.map((r: { bucket: string }) => r.bucket)).toEqual([
      'Not yet due',
      '1–7 days past due',
      '8–30 days past due',
      '31–90 days past due',
      'More than 90 days past due',
    ]);
    const whole = ((await run('par')).data.rows as { bucket: string; loans: number; outstanding: number }[]).at(-1)!;
    expect(ageing.totals).toEqual({ loans: whole.loans, outstanding: whole.outstanding });
    expect(
      ageing.rows
        .filter((r: { bucket: string; loans: number }) => r.bucket !== 'Not yet due')
        .reduce((n: number, r: { loans: number }) => n + r.loans, 0),
    ).toBeGreaterThan(0);
  });

  it('vintage: each month paid out, its principal repaid plus still out is what was lent, the same loans as the disbursements report', async () => {
    const vintage = (await run('vintage')).data;
    const disbursed = (await run('disbursements')).data.totals;
    expect(vintage.totals).toMatchObject({ loans: disbursed.loans, principal: disbursed.principal });
    for (const row of vintage.rows as {
      month: string;
      principal: number;
      repaid: number;
      outstanding: number;
      bad: number;
    }[]) {
      expect(row.month).toMatch(/^\d{4}-\d{2}$/);
      expect(row.repaid + row.outstanding, row.month).toBe(row.principal);
      expect(row.bad).toBeLessThanOrEqual(row.outstanding);
    }
  });

  it('applications, disbursements and complaints come back with their columns', async () => {
    const apps = (await run('applications')).data;
    expect(apps.totals.applications).toBeGreaterThanOrEqual(8);
    expect((await run('disbursements')).data.totals.loans).toBeGreaterThan(0);
    const complaints = (await run('complaints')).data.rows as { type: string; filed: number }[];
    expect(complaints.map((r) => r.type)).toContain('Repayment issue');
  });

  it('is for finance and admin only, and checks the range', async () => {
    expect((await run('collections', support)).code).toBe(Code.FORBIDDEN);
    const csv = await t.app.inject({
      url: `/owner/admin/reports/csv?${new URLSearchParams({ report: 'par', ...range })}`,
      headers: support,
    });
    expect(csv.json().code).toBe(Code.FORBIDDEN);
    const backwards = await t.app.inject({
      url: '/owner/admin/reports/run?report=par&from=2026-02-01&to=2026-01-01',
      headers: finance,
    });
    expect(backwards.json().code).toBe(Code.BAD_REQUEST);
  });
});

describe('report CSV', () => {
  it('starts with a byte-order mark, quotes commas and quotes, keeps formulas from running, and writes money as plain pesos', () => {
    const csv = reportCsv({
      title: 't',
      columns: [
        { key: 'a', title: 'Name', kind: 'text' },
        { key: 'm', title: 'Amount', kind: 'money' },
      ],
      rows: [
        { a: 'Dela Cruz, "Juan"', m: 225_001 },
        { a: '=HYPERLINK("x")', m: 5 },
      ],
      totals: { m: 225_006 },
    });
    // UTF-8 with a byte-order mark, so Excel reads ₱ and ñ as they are.
    expect(csv).toBe(
      '\uFEFFName,Amount\r\n"Dela Cruz, ""Juan""",2250.01\r\n"\'=HYPERLINK(""x"")",0.05\r\nTotal,2250.06\r\n',
    );
  });
});
