import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { Code } from '../../../shared/codes';
import { manilaToday } from '../../../shared/format/date';
import { OrderStatus } from '../../../shared/order-status';
import { auditLog, loanOrders, orderEvents, payouts } from '../../db/schema';
import { FAKE_SECRET_KEY, startFakeXendit } from '../../providers/payment/xendit-fake';
import { xenditPayouts } from '../../providers/payment/xendit-payouts';
import { CALLBACK_TOKEN_HEADER } from '../../providers/payment/xendit-provider';
import { buildTestApp } from '../../test/test-app';
import { newBorrower } from '../../test/test-borrowers';
import { staffHeader } from '../../test/staff-support';
import { ledgerProblems, decide, submitApplication, declineNewTerms, resumeApprovedPayouts } from '../../money';
import { XENDIT_PAYOUT_CALLBACK_PATH } from '../../providers/payment/payment-setup';
import { bindWallet, staffCall } from '../../test/payout-support';

const TOKEN = 'xendit-payout-callback-token-for-this-test-0123';
const fake = await startFakeXendit();
afterAll(() => fake.close());
const t = await buildTestApp({
  env: {
    PAYMENT_PROVIDER: 'xendit',
    // These shapes are Payment Requests v2 and Payouts v2 (v3 has tests of its own).
    XENDIT_API: 'v2',
    XENDIT_SECRET_KEY: FAKE_SECRET_KEY,
    XENDIT_CALLBACK_TOKEN: TOKEN,
    XENDIT_BASE_URL: fake.url,
    PUBLIC_URL: 'https://hiram.test',
  },
});
const db = t.database.db;
const today = manilaToday();
const maker = await staffHeader(t, ['finance'], 'xena.maker@hiram.test');
const checker = await staffHeader(t, ['finance'], 'xavi.checker@hiram.test');
const second = await staffHeader(t, ['finance'], 'xara.second@hiram.test');

beforeEach(() => {
  fake.receivedPayouts.length = 0;
});

async function requested() {
  const borrowerId = await newBorrower(db);
  await bindWallet(db, borrowerId, '09171112222', 'Xandra Borrower');
  const order = await submitApplication(db, { borrowerId, productId: 1, amount: 500_000 }, today);
  await decide(db, order.id, { approve: true, actor: 'credit' }, today);
  const asked = await staffCall(t, '/admin/payouts/disbursal/request', maker, { orderId: order.id });
  expect(asked.code, asked.message).toBe(0);
  return { order, borrowerId, payoutId: asked.data.payout!.id, reference: asked.data.payout!.reference };
}
const approve = (payoutId: number, headers = checker) => staffCall(t, '/admin/payouts/approve', headers, { payoutId });
const deliver = (body: string, token: string | null = TOKEN) =>
  t.app
    .inject({
      method: 'POST',
      url: XENDIT_PAYOUT_CALLBACK_PATH,
      headers: { 'content-type': 'application/json', ...(token === null ? {} : { [CALLBACK_TOKEN_HEADER]: token }) },
      payload: body,
    })
    .then((r) => r.json());
const statusOf = async (orderId: number) =>
  (await db.query.loanOrders.findFirst({ where: eq(loanOrders.id, orderId) }))!.status;
const payoutOf = async (id: number) => (await db.select().from(payouts).where(eq(payouts.id, id)))[0]!;

