import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { Code } from '../../../../shared/codes';
import { manilaToday } from '../../../../shared/format/date';
import { OrderStatus } from '../../../../shared/order-status';
import { loanOrders } from '../../../db/schema';
import { addDays } from '../../../domain/loan';
import { postPayment } from '../../../money';
import { buildTestApp } from '../../../test/test-app';
import { csvRecords } from '../exports/parse-csv';
import { fieldChanges } from './audit-fields';
import { auditSentence } from './audit-sentences';
import { createStaff } from '../staff/staff-service';
import { STAFF_PASSWORD, signInStaff, staffHeader } from '../../../test/staff-support';

const t = await buildTestApp();
const admin = await staffHeader(t, ['admin']);
const support = await staffHeader(t, ['support']);
await createStaff(t.database.db, {
  email: 'cara@hiram.test',
  name: 'Cara Credit',
  roles: ['credit'],
  password: STAFF_PASSWORD,
});
const credit = { authorization: `Staff ${await signInStaff(t, 'cara@hiram.test')}` };

async function orderId(orderNo: string) {
  const [order] = await t.database.db
    .select({ id: loanOrders.id })
    .from(loanOrders)
    .where(eq(loanOrders.orderNo, orderNo));
  return String(order?.id);
}
interface Entry {
  id: number;
  actor: string;
  what: string;
  sentence: string;
  changes: { label: string; before: string | null; after: string }[];
}
async function search(filter: Record<string, string>, headers: Record<string, string> = admin) {
  const body = (await t.app.inject({ url: `/owner/admin/audit-log?${new URLSearchParams(filter)}`, headers })).json();
  return body as { code: number; message: string; data: { total: number; list: Entry[] } };
}

