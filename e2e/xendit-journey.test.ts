import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { href } from '../src/shared/pages';
import { buildApp } from '../src/server/app';
import { loadConfig } from '../src/server/config';
import { type Database, openDatabase } from '../src/server/db/client';
import { seedDemo } from '../src/server/db/seed/demo';
import { staffHeader } from '../src/server/test/staff-support';
import { XENDIT_CALLBACK_PATH, XENDIT_PAYOUT_CALLBACK_PATH } from '../src/server/providers/payment/payment-setup';
import { FAKE_SECRET_KEY, type FakeXendit, startFakeXendit } from '../src/server/providers/payment/xendit-fake';
import { CALLBACK_TOKEN_HEADER } from '../src/server/providers/payment/xendit-provider';
import { completeApplicationAt } from './support/application';
import { describeBrowser, hasBrowser, type PhonePage, phonePage } from './support/browser';
import { loginAt, type TestSession } from './support/login';
import { axeViolations } from './support/page-checks';

/**
 * The whole money journey against the local fake of Xendit (its documented shapes), on a server
 * of its own chosen by configuration: credit approves, finance disburses through Xendit Payouts and
 * the payout webhook opens the loan; the borrower gets a 7-Eleven pay code from Xendit in the
 * browser, pays at the counter, and Xendit's callback settles the loan.
 */
const PHONE = '09175567500';
const TOKEN = 'xendit-e2e-callback-token-not-a-secret-01';

let fake: FakeXendit;
let database: Database;
let app: FastifyInstance;
let base = '';
let p: PhonePage;

const setUp = (api: 'v2' | 'v3') => async () => {
  if (!hasBrowser) return;
  fake = await startFakeXendit();
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'warn',
    WEB_DIST: 'dist/web',
    PAYMENT_PROVIDER: 'xendit',
    XENDIT_SECRET_KEY: FAKE_SECRET_KEY,
    XENDIT_CALLBACK_TOKEN: TOKEN,
    XENDIT_BASE_URL: fake.url,
    XENDIT_API: api,
    PUBLIC_URL: 'https://hiram.test',
  });
  database = openDatabase({});
  await database.migrate();
  await seedDemo(database.db);
  app = await buildApp(config, { db: database.db });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  p = await phonePage();
};
const tearDown = async () => {
  await p?.context.close();
  await app?.close();
  await database?.close();
  await fake?.close();
};

