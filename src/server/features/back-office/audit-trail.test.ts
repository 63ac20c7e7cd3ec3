import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { Code } from '../../../shared/codes';
import { loanOrders } from '../../db/schema';
import { buildTestApp } from '../../test/test-app';
import { auditChanges, auditSentence } from './audit-sentences';
import { createStaff } from './staff/staff-service';
import { STAFF_PASSWORD, signInStaff, staffHeader } from '../../test/staff-support';

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
async function search(filter: Record<string, string>, headers = admin) {
  const body = (await t.app.inject({ url: `/owner/admin/audit-log?${new URLSearchParams(filter)}`, headers })).json();
  return body as { code: number; data: { total: number; list: { id: number; sentence: string; changes: string[] }[] } };
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
    expect(byContract.list[0]?.changes).toEqual(['status: 21 → 110']);

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
      'Cara Credit posted a manual payment of ₱2,250.00 to HRM00000080 (reference BDO-1)',
    );
  });
  it('reads a refused sign-in and an action it does not know', () => {
    expect(auditSentence({ ...row, actor: 'x@y.test', action: 'staffAuth.loginFailed', after: null }, names)).toBe(
      'A sign-in as x@y.test was refused (wrong e-mail, password or code)',
    );
    expect(auditSentence({ ...row, action: 'somethingNew.done', after: null }, names)).toBe(
      'Cara Credit called somethingNew.done on HRM00000080',
    );
  });
  it('lists only the fields that changed', () => {
    expect(auditChanges({ status: 21, dueDate: null }, { status: 110, dueDate: null })).toEqual(['status: 21 → 110']);
    expect(auditChanges(null, { name: 'Cara' })).toEqual(['name: Cara']);
  });
});
