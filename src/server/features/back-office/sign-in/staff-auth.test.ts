import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { Code } from '../../../../shared/codes';
import { auditLog, staff } from '../../../db/schema';
import { buildTestApp } from '../../../test/test-app';
import { ensureFirstAdmin } from '../staff/staff-service';
import { STAFF_PASSWORD, staffHeader } from '../../../test/staff-support';

const t = await buildTestApp();
const login = (email: string, password: string) =>
  t.app.inject({ method: 'POST', url: '/owner/admin/auth/login', payload: { email, password } });

describe('Staff sign-in (architecture.md: Back office)', () => {
  it('there is never a default account: a fresh system has no staff, and the first admin needs both settings', async () => {
    const fresh = await buildTestApp({ seed: false });
    const [{ count } = { count: -1 }] = await fresh.database.db
      .select({ count: sql<number>`count(*)::int` })
      .from(staff);
    expect(count).toBe(0);
    expect(await ensureFirstAdmin(fresh.database.db, 'boss@hiram.test', undefined)).toBeNull();
    const admin = await ensureFirstAdmin(fresh.database.db, 'boss@hiram.test', 'a long enough password');
    expect(admin).toMatchObject({ email: 'boss@hiram.test', roles: ['admin'] });
    // Only once: a second start leaves the accounts alone.
    expect(await ensureFirstAdmin(fresh.database.db, 'other@hiram.test', 'a long enough password')).toBeNull();
  });

  it('keeps passwords as argon2id hashes and signs in with the right one only', async () => {
    const header = await staffHeader(t, ['support'], 'desk@hiram.test');
    const [row] = await t.database.db.select().from(staff).where(eq(staff.email, 'desk@hiram.test'));
    expect(row?.passwordHash).toMatch(/^\$argon2id\$/);
    expect(row?.passwordHash).not.toContain(STAFF_PASSWORD);

    const wrong = (await login('desk@hiram.test', 'not the password')).json();
    const unknown = (await login('nobody@hiram.test', 'not the password')).json();
    expect(wrong.code).toBe(Code.FORBIDDEN);
    // An unknown e-mail answers exactly like a wrong password.
    expect(unknown).toEqual(wrong);

    const me = (await t.app.inject({ url: '/owner/admin/auth/me', headers: header })).json();
    expect(me.data).toMatchObject({ email: 'desk@hiram.test', roles: ['support'] });
    await t.app.inject({ method: 'POST', url: '/owner/admin/auth/logout', headers: header });
    expect((await t.app.inject({ url: '/owner/admin/auth/me', headers: header })).json().code).toBe(
      Code.SESSION_EXPIRED,
    );
  });

  it('a deactivated account cannot sign in and its sessions end', async () => {
    const admin = await staffHeader(t, ['admin']);
    const header = await staffHeader(t, ['credit'], 'leaver@hiram.test');
    const [row] = await t.database.db.select().from(staff).where(eq(staff.email, 'leaver@hiram.test'));
    const res = await t.app.inject({
      method: 'POST',
      url: '/owner/admin/staff/save',
      headers: admin,
      payload: { id: String(row?.id), email: 'leaver@hiram.test', name: 'Leaver', roles: 'credit', active: '0' },
    });
    expect(res.json()).toMatchObject({ code: 0, data: { active: false } });
    expect((await t.app.inject({ url: '/owner/admin/auth/me', headers: header })).json().code).toBe(
      Code.SESSION_EXPIRED,
    );
    expect((await login('leaver@hiram.test', STAFF_PASSWORD)).json().code).toBe(Code.FORBIDDEN);
  });

  it('creating an account needs a password of 12 characters or more; no password reaches the audit log', async () => {
    const admin = await staffHeader(t, ['admin']);
    const save = (payload: Record<string, string>) =>
      t.app.inject({ method: 'POST', url: '/owner/admin/staff/save', headers: admin, payload });
    expect((await save({ email: 'new@hiram.test', name: 'New', roles: 'finance' })).json()).toMatchObject({
      code: Code.BAD_REQUEST,
    });
    const short = (await save({ email: 'new@hiram.test', name: 'New', roles: 'finance', password: 'short' })).json();
    expect(short.code).toBe(Code.BAD_REQUEST);
    expect(short.message).toMatch(/12 characters/);
    expect(
      (
        await save({ email: 'new@hiram.test', name: 'New', roles: 'finance,cashier', password: 'long enough password' })
      ).json().code,
    ).toBe(Code.BAD_REQUEST);
    const ok = (
      await save({ email: 'new@hiram.test', name: 'New', roles: 'finance', password: 'long enough password' })
    ).json();
    // Finance is a money role: the account waits for a second admin before it holds it.
    expect(ok).toMatchObject({
      code: 0,
      data: { email: 'new@hiram.test', roles: [], pendingRoles: ['finance'], active: true },
    });
    const logged = JSON.stringify(await t.database.db.select().from(auditLog));
    expect(logged).toContain('new@hiram.test');
    expect(logged).not.toContain('long enough password');
    expect(logged).not.toContain(STAFF_PASSWORD);
  });
});
