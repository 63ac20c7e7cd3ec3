import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import type { FindingRow } from '../../../shared/contracts/reconciliation';
import { manilaToday } from '../../../shared/format/date';
import { OrderStatus } from '../../../shared/order-status';
import { auditLog, loanOrders, payments, payouts } from '../../db/schema';
import { FAKE_SECRET_KEY, startFakeXendit } from '../../providers/payment/xendit-fake';
import { CALLBACK_TOKEN_HEADER } from '../../providers/payment/xendit-provider';
import { buildTestApp } from '../../test/test-app';
import { newBorrower } from '../../test/test-borrowers';
import { ledgerProblems, decide, submitApplication, postPayment } from '../../money';
import { bindWallet, financePair, staffCall } from '../../test/payout-support';
import { XENDIT_PAYOUT_CALLBACK_PATH } from '../../providers/payment/payment-setup';
import { payRequest, runningLoan } from '../../test/reconciliation-support';
import { addDays } from '../../domain/loan';

const TOKEN = 'xendit-reconciliation-callback-token-0123456789';
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
const { maker, checker } = await financePair(t);

const run = async () =>
  (await staffCall(t, '/admin/reconciliation/run', maker, { date: today })) as unknown as {
    code: number;
    message: string;
    data: { findings: FindingRow[]; run: { transactions: number } };
  };
const resolve = (findingId: number, action: string, note: string) =>
  staffCall(t, '/admin/reconciliation/resolve', maker, { findingId, action, note });
const findingOf = (findings: FindingRow[], reference: string, kind?: string) =>
  findings.find((f) => f.reference === reference && (!kind || f.kind === kind));

