import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { createTestDatabase } from '../../test/test-db';
import { buildTestApp, testConfig } from '../../test/test-app';
import { CONTACT_MESSAGES_PER_HOUR, listContactMessages } from './contact-messages';

const t = await buildTestApp({ seed: false });
const URL = '/owner/v3/public/contact-message';

const valid = {
  name: 'Ana Reyes',
  telephone: '0917 556 3001',
  email: 'ana@example.com',
  remark: 'Can I borrow 5,000 for 91 days?',
};

function send(fields: Record<string, string>, ip = '203.0.113.10') {
  return t.app.inject({
    method: 'POST',
    url: URL,
    remoteAddress: ip,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(fields).toString(),
  });
}

describe('spec 000 §2 official site contact form (stored: architecture.md: Languages and departures)', () => {
  it('spec 000 §5: every field is required — an empty one gets "Please provide complete information!" and stores nothing', async () => {
    const before = (await listContactMessages(t.database.db, { limit: 10, offset: 0 })).total;
    for (const field of Object.keys(valid)) {
      const res = await send({ ...valid, [field]: '   ' }, '203.0.113.11');
      expect(res.json()).toMatchObject({ code: 40000, data: { field } });
      expect(res.json().message).toContain('Please provide complete information!');
      const missing = await send(
        Object.fromEntries(Object.entries(valid).filter(([k]) => k !== field)),
        '203.0.113.11',
      );
      expect(missing.json().code).toBe(40000);
    }
    expect((await listContactMessages(t.database.db, { limit: 10, offset: 0 })).total).toBe(before);
  });

  it('refuses a telephone that is not a Philippine mobile number and a malformed e-mail', async () => {
    const phone = await send({ ...valid, telephone: '12345' }, '203.0.113.12');
    expect(phone.json()).toMatchObject({ code: 40000, data: { field: 'telephone' } });
    expect(phone.json().message).toMatch(/Philippine mobile number/);
    const email = await send({ ...valid, email: 'ana@' }, '203.0.113.12');
    expect(email.json()).toMatchObject({ code: 40000, data: { field: 'email' } });
    expect(email.json().message).toMatch(/e-mail/);
    const long = await send({ ...valid, remark: 'x'.repeat(1001) }, '203.0.113.12');
    expect(long.json()).toMatchObject({ code: 40000, data: { field: 'remark' } });
  });

  it('stores a complete message (phone normalised to 09…) and the operators read it newest first', async () => {
    const res = await send({ ...valid, telephone: '+639175563002', remark: 'First question' }, '203.0.113.13');
    expect(res.json()).toMatchObject({ code: 0, message: 'success' });
    const second = await send({ ...valid, name: '  Ben Cruz ', remark: 'Second question' }, '203.0.113.13');
    expect(second.json().data.id).toBeGreaterThan(res.json().data.id);

    const page = await listContactMessages(t.database.db, { limit: 1, offset: 0 });
    expect(page.rows).toHaveLength(1);
    expect(page.rows[0]).toMatchObject({ name: 'Ben Cruz', phone: '09175563001', remark: 'Second question' });
    const next = await listContactMessages(t.database.db, { limit: 1, offset: 1 });
    expect(next.rows[0]).toMatchObject({ name: 'Ana Reyes', phone: '09175563002', ip: '203.0.113.13' });
    expect(next.total).toBe(page.total);
  });

  it(`limits one address to ${CONTACT_MESSAGES_PER_HOUR} messages an hour; other addresses are not affected`, async () => {
    const ip = '198.51.100.7';
    const replies = await Promise.all(
      Array.from({ length: CONTACT_MESSAGES_PER_HOUR + 3 }, (_, i) => send({ ...valid, remark: `burst ${i}` }, ip)),
    );
    const codes = replies.map((r) => r.json().code);
    expect(codes.filter((c) => c === 0)).toHaveLength(CONTACT_MESSAGES_PER_HOUR);
    expect(codes.filter((c) => c === 42900)).toHaveLength(3);
    const limited = replies.find((r) => r.json().code === 42900);
    expect(limited?.statusCode).toBe(429);
    expect(limited?.json().message).toMatch(/try again later/);
    const rows = (await listContactMessages(t.database.db, { limit: 200, offset: 0 })).rows;
    expect(rows.filter((r) => r.ip === ip)).toHaveLength(CONTACT_MESSAGES_PER_HOUR);
    expect((await send(valid, '198.51.100.8')).json().code).toBe(0);
  });
});

describe('spec 001 §2.3 developer test page is served only outside production', () => {
  // The SPA fallback needs a built page to serve: a one-file stand-in keeps this test independent of the build.
  const webDist = mkdtempSync(join(tmpdir(), 'hiram-web-'));
  writeFileSync(join(webDist, 'index.html'), '<!doctype html><div id="root"></div>');
  async function appFor(nodeEnv: 'production' | 'development') {
    const database = await createTestDatabase();
    const app = await buildApp(testConfig({ NODE_ENV: nodeEnv, WEB_DIST: webDist }), { db: database.db });
    afterAll(async () => {
      await app.close();
      await database.close();
    });
    return app;
  }

  it('production answers 404 for /testPreview (any spelling), and still serves the other pages', async () => {
    const app = await appFor('production');
    for (const url of ['/testPreview', '/testPreview?orderId=86', '/TESTPREVIEW/', '/%74estPreview']) {
      const res = await app.inject({ url });
      expect(res.statusCode, url).toBe(404);
      expect(res.json()).toMatchObject({ code: 40400 });
    }
    expect((await app.inject({ url: '/aboutUs' })).statusCode).toBe(200);
  });

  it('outside production /testPreview serves the app', async () => {
    const app = await appFor('development');
    const res = await app.inject({ url: '/testPreview' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('id="root"');
  });
});
