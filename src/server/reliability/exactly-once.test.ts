import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { loanOrders, payments } from '../db/schema';
import { seedProducts } from '../db/seed/seed-products';
import type { Db } from '../db/client';
import { ledgerProblems } from '../features/loan-order/ledger-check';
import { SANDBOX_CALLBACK_PATH } from '../features/repayment/routes';
import { SIGNATURE_HEADER, sign, TIMESTAMP_HEADER } from '../providers/payment/sandbox-provider';
import { staffHeader } from '../features/back-office/test-support';
import { orderFor } from '../test/orders';
import { buildTestApp } from '../test/test-app';

/**
 * Exactly once: every call that moves money, sent 100 times at once with the same
 * identity, posts once; the ledger invariants of architecture.md: Loan engine and money hold afterwards. One row per call;
 * a new money call adds its row.
 */
const OPERATOR_TOKEN = 'exactly-once-operator-token-0123456789';
const SANDBOX_SECRET = 'exactly-once-sandbox-secret-0123456789abcdef';
const t = await buildTestApp({ seed: false, env: { OPERATOR_TOKEN, PAYMENT_SANDBOX_SECRET: SANDBOX_SECRET } });
const db = t.database.db;
await seedProducts(db);
// A due loan, paid out to the borrower's GCash wallet (the legacy repayment charges it).
const due = await orderFor(db, 'disbursed', { daysAgo: 89 });
const PHONE = due.phone;
const token = await t.login(PHONE);
const session = { authorization: `Session ${token}` };
const order = (await db.query.loanOrders.findFirst({ where: eq(loanOrders.id, due.orderId) }))!;

interface Request {
  url: string;
  headers: Record<string, string>;
  body: Record<string, string | number>;
  /** A body sent as it is (a signed provider callback). */
  raw?: string;
}

interface MoneyCall {
  /** Makes whatever the call needs and returns the one request that is then sent 100 times. */
  prepare(app: FastifyInstance, db: Db): Promise<Request>;
}

function send(app: FastifyInstance, r: Request) {
  if (r.raw !== undefined) return app.inject({ method: 'POST', url: r.url, headers: r.headers, payload: r.raw });
  return app.inject({
    method: 'POST',
    url: r.url,
    headers: { ...r.headers, 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(Object.entries(r.body).map(([k, v]) => [k, String(v)])).toString(),
  });
}

async function legacyCommit(app: FastifyInstance, sendMsg: 0 | 1): Promise<Request> {
  const way = (
    await send(app, { url: '/owner/service/loan/repayment-way', headers: session, body: { orderId: order.id } })
  ).json();
  const card = way.data.bankCards[0];
  return {
    url: '/owner/service/loan/repayment-commit',
    headers: session,
    body: {
      orderId: order.id,
      amount: way.data.amountDue,
      bankName: card.bankName,
      cardId: card.id,
      cardNo: card.cardNo,
      repayToken: way.data.repayToken,
      bankCode: card.bankCode,
      sendMsg,
    },
  };
}

const MONEY_CALLS: Record<string, MoneyCall> = {
  'sandbox payment callback (same signed event)': {
    prepare: async (app) => {
      const requested = (
        await send(app, {
          url: '/owner/v3/repayment/pay-request',
          headers: session,
          body: { orderId: order.id, amount: 5_000, channelNumber: 91001 },
        })
      ).json();
      const body = JSON.stringify({
        eventId: randomUUID(),
        reference: requested.data.reference,
        amount: 5_000,
        status: 'paid',
      });
      const timestamp = String(Date.now());
      return {
        url: SANDBOX_CALLBACK_PATH,
        headers: {
          'content-type': 'application/json',
          [TIMESTAMP_HEADER]: timestamp,
          [SIGNATURE_HEADER]: sign(SANDBOX_SECRET, timestamp, body),
        },
        body: {},
        raw: body,
      };
    },
  },
  'manual payment approval by a second finance user (same request)': {
    prepare: async (app) => {
      const entered = (
        await send(app, {
          url: '/owner/admin/loans/manual-payment',
          headers: await staffHeader(t, ['finance']),
          body: { orderNo: order.orderNo, reference: 'OR-EXACTLY-ONCE', amount: 5_000 },
        })
      ).json();
      return {
        url: '/owner/admin/loans/manual-payment/approve',
        headers: await staffHeader(t, ['finance']),
        body: { requestId: entered.data.posting.id },
      };
    },
  },
  'legacy repayment confirm (same record and code)': {
    prepare: async (app) => {
      const commit = await legacyCommit(app, 1);
      const committed = (await send(app, commit)).json();
      const outbox = await app.inject({ method: 'GET', url: `/owner/dev/sms-outbox?phone=${PHONE}` });
      const code = /\d{6}/.exec(outbox.json().data.messages[0].body as string)![0];
      return {
        url: '/owner/service/loan/repayment-confirm',
        headers: session,
        body: { orderId: order.id, repaymentRecordId: committed.data.repayRecordId, verifyCode: code },
      };
    },
  },
};

const postings = async () => (await db.select().from(payments).where(eq(payments.orderId, order.id))).length;

describe('100 concurrent duplicates of each money call post once', () => {
  it.each(Object.keys(MONEY_CALLS))('%s', async (name) => {
    const request = await MONEY_CALLS[name]!.prepare(t.app, db);
    const before = await postings();
    const replies = await Promise.all(Array.from({ length: 100 }, () => send(t.app, request)));
    expect(replies.filter((r) => r.statusCode >= 500)).toEqual([]);
    expect(replies.filter((r) => r.json().code === 0).length).toBeGreaterThanOrEqual(1);
    expect((await postings()) - before).toBe(1);
    expect(await ledgerProblems(db)).toEqual([]);
  });
});
