import { describe, expect, it } from 'vitest';
import { Code } from '../../../../shared/codes';
import { callsOf } from '../../../http/register-call';
import { buildTestApp } from '../../../test/test-app';
import { staffHeader } from '../../../test/staff-support';

/**
 * The auditor reads: the row exports, the audit log (on screen and as CSV) and the reports. Nothing
 * else: no money command, no desk that shows a borrower's personal details beyond the exports' rows.
 */
const t = await buildTestApp();
const auditor = await staffHeader(t, ['auditor'], 'aida.auditor@hiram.test');
const finance = await staffHeader(t, ['finance']);
const get = (url: string, headers = auditor) => t.app.inject({ url: `/owner${url}`, headers });
const range = 'from=2026-01-01&to=2026-01-31';

describe('the auditor role: read-only, the exports, the audit log and the reports', () => {
  it('downloads every row export, reads and downloads the audit log, runs the reports', async () => {
    for (const name of ['loans', 'payments', 'payouts', 'journal', 'trialBalance']) {
      const res = await get(`/admin/exports/csv?export=${name}&${range}`);
      expect(res.statusCode, name).toBe(200);
      expect(res.headers['content-type']).toContain('text/csv');
    }
    expect((await get('/admin/audit-log')).json()).toMatchObject({ code: 0 });
    const csv = await get('/admin/audit-log/csv');
    expect(csv.statusCode).toBe(200);
    expect(csv.body).toContain('downloaded the payouts export');
    expect((await get(`/admin/reports/run?report=par&${range}`)).json().code).toBe(0);
    expect((await get(`/admin/reports/csv?report=applications&${range}`)).statusCode).toBe(200);
  });

  it('is refused every call that needs a desk role: every money command, borrower search and lists with personal details', async () => {
    const deskCalls = callsOf(t.app).filter((c) => c.staffRole !== undefined && c.staffRole !== 'signedIn');
    expect(deskCalls.some((c) => c.name === 'payouts.approve')).toBe(true);
    for (const call of deskCalls) {
      const res = await t.app.inject({
        method: call.method,
        url: `/owner${call.path}`,
        headers: auditor,
        ...(call.method === 'POST' ? { payload: {} } : {}),
      });
      expect(res.json().code, call.name).toBe(Code.FORBIDDEN);
    }
  });

  it('the audit log stays closed to the desks that are not admin or auditor', async () => {
    expect((await get('/admin/audit-log', finance)).json().code).toBe(Code.FORBIDDEN);
    expect((await get('/admin/audit-log/csv', finance)).json().code).toBe(Code.FORBIDDEN);
  });
});