describe('disbursal through Xendit Payouts v2', () => {
  it("the approval creates the payout at Xendit under the reference as idempotency key; the order becomes 170 only on payout.succeeded, dated by Xendit's time in Manila", async () => {
    const { order, payoutId, reference } = await requested();
    const approved = await approve(payoutId);
    expect(approved).toMatchObject({
      code: 0,
      data: { payout: { status: 'accepted', providerId: expect.stringMatching(/^disb-/) } },
    });
    expect(fake.receivedPayouts).toHaveLength(1);
    expect(fake.receivedPayouts[0]?.headers['idempotency-key']).toBe(reference);
    expect(fake.receivedPayouts[0]?.body).toMatchObject({
      reference_id: reference,
      channel_code: 'PH_GCASH',
      channel_properties: { account_number: '09171112222', account_holder_name: 'Xandra Borrower' },
    });
    expect(await statusOf(order.id)).toBe(OrderStatus.APPROVED);

    // Forged or missing token: refused, nothing changes.
    const body = fake.payoutCallbackFor(reference, 'payout.succeeded');
    expect((await deliver(body, 'not-the-token')).code).toBe(Code.SESSION_EXPIRED);
    expect((await deliver(body, null)).code).toBe(Code.SESSION_EXPIRED);
    expect(await statusOf(order.id)).toBe(OrderStatus.APPROVED);

    expect(await deliver(body)).toMatchObject({
      code: 0,
      data: { status: 'succeeded', duplicate: false, orderStatus: OrderStatus.REPAYING },
    });
    const opened = (await db.query.loanOrders.findFirst({ where: eq(loanOrders.id, order.id) }))!;
    const updated = JSON.parse(body).data.updated as string;
    expect(opened.disbursedOn).toBe(manilaToday(new Date(updated)));
    // A duplicate delivery is acknowledged and changes nothing.
    expect(await deliver(body)).toMatchObject({ code: 0, data: { acknowledged: true, changed: false } });
    expect(
      await db
        .select()
        .from(orderEvents)
        .where(and(eq(orderEvents.orderId, order.id), eq(orderEvents.toStatus, OrderStatus.REPAYING))),
    ).toHaveLength(1);
    // A failure after the success is a late delivery: nothing changes, finance sees it in the audit log.
    expect(await deliver(fake.payoutCallbackFor(reference, 'payout.failed'))).toMatchObject({
      code: 0,
      data: { duplicate: true },
    });
    expect(await statusOf(order.id)).toBe(OrderStatus.REPAYING);
    const anomaly = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'payouts.providerAnomaly'), eq(auditLog.entityId, String(order.id))));
    expect(anomaly).toHaveLength(1);
    expect(await ledgerProblems(db)).toEqual([]);
  });

  it("payout.failed after being accepted returns the order to the queue with Xendit's reason", async () => {
    const { order, payoutId, reference } = await requested();
    await approve(payoutId);
    const failed = await deliver(
      fake.payoutCallbackFor(reference, 'payout.failed', { failure_code: 'INSUFFICIENT_BALANCE' }),
    );
    expect(failed).toMatchObject({ code: 0, data: { status: 'failed', orderStatus: OrderStatus.APPROVED } });
    expect(await payoutOf(payoutId)).toMatchObject({
      status: 'failed',
      failureCode: 'INSUFFICIENT_BALANCE',
      failureReason: expect.stringMatching(/balance at the provider/),
    });
    expect(await statusOf(order.id)).toBe(OrderStatus.APPROVED);
  });

  it("a callback for an amount other than the payout's, or an unknown reference, is refused and not acknowledged", async () => {
    const { payoutId, reference } = await requested();
    await approve(payoutId);
    expect((await deliver(fake.payoutCallbackFor(reference, 'payout.succeeded', { amount: 1 }))).code).toBe(
      Code.CONFLICT,
    );
    expect(
      (await deliver(fake.payoutCallbackFor(reference, 'payout.succeeded', { reference_id: 'DSB-HRM99999999-1' })))
        .code,
    ).toBe(Code.NOT_FOUND);
    expect((await payoutOf(payoutId)).status).toBe('accepted');
  });

  it('when Xendit does not answer, the payout stays approved; asked again within a minute nothing is sent; after a crash-length wait it is sent again under the same key', async () => {
    const { order, payoutId, reference } = await requested();
    fake.failNext(503, 'SERVER_ERROR', 3);
    const unanswered = await approve(payoutId);
    expect(unanswered).toMatchObject({
      code: 0,
      data: {
        payout: { status: 'approved', dispatchError: expect.stringMatching(/SERVER_ERROR/), canSendAgain: false },
      },
    });
    expect(fake.receivedPayouts).toHaveLength(3);

    // The requester still cannot press it; another finance user right away asks nothing.
    expect((await approve(payoutId, maker)).code).toBe(Code.FORBIDDEN);
    expect((await approve(payoutId, second)).data.payout?.status).toBe('approved');
    expect(fake.receivedPayouts).toHaveLength(3);

    // A minute on (or a restart after a crash): the same reference is asked again.
    await db.update(payouts).set({ dispatchedAt: sql`now() - interval '2 minutes'` }).where(eq(payouts.id, payoutId));
    const again = await approve(payoutId, second);
    expect(again).toMatchObject({
      code: 0,
      data: { payout: { status: 'accepted', approvedBy: 'xavi.checker@hiram.test', dispatchError: null } },
    });
    expect(fake.receivedPayouts.map((r) => r.headers['idempotency-key'])).toEqual([
      reference,
      reference,
      reference,
      reference,
    ]);
    expect(fake.payouts().filter((p) => p.reference_id === reference)).toHaveLength(1);
    await deliver(fake.payoutCallbackFor(reference, 'payout.succeeded'));
    expect(await statusOf(order.id)).toBe(OrderStatus.REPAYING);
  });

  it("a restart after a crash between the approval and Xendit's answer asks again for the payout, under the same key, once", async () => {
    const { payoutId, reference } = await requested();
    // The process "dies" while Xendit is silent: the approval committed, no answer recorded.
    await db
      .update(payouts)
      .set({
        status: 'approved',
        approvedBy: 'xavi.checker@hiram.test',
        approvedAt: sql`now()`,
        dispatchedAt: sql`now() - interval '5 minutes'`,
      })
      .where(eq(payouts.id, payoutId));
    fake.receivedPayouts.length = 0;
    const clock = { now: () => new Date(), today: () => today };
    const provider = xenditPayouts({ secretKey: FAKE_SECRET_KEY, callbackToken: TOKEN, baseUrl: fake.url });
    const [first, second] = await Promise.all([
      resumeApprovedPayouts(db, provider, clock),
      resumeApprovedPayouts(db, provider, clock),
    ]);
    expect(first + second).toBe(1);
    expect(fake.receivedPayouts.map((r) => r.headers['idempotency-key'])).toEqual([reference]);
    expect((await payoutOf(payoutId)).status).toBe('accepted');
  });

  it('a definitive refusal (RECIPIENT_ACCOUNT_NUMBER_ERROR) fails the payout at once with the reason', async () => {
    const { order, payoutId } = await requested();
    fake.failNext(400, 'RECIPIENT_ACCOUNT_NUMBER_ERROR');
    expect(await approve(payoutId)).toMatchObject({
      code: 0,
      data: { payout: { status: 'failed', failureReason: expect.stringMatching(/account number is not valid/) } },
    });
    expect(await statusOf(order.id)).toBe(OrderStatus.APPROVED);
  });

  it('concurrent approvals by two finance users create one payout at Xendit', async () => {
    const { payoutId, reference } = await requested();
    // Xendit is slow to answer: the second approval arrives while the first is still asking.
    fake.delayNext(300);
    const answers = await Promise.all([approve(payoutId, checker), approve(payoutId, second)]);
    expect(answers.map((a) => a.code)).toEqual([0, 0]);
    expect(fake.receivedPayouts.filter((r) => r.body.reference_id === reference)).toHaveLength(1);
    expect(fake.payouts().filter((p) => p.reference_id === reference)).toHaveLength(1);
  });

  it('concurrent requests for one order store one payout', async () => {
    const borrowerId = await newBorrower(db);
    await bindWallet(db, borrowerId);
    const order = await submitApplication(db, { borrowerId, productId: 1, amount: 500_000 }, today);
    await decide(db, order.id, { approve: true, actor: 'credit' }, today);
    const answers = await Promise.all(
      [0, 1, 2].map(() => staffCall(t, '/admin/payouts/disbursal/request', maker, { orderId: order.id })),
    );
    expect(answers.filter((a) => a.code === 0)).toHaveLength(1);
    expect(answers.filter((a) => a.code === Code.CONFLICT)).toHaveLength(2);
    expect(await db.select().from(payouts).where(eq(payouts.orderId, order.id))).toHaveLength(1);
  });

  it('once the money is on its way the borrower can no longer decline changed terms', async () => {
    const { order, borrowerId, payoutId } = await requested();
    await approve(payoutId);
    await expect(declineNewTerms(db, borrowerId, order.id, today)).rejects.toMatchObject({
      code: Code.CONFLICT,
      message: expect.stringMatching(/on its way/),
    });
  });
});

