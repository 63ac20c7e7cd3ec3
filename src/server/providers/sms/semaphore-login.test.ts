import { afterAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../test/test-app';
import { startFakeSemaphore } from './fake-semaphore';

const fake = await startFakeSemaphore();
afterAll(() => fake.close());
const t = await buildTestApp({
  env: {
    SMS_PROVIDER: 'semaphore',
    SEMAPHORE_API_KEY: 'key-abc',
    SEMAPHORE_SENDER_NAME: 'HIRAM',
    SEMAPHORE_BASE_URL: fake.baseUrl,
  },
});

const sendCode = (phone: string) =>
  t.app.inject({ method: 'POST', url: '/owner/v3/auth/send-login-code', payload: { phone } });

describe('login codes through Semaphore', () => {
  it('the borrower logs in with the code Semaphore delivered; the stored row and the reader never show it', async () => {
    const phone = '09170000001';
    expect((await sendCode(phone)).json().code).toBe(0);
    const sent = fake.requests.at(-1)!;
    expect(sent.path).toBe('/api/v4/otp');
    expect(sent.fields.message).toMatch(/^\{otp\} is your Hiram code to log in\./);
    const code = sent.fields.code!;
    expect(code).toMatch(/^\d{6}$/);

    const outbox = await t.app.inject({ method: 'GET', url: `/owner/dev/sms-outbox?phone=${phone}` });
    const body = outbox.json().data.messages[0].body as string;
    expect(body).toContain('code to log in');
    expect(body).not.toContain(code);

    const login = await t.app.inject({
      method: 'POST',
      url: '/owner/v3/auth/login',
      payload: { phone, smsCode: code },
    });
    expect(login.json().code).toBe(0);
  });

  it('a gateway that refuses answers 50300, and the borrower is told to try again', async () => {
    fake.answer({ status: 401, body: { message: 'Unauthenticated.' } });
    const res = await sendCode('09170000002');
    expect(res.statusCode).toBe(503);
    expect(res.json().code).toBe(50300);
  });
});
