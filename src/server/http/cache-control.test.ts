import { describe, expect, it } from 'vitest';
import { staffHeader } from '../test/staff-support';
import { uploadedUrl } from '../test/complaint-support';
import { authHeader, buildTestApp } from '../test/test-app';

const t = await buildTestApp();
const borrower = authHeader(await t.login('09170000001'));
const support = await staffHeader(t, ['support']);

const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

describe('Cache-Control on personal replies', () => {
  it('every reply to a borrower session says no-store, refusals included', async () => {
    const me = await get('/owner/v3/auth/me', borrower);
    expect(me.json().code).toBe(0);
    expect(me.headers['cache-control']).toBe('no-store');
    expect((await get('/owner/v3/auth/me')).headers['cache-control']).toBe('no-store');
    const list = await t.app.inject({ method: 'POST', url: '/owner/user-problem/problem-list', headers: borrower });
    expect(list.json().code).toBe('00');
    expect(list.headers['cache-control']).toBe('no-store');
  });

  it('staff replies and sign-in replies say no-store', async () => {
    const list = await get('/owner/admin/complaints/list', support);
    expect(list.json().code).toBe(0);
    expect(list.headers['cache-control']).toBe('no-store');
    expect((await get('/owner/admin/audit/list', support)).headers['cache-control']).toBe('no-store');
    const login = await t.app.inject({
      method: 'POST',
      url: '/owner/admin/auth/login',
      payload: { email: 'x@hiram.test', password: 'wrong' },
    });
    expect(login.headers['cache-control']).toBe('no-store');
  });

  it('a private picture and its thumbnail are no-store, for the borrower and for staff', async () => {
    const url = await uploadedUrl(t, borrower);
    for (const [address, headers] of [
      [url, borrower],
      [`${url}?size=thumb`, borrower],
      [url.replace('/owner/files/', '/owner/admin/files/'), support],
    ] as const) {
      const res = await get(address, headers);
      expect(res.statusCode, address).toBe(200);
      expect(res.headers['cache-control'], address).toBe('no-store');
    }
  });
});
