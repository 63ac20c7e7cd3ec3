import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { Code } from '../../../../shared/codes';
import { auditLog, staff, staffRoleGrants } from '../../../db/schema';
import { buildTestApp } from '../../../test/test-app';
import { saveStaffThroughDesk, signInGiven, staffHeader } from '../../../test/staff-support';

const OPERATOR_TOKEN = 'role-grants-test-operator-token-0123456789';
const t = await buildTestApp({ seed: false, signInWait: async () => {}, env: { OPERATOR_TOKEN } });
const db = t.database.db;
const GIVEN = 'given by the admin 7 walnut';
const proposer = await staffHeader(t, ['admin'], 'proposer@hiram.test');
const second = await staffHeader(t, ['admin'], 'second@hiram.test');
let n = 0;

const post = (url: string, headers: Record<string, string>, payload: Record<string, string | number>) =>
  t.app
    .inject({ method: 'POST', url: `/owner/admin/${url}`, headers, payload })
    .then((r) => ({ status: r.statusCode, ...(r.json() as { code: number; message: string; data: never }) }));

/** A finance account asked for by the proposer, signed in by its owner; the grant still waiting. */
async function financeAsked() {
  const email = `finance-${n++}@hiram.test`;
  const saved = await saveStaffThroughDesk(t, proposer, {
    email,
    name: 'Fiona Finance',
    roles: 'support,finance',
    password: GIVEN,
    active: '1',
  });
  const [grant] = await db.select().from(staffRoleGrants).where(eq(staffRoleGrants.staffId, saved.id));
  const header = { authorization: `Staff ${await signInGiven(t, email, GIVEN)}` };
  return { saved, email, header, grantId: grant?.id ?? 0 };
}

/** A manual-payment approval with no such request: 403 without the finance role, 404 with it. */
const approvePayment = (header: Record<string, string>) =>
  post('loans/manual-payment/approve', header, { requestId: 999_999 });

const rolesOf = async (id: number) => (await db.query.staff.findFirst({ where: eq(staff.id, id) }))?.roles;

