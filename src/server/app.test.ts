import { describe, expect, it } from 'vitest';
import { Code } from '../shared/codes';
import { buildTestApp } from './test/test-app';

const t = await buildTestApp();

describe('architecture.md: The wire contract wire contract', () => {
  it('answers an unknown call in the envelope', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/owner/v3/nope' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ code: Code.NOT_FOUND, data: null, message: 'No such call' });
  });

  it('refuses malformed input with an envelope naming the field, and writes nothing', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/owner/v3/auth/send-login-code',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'phone=12345',
    });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.code).toBe(Code.BAD_REQUEST);
    // The reader's message as it is: the field travels in data, never as a prefix.
    expect(body.message).toMatch(/^Enter a Philippine mobile number/);
    expect(body.data).toEqual({ field: 'phone' });
    const outbox = await t.app.inject({ method: 'GET', url: '/owner/dev/sms-outbox?phone=12345' });
    expect(outbox.json().code).toBe(Code.BAD_REQUEST);
  });

  it("no validator words reach a borrower: a field the page left out gets a sentence; the library's words go to data.detail", async () => {
    // The promotion page's SMS call without the picture captcha's sid.
    const res = await t.app.inject({
      method: 'POST',
      url: '/owner/api/v2/youmi/promotion/get-sms',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'phone=09175560001&capcode=abcd',
    });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.message).toBe(
      'Something on this page is missing or not filled in correctly. Please check it and try again.',
    );
    expect(body.message).not.toMatch(/Invalid input|expected|received|sid/);
    expect(body.data).toEqual({ field: 'sid', detail: expect.stringMatching(/^sid: Invalid input/) });
  });

  it('refuses a body in an unsupported encoding in the envelope', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/owner/v3/auth/send-login-code',
      headers: { 'content-type': 'application/xml' },
      payload: '<phone/>',
    });
    expect(res.statusCode).toBe(415);
    expect(res.json().code).toBe(Code.BAD_REQUEST);
  });

  it('sends the security headers', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/owner/v3/public/company' });
    expect(res.headers['referrer-policy']).toBe('no-referrer');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['strict-transport-security']).toMatch(/max-age=31536000/);
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("frame-ancestors 'self'");
    // Scripts of our own origin, and one inline script: the boot module, by its hash.
    expect(csp).toMatch(/script-src 'self' 'sha256-[\w+/]+=*'(;|$)/);
  });

  it('Refusals and unknown addresses carry the same security headers', async () => {
    const ok = await t.app.inject({ method: 'GET', url: '/owner/v3/public/company' });
    for (const url of ['/owner/no-such-call', '/owner/v3/personal-center/contact-kf-info']) {
      const res = await t.app.inject({ method: 'POST', url });
      expect(res.statusCode).toBeGreaterThanOrEqual(400);
      for (const name of [
        'content-security-policy',
        'strict-transport-security',
        'referrer-policy',
        'x-content-type-options',
        'x-frame-options',
      ]) {
        expect(res.headers[name], `${url} ${name}`).toBe(ok.headers[name]);
      }
    }
  });

  it('serves OpenAPI docs generated from the shared contracts', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/owner/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.paths['/owner/v3/auth/login'].post.operationId).toBe('auth.login');
    expect(doc.paths['/owner/v3/personal-center/contact-kf-info']).toBeDefined();
  });
});