describe('the audit log read as sentences', () => {
  it('says who did what to which contract, and finds it by contract number, borrower and staff member', async () => {
    await t.app.inject({
      method: 'POST',
      url: '/owner/admin/loans/approve',
      headers: credit,
      payload: { orderId: await orderId('HRM00000080') },
    });
    await t.app.inject({
      method: 'POST',
      url: '/owner/admin/loans/reject',
      headers: credit,
      payload: { orderId: await orderId('HRM00000081'), reason: 'Income not shown' },
    });

    const byContract = (await search({ order: 'HRM00000080' })).data;
    expect(byContract.list.map((e) => e.sentence)).toEqual(['Cara Credit approved HRM00000080']);
    expect(byContract.list[0]?.changes).toEqual([
      { label: 'Status', before: 'Under review', after: 'Approved, disbursing' },
    ]);
    expect(byContract.list[0]?.what).toBe('approved a loan');

    const byBorrower = (await search({ borrower: 'Juan Dela Cruz' })).data.list.map((e) => e.sentence);
    expect(byBorrower).toEqual([
      'Cara Credit rejected HRM00000081: “Income not shown”',
      'Cara Credit approved HRM00000080',
    ]);
    expect((await search({ borrower: 'Maria Santos' })).data.list).toEqual([]);

    const byStaff = (await search({ staff: 'cara' })).data.list.map((e) => e.sentence);
    expect(byStaff).toEqual([
      'Cara Credit rejected HRM00000081: “Income not shown”',
      'Cara Credit approved HRM00000080',
      'Cara Credit signed in',
      'Cara Credit set up an authenticator app',
    ]);
  });

  it('pages through the log, newest first, with the total', async () => {
    const first = (await search({ pageSize: '2', page: '1' })).data;
    const second = (await search({ pageSize: '2', page: '2' })).data;
    expect(first.total).toBeGreaterThanOrEqual(4);
    expect(first.list).toHaveLength(2);
    expect(second.list).toHaveLength(2);
    const ids = [...first.list, ...second.list].map((e) => e.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    expect(new Set(ids).size).toBe(4);
  });

  it('is for admins', async () => {
    expect((await search({}, support)).code).toBe(Code.FORBIDDEN);
  });
});

describe('the audit log for money events, filtered and exported', () => {
  const finance = { authorization: '' };
  let reference = '';
  it('a reversal asked for reads as a sentence on its contract, found by contract, action and date', async () => {
    finance.authorization = (await staffHeader(t, ['finance'], 'fiona@hiram.test')).authorization;
    await createStaff(t.database.db, {
      email: 'fiona.f@hiram.test',
      name: 'Fiona Finance',
      roles: ['finance'],
      password: STAFF_PASSWORD,
    });
    const fiona = { authorization: `Staff ${await signInStaff(t, 'fiona.f@hiram.test')}` };
    const [running] = await t.database.db
      .select()
      .from(loanOrders)
      .where(eq(loanOrders.status, OrderStatus.REPAYING))
      .limit(1);
    reference = `AUDIT-REV-${Date.now()}`;
    const posted = await postPayment(
      t.database.db,
      { orderId: running!.id, provider: 'sandbox', reference, amount: 50_000, kind: 'repayment', postedBy: 'test' },
      manilaToday(),
    );
    const asked = await t.app.inject({
      method: 'POST',
      url: '/owner/admin/loans/reverse-payment',
      headers: fiona,
      payload: { paymentId: posted.paymentId, reason: 'Chargeback from the bank' },
    });
    expect(asked.json().code).toBe(0);

    const found = (await search({ order: running!.orderNo, action: 'operatorLoans.reversePayment' })).data;
    expect(found.total).toBe(1);
    expect(found.list[0]?.sentence).toBe(
      `Fiona Finance asked to reverse payment ${posted.paymentId} on ${running!.orderNo}: “Chargeback from the bank”`,
    );
    expect(found.list[0]?.what).toBe('asked to reverse a payment');
    expect(found.list[0]?.actor).toBe('Fiona Finance');
    expect(found.list[0]?.changes).toContainEqual({ label: 'Reason', before: null, after: 'Chargeback from the bank' });

    // Dates are Manila days: today finds it, a range that ended yesterday does not.
    const today = manilaToday();
    expect((await search({ action: 'operatorLoans.reversePayment', from: today, to: today })).data.total).toBe(1);
    expect((await search({ action: 'operatorLoans.reversePayment', to: addDays(today, -1) })).data.total).toBe(0);
    expect((await search({ staff: 'Fiona', action: 'operatorLoans.reversePayment' })).data.total).toBe(1);
    expect((await search({ staff: 'Cara', action: 'operatorLoans.reversePayment' })).data.total).toBe(0);
  });

  it('no sentence names an internal call, and refused calls are their own action', async () => {
    await t.app.inject({ url: '/owner/admin/audit-log', headers: support });
    const all = (await search({ pageSize: '100' })).data.list;
    for (const entry of all) {
      expect(entry.sentence).not.toMatch(/\b[a-z]+[A-Z][A-Za-z]*\.[a-z][A-Za-z]+\b/);
      expect(entry.what).not.toMatch(/\./);
      for (const c of entry.changes) expect(`${c.before ?? ''}${c.after}`).not.toMatch(/…$/);
    }
    const refused = (await search({ action: 'refused' })).data;
    expect(refused.total).toBeGreaterThanOrEqual(1);
    expect(refused.list[0]?.sentence).toMatch(/^support was refused: .* \(needs the admin or auditor role\)$/);
  });

  it('checks the filters: an action not on the list, a range that ends before it starts', async () => {
    expect((await search({ action: 'operatorLoans.nothing' })).code).toBe(Code.BAD_REQUEST);
    const backwards = await search({ from: '2026-02-01', to: '2026-01-01' });
    expect(backwards).toMatchObject({ code: Code.BAD_REQUEST, message: 'The range ends before it starts' });
  });

  it('exports what the filters find as CSV with a byte-order mark, for admins, and the download is audited', async () => {
    const url = `/owner/admin/audit-log/csv?${new URLSearchParams({ action: 'operatorLoans.reversePayment' })}`;
    const res = await t.app.inject({ url, headers: admin });
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect([...res.rawPayload.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const rows = csvRecords(res.body);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ Who: 'Fiona Finance', Action: 'asked to reverse a payment' });
    expect(rows[0]?.['When (Manila)']).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(rows[0]?.['What changed']).toContain('Reason: Chargeback from the bank');
    expect((await t.app.inject({ url, headers: finance })).json().code).toBe(Code.FORBIDDEN);
    const exported = (await search({ action: 'auditLog.export' })).data.list[0];
    expect(exported?.sentence).toMatch(/downloaded the audit log as CSV$/);
  });
});

describe('audit sentences', () => {
  const names = { staff: new Map([['cara@hiram.test', 'Cara Credit']]), orders: new Map([['80', 'HRM00000080']]) };
  const row = {
    id: 1,
    actor: 'cara@hiram.test',
    entity: 'order',
    entityId: '80',
    before: { status: 110 },
    at: new Date(),
  };
  it('reads a manual payment with its amount in pesos', () => {
    const after = { amount: 225_000, reference: 'BDO-1' };
    expect(auditSentence({ ...row, action: 'operatorLoans.manualPayment', after }, names)).toBe(
      'Cara Credit proposed a manual payment of ₱2,250.00 to HRM00000080 (reference BDO-1)',
    );
  });
  it('reads a refused sign-in and an action it does not know', () => {
    expect(auditSentence({ ...row, actor: 'x@y.test', action: 'staffAuth.loginFailed', after: null }, names)).toBe(
      'A sign-in as x@y.test was refused (wrong e-mail, password or code)',
    );
    // An action without words of its own still names no internal call.
    expect(auditSentence({ ...row, action: 'somethingNew.done', after: null }, names)).toBe(
      'Cara Credit made a change (HRM00000080)',
    );
  });
  it('lists only the fields that changed, each with its label', () => {
    expect(fieldChanges({ status: 21, dueDate: null }, { status: 110, dueDate: null })).toEqual([
      { label: 'Status', before: 'Under review', after: 'Approved, disbursing' },
    ]);
    expect(fieldChanges(null, { name: 'Cara' })).toEqual([{ label: 'Name', before: null, after: 'Cara' }]);
  });
  it('reads a call kept whole: pesos, percent, Manila times, labels, and nothing cut short', () => {
    const note = `Borrower says ${'the money arrived late, '.repeat(12)}and asks for a call`;
    const changes = fieldChanges(null, {
      input: { orderId: 80, amount: 123_456, serviceFeeBps: 250, note },
      reply: { status: 'requested', createdAt: '2026-11-27T15:05:00.000Z', roles: ['finance', 'admin'] },
    });
    expect(changes).toEqual([
      { label: 'Loan', before: null, after: '80' },
      { label: 'Amount', before: null, after: '₱1,234.56' },
      { label: 'Service fee', before: null, after: '2.5%' },
      { label: 'Note', before: null, after: note },
      { label: 'Result › Status', before: null, after: 'requested' },
      { label: 'Result › Created at', before: null, after: '2026-11-27 23:05:00 Manila' },
      { label: 'Result › Roles', before: null, after: 'finance, admin' },
    ]);
    for (const c of changes) expect(`${c.label}${c.after}`).not.toMatch(/…|[{}]/);
    expect(fieldChanges({ terms: { dailyInterestBps: 50 } }, { terms: { dailyInterestBps: 40 } })).toEqual([
      { label: 'Terms › Interest a day', before: '0.5% a day', after: '0.4% a day' },
    ]);
  });
});