describe('a payout asked for again under its key: a duplicate answer is never a failure', () => {
  const destination = { channel: 'GCASH', accountNo: '09171112222', holderName: 'Xandra Borrower' } as const;
  const request = (reference: string) => ({ reference, amount: 485_000, destination, description: 'disbursal' });

  it.each([
    ['a bare list', 'accepted', 'list'],
    ["the SDK's page { data, has_more, links }", 'accepted', 'page'],
    ['nothing listed yet', 'unanswered', 'not-yet'],
  ] as const)(
    'Xendit refuses the reused key and its lookup answers %s: the payout is %s',
    async (_, outcome, lookup) => {
      const strict = await startFakeXendit(FAKE_SECRET_KEY, { replays: false });
      try {
        const provider = xenditPayouts({ secretKey: FAKE_SECRET_KEY, callbackToken: TOKEN, baseUrl: strict.url });
        const reference = `DSB-DUP-${lookup}`;
        const first = await provider.payout(request(reference));
        expect(first.outcome).toBe('accepted');
        strict.payoutLookup = lookup;
        // The first reply was lost: the same payout is asked for again, under the same key.
        const again = await provider.payout(request(reference));
        expect(again.outcome).toBe(outcome);
        if (again.outcome === 'accepted' && first.outcome === 'accepted')
          expect(again.providerId).toBe(first.providerId);
        expect(strict.payouts()).toHaveLength(1);
      } finally {
        await strict.close();
      }
    },
  );
});