const borrowerCall = (session: TestSession, path: string, body?: Record<string, string>) =>
  fetch(`${base}/owner${path}`, {
    method: body ? 'POST' : 'GET',
    headers: {
      authorization: `Session ${session.sessionId}`,
      ...(body ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
    },
    ...(body ? { body: new URLSearchParams(body).toString() } : {}),
  }).then((r) => r.json() as Promise<{ code: number; message: string; data: Record<string, unknown> }>);
const staffCall = (headers: Record<string, string>, path: string, body: Record<string, string>) =>
  app.inject({ method: 'POST', url: `/owner${path}`, headers, payload: body }).then(
    (r) =>
      r.json() as {
        code: number;
        message: string;
        data: Record<string, { id: number; reference: string; status: string }>;
      },
  );
const deliver = (path: string, body: string) =>
  fetch(`${base}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', [CALLBACK_TOKEN_HEADER]: TOKEN },
    body,
  }).then((r) => r.json() as Promise<{ code: number }>);
const statusOf = async (session: TestSession, orderId: number) =>
  ((await borrowerCall(session, `/v3/loan-details/loan-details?orderId=${orderId}`)).data as { orderStatus: number })
    .orderStatus;

for (const api of ['v2', 'v3'] as const) {
  describeBrowser(
    `a lender on Xendit ${api}: disbursal and repayment through the provider, confirmed only by its callbacks`,
    () => {
      beforeAll(setUp(api));
      afterAll(tearDown);
      const events =
        api === 'v2'
          ? ({ payout: 'payout.succeeded', paid: 'payment.succeeded' } as const)
          : ({ payout: 'v3_payout.succeeded', paid: 'payment.capture' } as const);
      it('finance disburses through Xendit Payouts (170 on its payout webhook); the borrower pays a 7-Eleven code and the payment webhook settles the loan', async () => {
        const session = await loginAt(base, PHONE);
        await completeApplicationAt(base, session, PHONE);
        const pushed = await borrowerCall(session, '/v3/loan-confirm/push', {
          productId: '1',
          amount: '300000',
          periods: '1',
          termUnit: '1',
        });
        expect(pushed.code, pushed.message).toBe(0);
        const orderId = (pushed.data as { orderId: number }).orderId;
        const staff = { app, database };
        const credit = await staffHeader(staff, ['credit'], 'xe.credit@hiram.test');
        expect((await staffCall(credit, '/admin/loans/approve', { orderId: String(orderId) })).code).toBe(0);

        // Finance: one asks, another approves; Xendit accepts the payout, and only its webhook opens the loan.
        const maker = await staffHeader(staff, ['finance'], 'xe.maker@hiram.test');
        const checker = await staffHeader(staff, ['finance'], 'xe.checker@hiram.test');
        const asked = await staffCall(maker, '/admin/payouts/disbursal/request', { orderId: String(orderId) });
        expect(asked.code, asked.message).toBe(0);
        const approved = await staffCall(checker, '/admin/payouts/approve', {
          payoutId: String(asked.data.payout!.id),
        });
        expect(approved.data.payout!.status).toBe('accepted');
        expect(fake.receivedPayouts.map((r) => r.body.reference_id)).toEqual([asked.data.payout!.reference]);
        expect(await statusOf(session, orderId)).toBe(110);
        expect(
          (
            await deliver(
              XENDIT_PAYOUT_CALLBACK_PATH,
              fake.payoutCallbackFor(asked.data.payout!.reference, events.payout),
            )
          ).code,
        ).toBe(0);
        expect(await statusOf(session, orderId)).toBe(170);

        // The borrower pays the whole loan at 7-Eleven with the code Xendit gave.
        const { page } = p;
        await page.goto(
          `${base}${href('repay', { orderId, productId: 1 })}&${new URLSearchParams({ sessionId: session.sessionId, userId: session.userId })}`,
        );
        await page.getByTestId('repay-amount').waitFor();
        await page.getByTestId('payment-method').click();
        await page.getByTestId('channel-91003').click();
        await page.getByTestId('pay-submit').click();
        await page.waitForURL(/\/repaymentOfCode\?/);
        const code = (await page.getByTestId('pay-code').textContent())?.trim() ?? '';
        const sent = (api === 'v2' ? fake.received : fake.receivedV3).at(-1)!;
        expect(sent.body).toMatchObject(
          api === 'v2'
            ? {
                reference_id: expect.any(String),
                payment_method: { type: 'OVER_THE_COUNTER', over_the_counter: { channel_code: '7ELEVEN' } },
              }
            : { reference_id: expect.any(String), channel_code: '7ELEVEN', request_amount: expect.any(Number) },
        );
        expect(code.length).toBeGreaterThan(4);
        await page.getByTestId('cashier-barcode').waitFor();
        expect(await axeViolations(page)).toEqual([]);
        await p.screenshot(`xendit-${api}-7eleven-code`);
        // Nothing is paid until Xendit says so.
        expect(await statusOf(session, orderId)).toBe(170);
        expect(
          (await deliver(XENDIT_CALLBACK_PATH, fake.callbackFor(String(sent.body.reference_id), events.paid))).code,
        ).toBe(0);
        expect(await statusOf(session, orderId)).toBe(200);
        await page.goto(
          `${base}${href('loanDetail', { orderId, productId: 1 })}&${new URLSearchParams({ sessionId: session.sessionId, userId: session.userId })}`,
        );
        expect(await page.getByTestId('order-banner').getAttribute('data-status')).toBe('200');
        await p.screenshot(`xendit-${api}-settled`);
        expect(p.errors).toEqual([]);
      });
    },
  );
}