describe("reconciliation against Xendit's List Transactions (the local fake)", () => {
  it('reads every page of GET /transactions and finds paid-not-posted, posted-not-paid and amount-differs', async () => {
    const loan = await runningLoan(db, today);
    await payRequest(db, loan, 'xendit', 'XPAY-LOST-1', 120_000);
    fake.recordTransaction({ reference_id: 'XPAY-LOST-1', type: 'PAYMENT', status: 'SUCCESS', amount: 1_200 });
    await postPayment(
      db,
      {
        orderId: loan.orderId,
        provider: 'xendit',
        reference: 'XPAY-GHOST-1',
        amount: 30_000,
        kind: 'repayment',
        postedBy: 'xendit',
      },
      today,
    );
    await postPayment(
      db,
      {
        orderId: loan.orderId,
        provider: 'xendit',
        reference: 'XPAY-DIFF-1',
        amount: 40_000,
        kind: 'repayment',
        postedBy: 'xendit',
      },
      today,
    );
    fake.recordTransaction({ reference_id: 'XPAY-DIFF-1', type: 'PAYMENT', status: 'SUCCESS', amount: 399.5 });
    // More than one page (50): matched payments that are not ours to find, and one from yesterday.
    for (let i = 0; i < 60; i += 1)
      fake.recordTransaction({ reference_id: `OTHER-${i}`, type: 'PAYMENT', status: 'FAILED', amount: 10 });
    fake.recordTransaction({
      reference_id: 'XPAY-OLD-1',
      type: 'PAYMENT',
      status: 'SUCCESS',
      amount: 500,
      created: new Date(Date.now() - 3 * 86_400_000).toISOString(),
    });

    const first = await run();
    expect(first.code, first.message).toBe(0);
    expect(first.data.run.transactions).toBe(62);
    const { findings } = first.data;
    expect(findingOf(findings, 'XPAY-LOST-1')).toMatchObject({
      kind: 'paid-not-posted',
      providerAmount: 120_000,
      orderNo: loan.orderNo,
    });
    expect(findingOf(findings, 'XPAY-GHOST-1')).toMatchObject({
      kind: 'posted-not-paid',
      ourAmount: 30_000,
      providerAmount: null,
    });
    expect(findingOf(findings, 'XPAY-DIFF-1')).toMatchObject({
      kind: 'amount-differs',
      ourAmount: 40_000,
      providerAmount: 39_950,
    });
    expect(findingOf(findings, 'XPAY-OLD-1')).toBeUndefined();
    expect(findings.filter((f) => f.reference.startsWith('OTHER-'))).toEqual([]);

    const posted = await resolve(findingOf(findings, 'XPAY-LOST-1')!.id, 'post', 'Paid in Xendit dashboard');
    expect(posted.code, posted.message).toBe(0);
    expect(await db.select().from(payments).where(eq(payments.reference, 'XPAY-LOST-1'))).toEqual([
      expect.objectContaining({ provider: 'xendit', amount: 120_000, status: 'posted' }),
    ]);
    const rerun = await run();
    expect(rerun.data.findings.filter((f) => f.reference === 'XPAY-LOST-1')).toHaveLength(1);
    expect(await ledgerProblems(db)).toEqual([]);
  });

  it('payouts: one Xendit paid whose webhook never came is completed from the listing; one Xendit later reverses is acted on by its webhook and listed for finance', async () => {
    const borrowerId = await newBorrower(db);
    await bindWallet(db, borrowerId, '09171118888', 'Xyla Borrower');
    const order = await submitApplication(db, { borrowerId, productId: 1, amount: 500_000 }, today);
    await decide(db, order.id, { approve: true, actor: 'credit' }, today);
    const asked = await staffCall(t, '/admin/payouts/disbursal/request', maker, { orderId: order.id });
    const approved = await staffCall(t, '/admin/payouts/approve', checker, { payoutId: asked.data.payout!.id });
    expect(approved.data.payout).toMatchObject({ status: 'accepted' });
    const reference = asked.data.payout!.reference;
    const pesos = asked.data.payout!.amount / 100;
    fake.recordTransaction({ reference_id: reference, type: 'DISBURSEMENT', status: 'SUCCESS', amount: pesos });

    const missing = findingOf((await run()).data.findings, reference)!;
    expect(missing).toMatchObject({ kind: 'payout-not-recorded', actions: ['post', 'explain'] });
    const posted = await resolve(missing.id, 'post', 'Succeeded in the Xendit dashboard');
    expect(posted.code, posted.message).toBe(0);
    expect((await db.query.loanOrders.findFirst({ where: eq(loanOrders.id, order.id) }))!.status).toBe(
      OrderStatus.REPAYING,
    );
    // The late webhook then changes nothing.
    const late = await t.app.inject({
      method: 'POST',
      url: XENDIT_PAYOUT_CALLBACK_PATH,
      headers: { 'content-type': 'application/json', [CALLBACK_TOKEN_HEADER]: TOKEN },
      payload: fake.payoutCallbackFor(reference, 'payout.succeeded'),
    });
    expect(late.json()).toMatchObject({ code: 0 });
    expect(await db.$count(payouts, eq(payouts.reference, reference))).toBe(1);

    // The bank sends the money back: Xendit's payout.reversed webhook.
    const back = await t.app.inject({
      method: 'POST',
      url: XENDIT_PAYOUT_CALLBACK_PATH,
      headers: { 'content-type': 'application/json', [CALLBACK_TOKEN_HEADER]: TOKEN },
      payload: fake.payoutCallbackFor(reference, 'payout.reversed'),
    });
    expect(back.json(), back.body).toMatchObject({ code: 0 });
    expect((await db.select().from(payouts).where(eq(payouts.reference, reference)))[0]).toMatchObject({
      status: 'reversed',
      failureCode: 'REVERSED',
    });
    const audits = await db.select().from(auditLog).where(eq(auditLog.action, 'payouts.reversed'));
    expect(audits.find((a) => a.entityId === String(order.id))).toBeDefined();
    const listed = findingOf((await run()).data.findings, reference, 'payout-reversed')!;
    expect(listed).toMatchObject({ status: 'open', actions: ['explain'] });
    expect(listed.detail).toMatch(/came back/);
  });

  it('a payout Xendit lists as failed while we still wait for its webhook is acted on: the order is back in the queue with the reason', async () => {
    const borrowerId = await newBorrower(db);
    await bindWallet(db, borrowerId, '09171117777', 'Xeno Borrower');
    const order = await submitApplication(db, { borrowerId, productId: 1, amount: 500_000 }, today);
    await decide(db, order.id, { approve: true, actor: 'credit' }, today);
    const asked = await staffCall(t, '/admin/payouts/disbursal/request', maker, { orderId: order.id });
    expect(
      (await staffCall(t, '/admin/payouts/approve', checker, { payoutId: asked.data.payout!.id })).data.payout,
    ).toMatchObject({ status: 'accepted' });
    const reference = asked.data.payout!.reference;
    fake.recordTransaction({
      reference_id: reference,
      type: 'DISBURSEMENT',
      status: 'FAILED',
      amount: asked.data.payout!.amount / 100,
    });

    const found = findingOf((await run()).data.findings, reference)!;
    expect(found).toMatchObject({ kind: 'payout-not-paid', status: 'resolved', resolution: 'provider' });
    expect((await db.select().from(payouts).where(eq(payouts.reference, reference)))[0]).toMatchObject({
      status: 'failed',
    });
    expect((await db.query.loanOrders.findFirst({ where: eq(loanOrders.id, order.id) }))!.status).toBe(
      OrderStatus.APPROVED,
    );
    // Run again: nothing more happens, the finding stays one.
    expect((await run()).data.findings.filter((f) => f.reference === reference)).toHaveLength(1);
    expect(await db.$count(auditLog, eq(auditLog.action, 'payouts.failed'))).toBe(1);
  });

  it('a payout approved at 23:50 that Xendit completes after midnight is matched on the day it completed, not reported unpaid', async () => {
    const borrowerId = await newBorrower(db);
    await bindWallet(db, borrowerId, '09171116666', 'Xandra Borrower');
    const order = await submitApplication(db, { borrowerId, productId: 1, amount: 500_000 }, today);
    await decide(db, order.id, { approve: true, actor: 'credit' }, today);
    const asked = await staffCall(t, '/admin/payouts/disbursal/request', maker, { orderId: order.id });
    await staffCall(t, '/admin/payouts/approve', checker, { payoutId: asked.data.payout!.id });
    const reference = asked.data.payout!.reference;
    // Xendit files it under its creation, 23:50 the day before; it succeeds today.
    fake.recordTransaction({
      reference_id: reference,
      type: 'DISBURSEMENT',
      status: 'PENDING',
      amount: asked.data.payout!.amount / 100,
      created: new Date(`${addDays(today, -1)}T23:50:00+08:00`).toISOString(),
    });
    const done = await t.app.inject({
      method: 'POST',
      url: XENDIT_PAYOUT_CALLBACK_PATH,
      headers: { 'content-type': 'application/json', [CALLBACK_TOKEN_HEADER]: TOKEN },
      payload: fake.payoutCallbackFor(reference, 'payout.succeeded'),
    });
    expect(done.json(), done.body).toMatchObject({ code: 0 });
    const findings = (await run()).data.findings;
    expect(findingOf(findings, reference)).toBeUndefined();
  });

  it('a row Xendit lists that cannot be read (a null reference_id) is a finding of its own, and the run goes on', async () => {
    const loan = await runningLoan(db, today);
    await payRequest(db, loan, 'xendit', 'XPAY-LOST-9', 90_000);
    fake.recordTransaction({ reference_id: 'XPAY-LOST-9', type: 'PAYMENT', status: 'SUCCESS', amount: 900 });
    fake.recordTransaction({ reference_id: 'XPAY-SPOILT-1', type: 'PAYMENT', status: 'SUCCESS', amount: 10 });
    const spoilt = fake.transactionRows.find((r) => r.reference_id === 'XPAY-SPOILT-1')!;
    spoilt.reference_id = null;
    const answer = await run();
    expect(answer.code, answer.message).toBe(0);
    expect(findingOf(answer.data.findings, 'XPAY-LOST-9')).toMatchObject({ kind: 'paid-not-posted' });
    const unreadable = findingOf(answer.data.findings, spoilt.id as string)!;
    expect(unreadable).toMatchObject({ kind: 'unreadable-row', status: 'open', actions: ['explain'] });
    expect(unreadable.detail).toMatch(/reference_id/);
  });
});