describe('granting a money role needs a second admin', () => {
  it('a finance account made by one admin approves no money until a second admin approves the grant', async () => {
    const { saved, header, grantId } = await financeAsked();
    expect(saved).toMatchObject({ roles: ['support'], pendingRoles: ['finance'] });
    const before = await approvePayment(header);
    expect(before.status).toBe(403);
    expect(before.message).toContain('finance');

    const listed = await t.app.inject({ url: '/owner/admin/staff/grants', headers: second });
    expect(listed.json().data.list).toEqual([
      expect.objectContaining({ id: grantId, staffId: saved.id, role: 'finance', proposedBy: 'proposer@hiram.test' }),
    ]);
    const approved = await post('staff/grant-approve', second, { id: grantId });
    expect(approved).toMatchObject({ code: 0, data: { id: saved.id, roles: ['support', 'finance'] } });
    const after = await approvePayment(header);
    expect(after.code).toBe(Code.NOT_FOUND);

    const audit = await db.select().from(auditLog).where(eq(auditLog.entity, 'staffRoleGrant'));
    expect(audit).toEqual([
      expect.objectContaining({
        action: 'staffAdmin.approveGrant',
        actor: 'second@hiram.test',
        entityId: String(grantId),
        after: expect.objectContaining({ status: 'approved', role: 'finance' }),
      }),
    ]);
    const made = await db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, String(saved.id)));
    expect(made.find((row) => row.action === 'staffAdmin.save')?.after).toMatchObject({ pendingRoles: ['finance'] });
  });

  it('the proposer can neither approve nor reject their own grant, nor can the member it is for', async () => {
    const { saved, header, grantId } = await financeAsked();
    expect(await post('staff/grant-approve', proposer, { id: grantId })).toMatchObject({ status: 403 });
    expect(await post('staff/grant-reject', proposer, { id: grantId, reason: 'mine' })).toMatchObject({ status: 403 });
    // The member is no admin: the call itself is refused.
    expect(await post('staff/grant-approve', header, { id: grantId })).toMatchObject({ status: 403 });
    expect(await rolesOf(saved.id)).toEqual(['support']);
  });

  it('an admin cannot approve a money role another admin asked for them', async () => {
    const email = `lifted-${n++}@hiram.test`;
    const lifted = await staffHeader(t, ['admin', 'support'], email);
    const [row] = await db.select().from(staff).where(eq(staff.email, email));
    const id = row?.id ?? 0;
    // A second admin asks finance for this admin; the admin it is for may not approve it.
    await saveStaffThroughDesk(t, second, { id, email, name: 'Lifted', roles: 'admin,support,finance', active: '1' });
    const [grant] = await db.select().from(staffRoleGrants).where(eq(staffRoleGrants.staffId, id));
    expect(await post('staff/grant-approve', lifted, { id: grant?.id ?? 0 })).toMatchObject({ status: 403 });
    expect(await rolesOf(id)).toEqual(['admin', 'support']);
  });

  it('a rejected grant leaves no role, keeps the reason and is audited', async () => {
    const { saved, header, grantId } = await financeAsked();
    const rejected = await post('staff/grant-reject', second, { id: grantId, reason: 'Not in the finance team' });
    expect(rejected).toMatchObject({ code: 0, data: { id: grantId, status: 'rejected' } });
    expect(await rolesOf(saved.id)).toEqual(['support']);
    expect((await approvePayment(header)).status).toBe(403);
    const [grant] = await db.select().from(staffRoleGrants).where(eq(staffRoleGrants.id, grantId));
    expect(grant).toMatchObject({ status: 'rejected', rejectReason: 'Not in the finance team' });
    expect(await post('staff/grant-approve', second, { id: grantId })).toMatchObject({ code: Code.CONFLICT });
    const audit = await db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, String(grantId)));
    expect(audit.map((row) => row.action)).toContain('staffAdmin.rejectGrant');
  });

  it('removing finance applies at once, without a second admin', async () => {
    const { saved, email, header, grantId } = await financeAsked();
    await post('staff/grant-approve', second, { id: grantId });
    expect((await approvePayment(header)).code).toBe(Code.NOT_FOUND);
    const removed = await saveStaffThroughDesk(t, proposer, {
      id: saved.id,
      email,
      name: 'Fiona Finance',
      roles: 'support',
      active: '1',
    });
    expect(removed).toMatchObject({ roles: ['support'], pendingRoles: [] });
    expect((await approvePayment(header)).status).toBe(403);
  });

  it('adding finance to an existing account waits too, and saving again asks once', async () => {
    const email = `support-${n++}@hiram.test`;
    const made = await saveStaffThroughDesk(t, proposer, {
      email,
      name: 'Sam',
      roles: 'support',
      password: GIVEN,
      active: '1',
    });
    expect(made).toMatchObject({ roles: ['support'], pendingRoles: [] });
    const change = { id: made.id, email, name: 'Sam', roles: 'support,finance', active: '1' };
    expect(await saveStaffThroughDesk(t, proposer, change)).toMatchObject({
      roles: ['support'],
      pendingRoles: ['finance'],
    });
    await saveStaffThroughDesk(t, proposer, change);
    expect(await db.select().from(staffRoleGrants).where(eq(staffRoleGrants.staffId, made.id))).toHaveLength(1);
  });

  it('two approvals at once grant the role once', async () => {
    const { saved, grantId } = await financeAsked();
    const third = await staffHeader(t, ['admin']);
    const answers = await Promise.all([
      post('staff/grant-approve', second, { id: grantId }),
      post('staff/grant-approve', third, { id: grantId }),
    ]);
    expect(answers.map((a) => a.code).sort()).toEqual([0, Code.CONFLICT].sort());
    expect(await rolesOf(saved.id)).toEqual(['support', 'finance']);
    const audit = await db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, String(grantId)));
    expect(audit.filter((row) => row.action === 'staffAdmin.approveGrant')).toHaveLength(1);
  });

  it('the operator token can neither approve nor reject a grant', async () => {
    const { grantId } = await financeAsked();
    const operator = { authorization: `Operator ${OPERATOR_TOKEN}` };
    expect(await post('staff/grant-approve', operator, { id: grantId })).toMatchObject({ status: 403 });
    expect(await post('staff/grant-reject', operator, { id: grantId, reason: 'x' })).toMatchObject({ status: 403 });
  });
});
