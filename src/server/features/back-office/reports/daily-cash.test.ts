import { describe, expect, it } from 'vitest';
import { Code } from '../../../../shared/codes';
import { manilaToday } from '../../../../shared/format/date';
import { eq } from 'drizzle-orm';
import { loanOrders, payRequests } from '../../../db/schema';
import { buildTestApp } from '../../../test/test-app';
import { newBorrower } from '../../../test/test-borrowers';
import {
  trialBalance,
  decide,
  disburse,
  submitApplication,
  postPayment,
  payoffOf,
  readLoanState,
} from '../../../money';
import { bindWallet, staffCall } from '../../../test/payout-support';
import { CASH_ACCOUNTS } from './daily-cash';
import { staffHeader } from '../../../test/staff-support';

const t = await buildTestApp();
const db = t.database.db;
const today = manilaToday();
const finance = await staffHeader(t, ['finance']);
const checker = await staffHeader(t, ['finance']);
const admin = await staffHeader(t, ['admin']);
const range = { report: 'cash', from: '2000-01-01', to: today };
const run = async (headers: Record<string, string>, query: Record<string, string> = range) =>
  (await t.app.inject({ url: `/owner/admin/reports/run?${new URLSearchParams(query)}`, headers })).json();

/** What the trial balance holds on the cash accounts at the end of today: debits less credits. */
async function ledgerCash() {
  const rows = (await trialBalance(db, today, today)).rows;
  const of = (account: string) => rows.find((r) => r.account === account)?.balance ?? 0;
  return {
    moneyIn: of('cash_collections'),
    disbursed: 0 - of('cash_disbursed'),
    refunds: 0 - of('cash_refunds_paid'),
    net: CASH_ACCOUNTS.reduce((sum, a) => sum + of(a), 0),
  };
}

describe('the daily cash view', () => {
  it('ties to the ledger to the centavo for the demo data plus a GCash payment and a refund made now', async () => {
    const borrowerId = await newBorrower(db, 'Cash Tester');
    await bindWallet(db, borrowerId, '09171239901', 'Cash Tester');
    const order = await submitApplication(db, { borrowerId, productId: 1, amount: 300_000 }, today);
    await decide(
      db,
      order.id,
      { approve: true, actor: 'credit@hiram.test', reason: 'Meets the lending rules.' },
      today,
    );
    await disburse(db, order.id, 'test', today);
    // Paid off with ₱25.00 too much, of which ₱10.00 is refunded.
    const row = (await db.query.loanOrders.findFirst({ where: eq(loanOrders.id, order.id) }))!;
    const paid = payoffOf(readLoanState(row.loanState)) + 2_500;
    await db.insert(payRequests).values({
      provider: 'sandbox',
      reference: `CASH-${order.id}`,
      orderId: order.id,
      borrowerId,
      channelNumber: 91001,
      kind: 'repayment',
      amount: paid,
      payCode: 'x',
      status: 'paid',
    });
    const before = (await run(finance)).data;
    await postPayment(
      db,
      {
        orderId: order.id,
        provider: 'sandbox',
        reference: `CASH-${order.id}`,
        amount: paid,
        kind: 'repayment',
        postedBy: 'test',
      },
      today,
    );
    const asked = await staffCall(t, '/admin/payouts/refund/request', finance, { orderId: order.id, amount: 1_000 });
    expect(await staffCall(t, '/admin/payouts/approve', checker, { payoutId: asked.data.payout!.id })).toMatchObject({
      code: 0,
      data: { payout: { status: 'succeeded' } },
    });

    const body = await run(finance);
    expect(body.code).toBe(0);
    const ledger = await ledgerCash();
    expect(body.data.totals).toMatchObject(ledger);
    expect(body.data.totals.moneyOut).toBe(ledger.disbursed + ledger.refunds);
    // Each day adds up: the sources to the money in, in less out to the net.
    const sources = body.data.columns.filter((c: { key: string }) => c.key.startsWith('in_'));
    for (const row of body.data.rows) {
      expect(sources.reduce((s: number, c: { key: string }) => s + row[c.key], 0)).toBe(row.moneyIn);
      expect(row.moneyIn - row.disbursed - row.refunds).toBe(row.net);
    }
    // The payment shows today, under its channel, as exactly its amount more.
    const todayRow = body.data.rows.find((r: { day: string }) => r.day === today);
    const earlier = before.rows.find((r: { day: string }) => r.day === today);
    expect(todayRow.in_gcash - (earlier?.in_gcash ?? 0)).toBe(paid);
    expect(todayRow.moneyIn - (earlier?.moneyIn ?? 0)).toBe(paid);
    expect(todayRow.refunds - (earlier?.refunds ?? 0)).toBe(1_000);
    expect(ledger.refunds).toBeGreaterThanOrEqual(1_000);
    expect(todayRow.disbursed).toBeGreaterThan(0);
    expect(body.data.columns.map((c: { title: string }) => c.title)).toContain('In: GCash');

    const csv = await t.app.inject({
      url: `/owner/admin/reports/csv?${new URLSearchParams(range)}`,
      headers: finance,
    });
    expect(csv.headers['content-disposition']).toBe(`attachment; filename="hiram-cash-2000-01-01-to-${today}.csv"`);
    const lines = csv.body.trim().split('\r\n');
    expect(lines).toHaveLength(body.data.rows.length + 2);
    expect(lines[0]).toContain('Money in,Disbursals paid out,Refunds paid,Money out,Net');
    const pesos = (c: number) =>
      `${c < 0 ? '-' : ''}${Math.floor(Math.abs(c) / 100)}.${String(Math.abs(c) % 100).padStart(2, '0')}`;
    expect(lines.at(-1)?.endsWith(`,${pesos(ledger.net)}`)).toBe(true);
  });

  it('a range gives only its business dates', async () => {
    const body = await run(admin, { report: 'cash', from: today, to: today });
    expect(body.code).toBe(0);
    expect(body.data.rows.map((r: { day: string }) => r.day)).toEqual([today]);
    const none = await run(finance, { report: 'cash', from: '2000-01-01', to: '2000-01-31' });
    expect(none.data).toMatchObject({ rows: [], totals: null });
  });

  it('is for finance and admin only, on screen and as CSV; a bad range changes nothing and says why', async () => {
    for (const roles of [['support'], ['credit'], ['collections']] as const) {
      const other = await staffHeader(t, [...roles]);
      expect((await run(other)).code).toBe(Code.FORBIDDEN);
      const csv = await t.app.inject({ url: `/owner/admin/reports/csv?${new URLSearchParams(range)}`, headers: other });
      expect(csv.json().code).toBe(Code.FORBIDDEN);
    }
    const anonymous = await t.app.inject({ url: `/owner/admin/reports/run?${new URLSearchParams(range)}` });
    expect(anonymous.statusCode).toBe(401);
    const backwards = await run(finance, { report: 'cash', from: today, to: '2000-01-01' });
    expect(backwards).toMatchObject({ code: Code.BAD_REQUEST, message: 'The range ends before it starts' });
  });
});
