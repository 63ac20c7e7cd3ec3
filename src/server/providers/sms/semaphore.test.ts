import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { eq } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { smsOutbox } from '../../db/schema';
import { createTestDatabase } from '../../test/test-db';
import { semaphoreSuccess, startFakeSemaphore } from './fake-semaphore';
import { codeMessage } from './messages';
import { semaphoreSmsProvider } from './sms-provider';

const database = await createTestDatabase();
const fake = await startFakeSemaphore();
afterAll(async () => {
  await fake.close();
  await database.close();
});

const CODE = '493817';
let logs: string[] = [];
let waits: number[] = [];
const log = pino(
  { level: 'info' },
  new Writable({
    write(chunk, _enc, done) {
      logs.push(String(chunk));
      done();
    },
  }),
);

function provider(over: { baseUrl?: string; timeoutMs?: number } = {}) {
  return semaphoreSmsProvider(database.db, log, {
    apiKey: 'key-123',
    senderName: 'HIRAM',
    baseUrl: over.baseUrl ?? fake.baseUrl,
    timeoutMs: over.timeoutMs ?? 2000,
    retry: { sleep: async (ms) => void waits.push(ms), random: () => 1 },
  });
}

let phoneNo = 0;
const nextPhone = () => `0917555${String(++phoneNo).padStart(4, '0')}`;
const rowsFor = (phone: string) => database.db.select().from(smsOutbox).where(eq(smsOutbox.phone, phone));

async function sendCode(phone: string) {
  return provider().sendCode(phone, codeMessage('login', 'Hiram'), CODE);
}

beforeEach(() => {
  fake.requests.length = 0;
  logs = [];
  waits = [];
});

describe('Semaphore: success', () => {
  it('a code goes to /otp with the documented fields, our code in `code`, and the row keeps the id, the status and no code', async () => {
    const phone = nextPhone();
    await sendCode(phone);
    expect(fake.requests).toHaveLength(1);
    const [request] = fake.requests;
    expect(request!.path).toBe('/api/v4/otp');
    expect(request!.fields).toEqual({
      apikey: 'key-123',
      number: phone,
      sendername: 'HIRAM',
      code: CODE,
      message:
        '{otp} is your Hiram code to log in. It expires in 5 minutes. Never share it: Hiram staff will never ask for it.',
    });
    const [row] = await rowsFor(phone);
    expect(row).toMatchObject({ provider: 'semaphore', status: 'Pending', attempts: 1, lastError: null });
    expect(row!.providerMessageId).toMatch(/^\d+$/);
    expect(row!.body).not.toContain(CODE);
    expect(row!.body).toContain('code to log in');
    expect(logs.join('')).not.toContain(CODE);
  });

  it('a code with leading zeros, given back as a number, is still ours', async () => {
    const phone = nextPhone();
    await provider().sendCode(phone, codeMessage('repay', 'Hiram'), '004215');
    expect(fake.requests[0]!.fields.code).toBe('004215');
    expect((await rowsFor(phone))[0]).toMatchObject({ status: 'Pending', lastError: null });
  });

  it('a message without a code goes to /messages', async () => {
    const phone = nextPhone();
    await provider().send(phone, 'Your Hiram complaint was answered. Open the app to read it.');
    expect(fake.requests[0]!.path).toBe('/api/v4/messages');
    expect(fake.requests[0]!.fields.code).toBeUndefined();
    expect((await rowsFor(phone))[0]).toMatchObject({ status: 'Pending', attempts: 1 });
  });

  it('each purpose says what the code is for', () => {
    expect(codeMessage('register', 'Hiram')).toContain('to create your account');
    expect(codeMessage('repay', 'Hiram')).toContain('to confirm your repayment');
    // Semaphore silently drops a message that starts with "TEST".
    for (const purpose of ['login', 'register', 'repay'] as const)
      expect(codeMessage(purpose, 'Hiram')).toMatch(/^\{otp\} is/);
  });
});

