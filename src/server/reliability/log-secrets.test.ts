import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { seedProducts } from '../db/seed/seed-products';
import { orderFor } from '../test/orders';
import { testConfig } from '../test/test-app';
import { createTestDatabase } from '../test/test-db';
import { loginAs } from './sessions';

/**
 * Logs: a full journey logged at the most talkative level, then searched for what must
 * never be written — session tokens, one-time codes, passwords, full account numbers.
 */
const lines: string[] = [];
const database = await createTestDatabase();
await seedProducts(database.db);
// A borrower with a due loan, paid out to their GCash wallet.
const { phone: PHONE } = await orderFor(database.db, 'disbursed', { daysAgo: 89, fullName: 'Rosa Legaspi' });
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

const form = (body: Record<string, string | number>) => ({
  'content-type': 'application/x-www-form-urlencoded',
  payload: new URLSearchParams(Object.entries(body).map(([k, v]) => [k, String(v)])).toString(),
});

async function post(url: string, token: string, body: Record<string, string | number>) {
  const { payload, ...type } = form(body);
  const res = await app.inject({
    method: 'POST',
    url,
    payload,
    headers: { ...type, authorization: `Session ${token}` },
  });
  return res.json();
}

describe('The logs of a whole journey hold no secret', () => {
  it('sign-in, bank binding, a complaint and a confirmed card repayment leave no token, code or account number in the logs', async () => {
    const secrets: string[] = [];
    const token = await loginAs(app, database.db, PHONE);
    secrets.push(token);
    const outbox = await app.inject({ method: 'GET', url: `/owner/dev/sms-outbox?phone=${PHONE}` });
    for (const m of outbox.json().data.messages as { body: string }[]) secrets.push(...(m.body.match(/\d{6}/g) ?? []));

    // The session also travels in the query (spec 000 §1): it must not reach the request log either.
    await app.inject({ method: 'GET', url: `/owner/v3/auth/me?sessionId=${token}` });

    const accountNo = '7788990011';
    const bound = await post('/owner/v3/bind-card/bind-card-new', token, {
      product_id: 2,
      cardType: 2,
      bankCode: 'BPI',
      bankAccountNo: accountNo,
      bankCity: 'Makati City',
      accountName: 'Rosa Legaspi',
      birthDate: '1990-02-03',
    });
    expect(bound.code, JSON.stringify(bound)).toBe(0);
    secrets.push(accountNo);

    const complaint = await post('/owner/user-problem/problem-save', token, {
      problemType: 2,
      problemDetail: 'Checking that my logs stay clean.',
    });
    expect(complaint.code).toBe('00');

    const way = await post('/owner/service/loan/repayment-way', token, { orderId: 0 + (await orderOf(token)) });
    const card = way.data.bankCards.at(-1) as { id: number; bankName: string; cardNo: string; bankCode: string };
    const commit = await post('/owner/service/loan/repayment-commit', token, {
      orderId: await orderOf(token),
      amount: way.data.amountDue,
      bankName: card.bankName,
      cardId: card.id,
      cardNo: card.cardNo,
      repayToken: way.data.repayToken,
      bankCode: card.bankCode,
      sendMsg: 1,
    });
    expect(commit.code, JSON.stringify(commit)).toBe(0);
    secrets.push(way.data.repayToken);
    const codes = await app.inject({ method: 'GET', url: `/owner/dev/sms-outbox?phone=${PHONE}` });
    const repayCode = /\d{6}/.exec((codes.json().data.messages as { body: string }[])[0]!.body)![0];
    secrets.push(repayCode);
    const confirm = await post('/owner/service/loan/repayment-confirm', token, {
      orderId: await orderOf(token),
      repaymentRecordId: commit.data.repayRecordId,
      verifyCode: repayCode,
    });
    expect(confirm.code, JSON.stringify(confirm)).toBe(0);

    const text = lines.join('');
    expect(lines.length).toBeGreaterThan(20);
    // The requests are logged (so the search below reads something), their secrets are not.
    expect(text).toContain('/owner/v3/auth/me');
    expect(text).toContain('/owner/service/loan/repayment-confirm');
    for (const secret of secrets)
      expect(text.includes(secret), `a secret of ${secret.length} characters is in the logs`).toBe(false);
    expect(text).not.toMatch(/authorization"\s*:\s*"Session/i);
  });
});

async function orderOf(token: string): Promise<number> {
  const res = await app.inject({
    method: 'GET',
    url: '/owner/v3/home/overview',
    headers: { authorization: `Session ${token}` },
  });
  const orders = res.json().data.orders as { orderId?: number; id?: number }[];
  return Number(orders[0]?.orderId ?? orders[0]?.id);
}
