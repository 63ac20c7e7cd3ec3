import { describe, expect, it } from 'vitest';
import { STAFF_ROLES, type StaffRole } from '../../../../shared/api/define-call';
import { Code } from '../../../../shared/codes';
import { API_BASE } from '../../../../shared/constants';
import { callsOf } from '../../../http/register-call';
import { buildTestApp } from '../../../test/test-app';
import { staffHeader } from '../../../test/staff-support';

/**
 * Role checks on every staff call, generated from one table — the contracts' `staffRole`
 * (src/shared/contracts). Each role signs in and tries every call: it is refused exactly where the
 * call needs another role, and nobody gets in without signing in.
 */
const t = await buildTestApp();
const staffCalls = callsOf(t.app).filter((call) => call.staffRole !== undefined && call.staffRole !== 'signedIn');
const headers = {} as Record<StaffRole, Record<string, string>>;
for (const role of STAFF_ROLES) headers[role] = await staffHeader(t, [role]);

function request(call: (typeof staffCalls)[number], header: Record<string, string>) {
  return t.app.inject({
    method: call.method,
    url: API_BASE + call.path,
    headers: header,
    ...(call.method === 'POST' ? { payload: {} } : {}),
  });
}

describe('Role matrix', () => {
  it('covers the operator calls of every desk (the auditor has no desk: it only reads, through the calls that name it)', () => {
    const roles = new Set(staffCalls.map((call) => call.staffRole));
    expect([...roles].sort()).toEqual(STAFF_ROLES.filter((role) => role !== 'auditor').sort());
    expect(staffCalls.length).toBeGreaterThanOrEqual(20);
  });

  const cases = staffCalls.flatMap((call) => STAFF_ROLES.map((role) => [call.name, role, call] as const));
  it.each(cases)('%s as %s', async (_name, role, call) => {
    const code = (await request(call, headers[role])).json().code;
    if (call.staffRole === role) expect(code).not.toBe(Code.FORBIDDEN);
    else expect(code).toBe(Code.FORBIDDEN);
  });

  it.each(staffCalls.map((call) => [call.name, call] as const))(
    '%s refuses a caller who has not signed in',
    async (_name, call) => {
      expect((await request(call, {})).json().code).toBe(Code.SESSION_EXPIRED);
      expect((await request(call, { authorization: 'Staff not-a-token' })).json().code).toBe(Code.SESSION_EXPIRED);
      // A borrower's session is no staff sign-in.
      expect((await request(call, { authorization: 'Session whatever' })).json().code).toBe(Code.SESSION_EXPIRED);
    },
  );

  it('support cannot approve a loan; credit can', async () => {
    const approve = staffCalls.find((call) => call.name === 'operatorLoans.approve');
    if (!approve) throw new Error('no approve call');
    expect((await request(approve, headers.support)).json().code).toBe(Code.FORBIDDEN);
    expect((await request(approve, headers.credit)).json().code).toBe(Code.BAD_REQUEST);
  });
});