describe('Semaphore: retries', () => {
  it('a 429 is tried again after its Retry-After', async () => {
    const phone = nextPhone();
    fake.answer({ status: 429, body: { message: 'Too Many Attempts.' }, headers: { 'Retry-After': '1' } });
    await sendCode(phone);
    expect(fake.requests).toHaveLength(2);
    expect(waits).toEqual([1000]);
    expect((await rowsFor(phone))[0]).toMatchObject({ status: 'Pending', attempts: 2, lastError: null });
  });

  it('a 429 asking for longer than a borrower waits ends the tries at once', async () => {
    const phone = nextPhone();
    fake.answer({ status: 429, body: { message: 'Too Many Attempts.' }, headers: { 'Retry-After': '40' } });
    await expect(sendCode(phone)).rejects.toMatchObject({ code: 50300 });
    expect(fake.requests).toHaveLength(1);
    expect((await rowsFor(phone))[0]).toMatchObject({ status: 'failed', attempts: 1 });
  });

  it('5xx replies are tried three times with growing waits, then the send is refused with 50300', async () => {
    const phone = nextPhone();
    fake.answer({ status: 500, body: {} }, { status: 502, body: 'Bad Gateway' }, { status: 503, body: {} });
    await expect(sendCode(phone)).rejects.toMatchObject({ code: 50300 });
    expect(fake.requests).toHaveLength(3);
    expect(waits).toEqual([400, 800]);
    expect((await rowsFor(phone))[0]).toMatchObject({ status: 'failed', attempts: 3, lastError: 'HTTP 503' });
  });

  it('a 5xx then a success is one message sent', async () => {
    const phone = nextPhone();
    fake.answer({ status: 503, body: {} });
    await sendCode(phone);
    expect((await rowsFor(phone))[0]).toMatchObject({ status: 'Pending', attempts: 2 });
  });

  it('a gateway that does not answer in time is tried again, and the timeouts are recorded', async () => {
    const phone = nextPhone();
    fake.answer('hang', 'hang', 'hang');
    await expect(
      provider({ timeoutMs: 150 }).sendCode(phone, codeMessage('login', 'Hiram'), CODE),
    ).rejects.toMatchObject({ code: 50300 });
    expect(fake.requests).toHaveLength(3);
    expect((await rowsFor(phone))[0]).toMatchObject({ status: 'failed', attempts: 3, lastError: 'timeout' });
  });

  it('a refused connection is tried again', async () => {
    const phone = nextPhone();
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const { port } = closed.address() as AddressInfo;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    await expect(
      provider({ baseUrl: `http://127.0.0.1:${port}/api/v4` }).sendCode(phone, codeMessage('login', 'Hiram'), CODE),
    ).rejects.toMatchObject({
      code: 50300,
    });
    expect((await rowsFor(phone))[0]).toMatchObject({
      status: 'failed',
      attempts: 3,
      lastError: 'network: ECONNREFUSED',
    });
  });
});

describe('Semaphore: refusals are final and logged without the code', () => {
  const refusals: [string, { status: number; body: unknown }, RegExp][] = [
    [
      'an invalid API key (401)',
      { status: 401, body: { message: 'Unauthenticated.' } },
      /^HTTP 401: message: Unauthenticated\.$/,
    ],
    [
      'a validation error with a 422',
      { status: 422, body: { number: ['The number format is invalid.'] } },
      /number: The number format is invalid/,
    ],
    [
      'a validation error with a 200',
      { status: 200, body: { sendername: ['The selected sendername is invalid.'] } },
      /^refused: sendername: The selected sendername is invalid\.$/,
    ],
    [
      'too few credits',
      {
        status: 200,
        body: ['Your current balance of 0 credits is not sufficient. This transaction requires 2 credits.'],
      },
      /not sufficient/,
    ],
    [
      'a message the gateway marks Failed',
      {
        status: 200,
        body: semaphoreSuccess('/api/v4/otp', { number: '09170000000', code: '1', message: 'x' }, 'Failed'),
      },
      /gateway status Failed/,
    ],
    [
      'an echo of the text with the code',
      { status: 400, body: { message: [`The message ${CODE} is your Hiram code is invalid.`] } },
      /••••••/,
    ],
  ];
  for (const [what, answer, error] of refusals) {
    it(what, async () => {
      const phone = nextPhone();
      fake.answer(answer);
      await expect(sendCode(phone)).rejects.toMatchObject({ code: 50300 });
      expect(fake.requests).toHaveLength(1);
      const [row] = await rowsFor(phone);
      expect(row).toMatchObject({ status: 'failed', attempts: 1 });
      expect(row!.lastError).toMatch(error);
      expect(row!.lastError).not.toContain(CODE);
      expect(logs.join('')).toContain('sms not sent');
      expect(logs.join('')).not.toContain(CODE);
    });
  }

  it('a reply with another code than ours is a failure (the borrower got a code we cannot check)', async () => {
    const phone = nextPhone();
    fake.answer({
      status: 200,
      body: semaphoreSuccess('/api/v4/otp', { number: phone, code: '111111', message: '{otp}' }),
    });
    await expect(sendCode(phone)).rejects.toMatchObject({ code: 50300 });
    expect((await rowsFor(phone))[0]).toMatchObject({
      status: 'failed',
      lastError: 'the gateway sent another code than ours',
    });
  });
});
