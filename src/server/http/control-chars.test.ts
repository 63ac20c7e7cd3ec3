import { count } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { Code } from '../../shared/codes';
import { complaints, contactMessages } from '../db/schema';
import { staffHeader } from '../test/staff-support';
import { authHeader, buildTestApp } from '../test/test-app';

const t = await buildTestApp();
const borrower = authHeader(await t.login('09170000001'));
const admin = await staffHeader(t, ['admin']);

const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });
const post = (url: string, body: Record<string, string>, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'POST',
    url,
    headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(body).toString(),
  });

function expectRefused(res: { statusCode: number; json(): unknown }, field: string) {
  expect(res.statusCode, JSON.stringify(res.json())).toBe(400);
  expect(res.json()).toMatchObject({
    code: Code.BAD_REQUEST,
    data: { field },
    message: `${field}: must not contain control characters`,
  });
}

describe('control characters in text inputs', () => {
  it('a NUL in a query, a body or a path answers 400 naming the field, never 500', async () => {
    expectRefused(await get('/owner/api/v2/youmi/promotion/track-visit?user_from=a%00b'), 'user_from');
    expectRefused(await get('/owner/api/v2/youmi/promotion/track-click?phone=0917%00'), 'phone');
    expectRefused(
      await post('/owner/v3/public/contact-message', {
        name: 'Ana',
        telephone: '09171234567',
        email: 'ana@example.com',
        remark: 'Hi\u0000',
      }),
      'remark',
    );
    expectRefused(
      await post('/owner/user-problem/problem-save', { problemType: '4', problemDetail: 'x\u0000y' }, borrower),
      'problemDetail',
    );
    expectRefused(await get('/owner/files/abc%00.jpg', borrower), 'name');
    expectRefused(await get('/owner/admin/audit/list?entity=%00', admin), 'entity');
    expectRefused(await get('/owner/admin/audit/list?entityId=1%00', admin), 'entityId');
    expect((await t.database.db.select({ n: count() }).from(contactMessages))[0]?.n).toBe(0);
  });

  it('other control characters are refused too: escape, backspace, DEL, and a line break in a query', async () => {
    for (const bad of ['\u001b[31m', 'a\bb', 'a\u007f', 'a\u0085']) {
      expectRefused(
        await post('/owner/user-problem/problem-save', { problemType: '4', problemDetail: bad }, borrower),
        'problemDetail',
      );
    }
    expectRefused(await get('/owner/api/v2/youmi/promotion/track-visit?user_from=a%0Ab'), 'user_from');
  });

  it('a multi-line text keeps its line breaks and tabs, and other scripts and emoji pass', async () => {
    const detail = 'First line\r\nSecond line\n\tindented — Salamat po 😀 ‮';
    const saved = await post('/owner/user-problem/problem-save', { problemType: '4', problemDetail: detail }, borrower);
    expect(saved.json().code, saved.body).toBe('00');
    const [row] = await t.database.db.select({ n: count() }).from(complaints);
    expect(row?.n).toBeGreaterThan(0);
  });
});
