import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { borrowers, otpCodes } from '../../db/schema';
import { buildTestApp } from '../../test/test-app';

const t = await buildTestApp();

const askCode = (phone: string, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'POST',
    url: '/owner/v3/auth/send-login-code',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    payload: new URLSearchParams({ phone }).toString(),
  });

async function latestText(phone: string): Promise<string> {
  const res = await t.app.inject({ method: 'GET', url: `/owner/dev/sms-outbox?phone=${phone}` });
  return res.json().data.messages[0].body as string;
}

const FILIPINO = /ang code mo sa Hiram para mag-log in/;
const ENGLISH = /is your Hiram code to log in/;

describe('architecture.md: Sessions, Languages: the sign-in code’s SMS in the language the page asked in', () => {
  it('a new phone asking from a Filipino page gets the code in Filipino', async () => {
    expect((await askCode('09171110001', { 'accept-language': 'fil' })).json().code).toBe(0);
    const text = await latestText('09171110001');
    expect(text).toMatch(FILIPINO);
    expect(text).not.toMatch(ENGLISH);
    expect(text).toMatch(/\d{6}/);
  });

  it('a new phone asking from an English page gets it in English', async () => {
    expect((await askCode('09171110002', { 'accept-language': 'en' })).json().code).toBe(0);
    const text = await latestText('09171110002');
    expect(text).toMatch(ENGLISH);
    expect(text).not.toMatch(FILIPINO);
  });

  it('the page’s language wins over the one the borrower last signed in with', async () => {
    await t.login('09171110003');
    await t.database.db.update(borrowers).set({ language: 'en' }).where(eq(borrowers.phone, '09171110003'));
    await t.database.db.delete(otpCodes).where(eq(otpCodes.phone, '09171110003'));
    expect((await askCode('09171110003', { 'accept-language': 'fil-PH,fil;q=0.9,en;q=0.8' })).json().code).toBe(0);
    expect(await latestText('09171110003')).toMatch(FILIPINO);
  });

  it('a request naming no language of ours gets the borrower’s stored language, else English', async () => {
    await t.login('09171110004');
    await t.database.db.update(borrowers).set({ language: 'fil' }).where(eq(borrowers.phone, '09171110004'));
    await t.database.db.delete(otpCodes).where(eq(otpCodes.phone, '09171110004'));
    expect((await askCode('09171110004', { 'accept-language': 'ja' })).json().code).toBe(0);
    expect(await latestText('09171110004')).toMatch(FILIPINO);
    expect((await askCode('09171110005')).json().code).toBe(0);
    expect(await latestText('09171110005')).toMatch(ENGLISH);
  });
});
