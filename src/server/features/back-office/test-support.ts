import type { StaffRole } from '../../../shared/api/define-call';
import type { TestApp } from '../../test/test-app';
import { createStaff } from './staff-service';

export const STAFF_PASSWORD = 'correct horse battery staple';

/** Creates a staff account with these roles and signs it in through the real call; returns its header. */
export async function staffHeader(t: TestApp, roles: StaffRole[], email = `${roles.join('-')}-${Math.random().toString(36).slice(2, 8)}@hiram.test`) {
  await createStaff(t.database.db, { email, name: roles.join(' '), roles, password: STAFF_PASSWORD });
  const res = await t.app.inject({ method: 'POST', url: '/owner/admin/auth/login', payload: { email, password: STAFF_PASSWORD } });
  const body = res.json();
  if (body.code !== 0) throw new Error(`staff login failed: ${res.body}`);
  return { authorization: `Staff ${body.data.token as string}` };
}
