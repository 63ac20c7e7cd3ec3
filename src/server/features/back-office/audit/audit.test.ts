import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { Code } from '../../../../shared/codes';
import { auditLog, loanOrders } from '../../../db/schema';
import { buildTestApp } from '../../../test/test-app';
import { staffHeader } from '../../../test/staff-support';

const t = await buildTestApp();
const credit = await staffHeader(t, ['credit'], 'credit@hiram.test');
const admin = await staffHeader(t, ['admin'], 'admin@hiram.test');
const post = (url: string, headers: Record<string, string>, payload: Record<string, string>) =>
  t.app.inject({ method: 'POST', url: `/owner${url}`, headers, payload });

async function orderIn(status: number): Promise<number> {
  const [order] = await t.database.db
    .select({ id: loanOrders.id })
    .from(loanOrders)
    .where(eq(loanOrders.status, status))
    .limit(1);
  if (!order) throw new Error(`the demo data has no order in ${status}`);
  return order.id;
}

describe('Audit log: who, what, when, before and after; append-only', () => {
  it('an approval is written with the state before and after, and the staff member', async () => {
    const orderId = await orderIn(21);
    expect((await post('/admin/loans/approve', credit, { orderId: String(orderId) })).json()).toMatchObject({
      code: 0,
      data: { status: 110 },
    });
    const [entry] = await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'operatorLoans.approve'));
    expect(entry).toMatchObject({
      actor: 'credit@hiram.test',
      entity: 'order',
      entityId: String(orderId),
      before: { status: 21 },
      after: { status: 110 },
    });
    expect(entry?.at).toBeInstanceOf(Date);
    // Read back through the admin call, newest first.
    const list = (await t.app.inject({ url: '/owner/admin/audit/list?entity=order', headers: admin })).json().data.list;
    expect(list[0]).toMatchObject({ action: 'operatorLoans.approve', entityId: String(orderId) });
  });

  it('a refused call changes nothing and writes nothing', async () => {
    const before = await t.database.db.select({ n: sql<number>`count(*)::int` }).from(auditLog);
    const res = await post('/admin/loans/approve', credit, { orderId: '999999' });
    expect(res.json().code).toBe(Code.NOT_FOUND);
    expect(await t.database.db.select({ n: sql<number>`count(*)::int` }).from(auditLog)).toEqual(before);
  });

  it('the database refuses to change or remove an entry, even for the application', async () => {
    const refusal = (statement: ReturnType<typeof sql>) =>
      t.database.db.execute(statement).then(
        () => 'done',
        (err: Error & { cause?: Error }) => err.cause?.message ?? err.message,
      );
    expect(await refusal(sql`update audit_log set actor = 'someone else'`)).toMatch(/append-only/);
    expect(await refusal(sql`delete from audit_log`)).toMatch(/append-only/);
    expect(await refusal(sql`truncate audit_log`)).toMatch(/append-only/);
    expect((await t.database.db.select().from(auditLog)).length).toBeGreaterThan(0);
  });

  it('no call edits or deletes it: the only audit call reads', async () => {
    const routes = t.app.printRoutes({ commonPrefix: false });
    expect(routes).toContain('/owner/admin/audit/list (GET, HEAD)');
    expect(routes.match(/\/owner\/admin\/audit\/\S+/g)).toEqual(['/owner/admin/audit/list']);
  });
});
