import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { authHeader, testConfig } from '../test/test-app';
import { createTestDatabase } from '../test/test-db';
import { loginAs } from '../reliability/sessions';

/**
 * Personal data and secrets through every way a request carries them (the address, the body,
 * headers, a malformed body the parser refuses), at the most talkative log level: none may reach
 * the log, while the lines that are written carry the request id.
 */
const lines: string[] = [];
const database = await createTestDatabase({ demo: true });
const app = await buildApp(testConfig({ LOG_LEVEL: 'trace' }), {
  db: database.db,
  serveWeb: false,
  logStream: { write: (line) => lines.push(line) },
});
await app.ready();
afterAll(async () => {
  await app.close();
  await database.close();
});

const PHONE = '09175550147';
const ID_NUMBER = 'PSN-4821-7730-1596';

const form = (body: Record<string, string>) => ({
  'content-type': 'application/x-www-form-urlencoded',
  payload: new URLSearchParams(body).toString(),
});

describe('the log holds no phone number, ID number or token', () => {
  it('whichever way a request carries them', async () => {
    const sent = form({ phone: PHONE });
    await app.inject({ method: 'POST', url: '/owner/v3/auth/send-login-code', ...sent, headers: sent });
    await app.inject({ method: 'GET', url: `/owner/dev/sms-outbox?phone=${PHONE}` });
    const token = await loginAs(app, database.db, PHONE);
    const session = authHeader(token);
    await app.inject({ method: 'GET', url: `/owner/v3/auth/me?sessionId=${token}` });
    await app.inject({ method: 'GET', url: '/owner/v3/auth/me', headers: { cookie: `hiram_session=${token}` } });
    const id = form({ section: 'public', idType: 'philsys', idNumber: ID_NUMBER, idPhoto: '', selfie: '' });
    const saved = await app.inject({
      method: 'POST',
      url: '/owner/v3/application/save',
      payload: id.payload,
      headers: { ...session, 'content-type': id['content-type'] },
    });
    expect(saved.statusCode).toBe(400);
    // In the address of a call that does not take them, and in a body the JSON parser refuses.
    await app.inject({
      method: 'GET',
      url: `/owner/v3/home/overview?idNumber=${ID_NUMBER}&mobile=${PHONE}`,
      headers: session,
    });
    const broken = await app.inject({
      method: 'POST',
      url: '/owner/v3/auth/send-login-code',
      headers: { 'content-type': 'application/json' },
      payload: `{"phone":"${PHONE}","idNumber":"${ID_NUMBER}","token":"${token}"`,
    });
    expect(broken.statusCode).toBe(400);

    const text = lines.join('');
    expect(lines.length).toBeGreaterThan(10);
    expect(text).toContain('/owner/v3/application/save');
    expect(text.includes(PHONE), 'the phone number is in the log').toBe(false);
    expect(text.includes(PHONE.slice(1)), 'the phone number is in the log').toBe(false);
    expect(text.includes(ID_NUMBER), 'the ID number is in the log').toBe(false);
    expect(text.includes(token), 'the session token is in the log').toBe(false);
    // Every line of a request carries its id.
    const requestLines = lines.map((l) => JSON.parse(l) as { req?: unknown; reqId?: string }).filter((l) => l.req);
    expect(requestLines.length).toBeGreaterThan(5);
    for (const line of requestLines) expect(line.reqId).toMatch(/^[0-9a-f-]{36}$/);
  });
});
