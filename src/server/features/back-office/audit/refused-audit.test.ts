import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { Code } from '../../../../shared/codes';
import { auditLog } from '../../../db/schema';
import { buildTestApp } from '../../../test/test-app';
import { staffHeader } from '../../../test/staff-support';

const t = await buildTestApp({ seed: false });
const credit = await staffHeader(t, ['credit'], 'credit-refused@hiram.test');
const admin = await staffHeader(t, ['admin'], 'admin-refused@hiram.test');

const refusals = () => t.database.db.select().from(auditLog).where(eq(auditLog.entity, 'refused'));

describe('refused staff calls in the audit log', () => {
  it('a call without the role (403) writes who, which call and when, without its input', async () => {
    const forbidden = await t.app.inject({ method: 'GET', url: '/owner/admin/audit/list', headers: credit });
    expect(forbidden.statusCode).toBe(403);
    const rows = (await refusals()).filter((r) => r.action === 'audit.list');
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      actor: 'credit-refused@hiram.test',
      action: 'audit.list',
      entity: 'refused',
      after: { code: Code.FORBIDDEN, needs: 'admin', has: ['credit'], method: 'GET', path: '/owner/admin/audit/list' },
    });
    expect(rows[0]?.staffId).toEqual(expect.any(Number));
    expect(rows[0]?.at).toBeInstanceOf(Date);
  });

  it('a call without a credential or with a dead token (401) is written as unknown, with the address', async () => {
    const none = await t.app.inject({
      method: 'POST',
      url: '/owner/admin/staff/save',
      remoteAddress: '203.0.113.7',
      payload: { name: 'x' },
    });
    expect(none.statusCode).toBe(401);
    const dead = await t.app.inject({
      method: 'GET',
      url: '/owner/admin/complaints/list',
      headers: { authorization: `Staff ${'x'.repeat(43)}` },
      remoteAddress: '203.0.113.8',
    });
    expect(dead.statusCode).toBe(401);
    const rows = await refusals();
    expect(rows.find((r) => r.action === 'staffAdmin.save')).toMatchObject({
      actor: 'unknown',
      staffId: null,
      after: { code: Code.SESSION_EXPIRED, credential: 'none', method: 'POST', ip: '203.0.113.7' },
    });
    expect(rows.find((r) => r.action === 'complaintsOperator.list')).toMatchObject({
      actor: 'unknown',
      after: { code: Code.SESSION_EXPIRED, credential: 'staff token not accepted', ip: '203.0.113.8' },
    });
    // The refused payload is not in the log.
    expect(JSON.stringify(rows)).not.toContain('"name":"x"');
  });

  it('an admin reads the refusals through the audit list', async () => {
    const list = (await t.app.inject({ url: '/owner/admin/audit/list?entity=refused', headers: admin })).json().data
      .list as unknown[];
    expect(list.length).toBeGreaterThanOrEqual(3);
  });
});
