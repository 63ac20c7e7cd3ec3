import { PESONET_LOOKBACK_DAYS } from './reconcile';
import { readListed } from './reconcile';
import { and, eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { describe, expect, it } from 'vitest';
import { Code } from '../../../shared/codes';
import type { FindingRow } from '../../../shared/contracts/reconciliation';
import { manilaToday } from '../../../shared/format/date';
import { OrderStatus } from '../../../shared/order-status';
import { auditLog, ledgerEntries, payments, payouts, reconciliationFindings } from '../../db/schema';
import { addDays } from '../../domain/loan';
import { buildTestApp } from '../../test/test-app';
import { newBorrower } from '../../test/test-borrowers';
import { staffHeader } from '../../test/staff-support';
import { ledgerProblems, decide, submitApplication, postPayment } from '../../money';
import { bindWallet, disburseThroughPayout, financePair, staffCall } from '../../test/payout-support';
import { appContextOf } from '../../app';
import { dailyReconciliation } from './daily';
import { payRequest, runningLoan } from '../../test/reconciliation-support';

const t = await buildTestApp();
const db = t.database.db;
const today = manilaToday();
const ledger = appContextOf(t.app)!.payments.sandboxLedger!;
const { maker: finance, checker: other } = await financePair(t);
const at = new Date().toISOString();

type Day = {
  run: { transactions: number; matched: number; openFindings: number; runs: number } | null;
  findings: FindingRow[];
};
const run = async (date = today) =>
  (await staffCall(t, '/admin/reconciliation/run', finance, { date })) as unknown as {
    code: number;
    message: string;
    data: Day;
  };
const day = async (date = today) =>
  (await t.app.inject({ method: 'GET', url: `/owner/admin/reconciliation?date=${date}`, headers: finance })).json() as {
    code: number;
    data: Day;
  };
const resolve = (findingId: number, action: string, note: string, extra: Record<string, string> = {}) =>
  staffCall(t, '/admin/reconciliation/resolve', finance, { findingId, action, note, ...extra });
const findingOf = (findings: FindingRow[], reference: string, kind?: string) =>
  findings.find((f) => f.reference === reference && (!kind || f.kind === kind));
const postingsOf = async (reference: string) => db.select().from(payments).where(eq(payments.reference, reference));
const cashOf = async (orderId: number) =>
  (
    await db
      .select()
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.orderId, orderId), eq(ledgerEntries.account, 'cash_collections')))
  ).reduce((s, l) => s + l.debit - l.credit, 0);

describe('reconciliation with the sandbox: each kind of mismatch found, resolved once, audited', () => {
  it('paid at the provider but not posted: found, posted through the provider-confirmed path exactly once, and a rerun does not duplicate it', async () => {
    const loan = await runningLoan(db, today);
    await payRequest(db, loan, 'sandbox', 'PAY-LOST-CB-1', 150_000);
    ledger.record({
      id: 'sbx-1',
      reference: 'PAY-LOST-CB-1',
      direction: 'in',
      amount: 150_000,
      status: 'succeeded',
      at,
    });

    const first = await run();
    expect(first.code, first.message).toBe(0);
    const finding = findingOf(first.data.findings, 'PAY-LOST-CB-1')!;
    expect(finding).toMatchObject({
      kind: 'paid-not-posted',
      status: 'open',
      providerAmount: 150_000,
      ourAmount: null,
      orderNo: loan.orderNo,
      actions: ['post', 'explain'],
    });
    expect(await postingsOf('PAY-LOST-CB-1')).toEqual([]);

    // A rerun before it is resolved updates the same finding.
    const again = await run();
    expect(again.data.findings.filter((f) => f.reference === 'PAY-LOST-CB-1')).toHaveLength(1);
    expect(again.data.run?.runs).toBe(2);

    const before = await cashOf(loan.orderId);
    const resolved = await resolve(finding.id, 'post', 'Xendit shows it paid; callback never arrived');
    expect(resolved.code, resolved.message).toBe(0);
    expect(resolved.data.finding).toMatchObject({ status: 'resolved', resolution: 'posted', actions: [] });
    const posted = await postingsOf('PAY-LOST-CB-1');
    expect(posted).toHaveLength(1);
    expect(posted[0]).toMatchObject({ provider: 'sandbox', amount: 150_000, status: 'posted', valueDate: today });
    expect((await cashOf(loan.orderId)) - before).toBe(150_000);

    // Resolving again is refused and books nothing; the rerun finds it matched and keeps it resolved.
    expect((await resolve(finding.id, 'post', 'second click')).code).toBe(Code.CONFLICT);
    expect(await postingsOf('PAY-LOST-CB-1')).toHaveLength(1);
    const third = await run();
    expect(third.data.findings.filter((f) => f.reference === 'PAY-LOST-CB-1')).toEqual([
      expect.objectContaining({ status: 'resolved', resolution: 'posted' }),
    ]);
    expect((await cashOf(loan.orderId)) - before).toBe(150_000);
    expect(await ledgerProblems(db)).toEqual([]);

    const audits = await db.select().from(auditLog).where(eq(auditLog.action, 'reconciliation.resolve'));
    expect(audits.find((a) => a.entityId === String(finding.id))).toMatchObject({
      after: expect.objectContaining({ resolution: 'posted', note: 'Xendit shows it paid; callback never arrived' }),
    });
  });

  it('two finance users posting the same finding at once book it once', async () => {
    const loan = await runningLoan(db, today);
    await payRequest(db, loan, 'sandbox', 'PAY-TWICE-1', 90_000);
    ledger.record({ id: 'sbx-4', reference: 'PAY-TWICE-1', direction: 'in', amount: 90_000, status: 'succeeded', at });
    const found = findingOf((await run()).data.findings, 'PAY-TWICE-1')!;
    const before = await cashOf(loan.orderId);
    const answers = await Promise.all([
      resolve(found.id, 'post', 'Posting from the dashboard'),
      staffCall(t, '/admin/reconciliation/resolve', other, {
        findingId: found.id,
        action: 'post',
        note: 'Posting it too',
      }),
    ]);
    expect(answers.map((a) => a.code).sort()).toEqual([0, Code.CONFLICT].sort());
    expect(await postingsOf('PAY-TWICE-1')).toHaveLength(1);
    expect((await cashOf(loan.orderId)) - before).toBe(90_000);
  });

  it('posted but not paid: found, and entered as a reversal with the note that a second finance user approves; the loan is rebuilt without it', async () => {
    const loan = await runningLoan(db, today);
    const posted = await postPayment(
      db,
      {
        orderId: loan.orderId,
        provider: 'sandbox',
        reference: 'PAY-GHOST-1',
        amount: 80_000,
        kind: 'repayment',
        postedBy: 'sandbox',
      },
      today,
    );
    const found = findingOf((await run()).data.findings, 'PAY-GHOST-1')!;
    expect(found).toMatchObject({
      kind: 'posted-not-paid',
      providerAmount: null,
      ourAmount: 80_000,
      actions: ['reverse', 'explain'],
    });

    expect(await resolve(found.id, 'post', 'wrong action')).toMatchObject({
      code: Code.BAD_REQUEST,
      data: { field: 'action' },
    });
    expect(await resolve(found.id, 'reverse', 'x')).toMatchObject({ code: Code.BAD_REQUEST });
    const before = await cashOf(loan.orderId);
    const entered = await resolve(found.id, 'reverse', 'No such payment at the provider');
    expect(entered.code, entered.message).toBe(0);
    expect(entered.data).toMatchObject({ finding: { resolution: 'entered' } });
    // Nothing moves until another finance user approves the reversal.
    expect((await postingsOf('PAY-GHOST-1'))[0]?.status).toBe('posted');
    const waiting = (
      await t.app.inject({ url: '/owner/admin/loans/reversals?status=pending', headers: finance })
    ).json().data.list as { id: number; reference: string; reason: string }[];
    const request = waiting.find((r) => r.reference === 'PAY-GHOST-1');
    expect(request?.reason).toMatch(/No such payment at the provider/);
    const requestId = request!.id;
    expect((await staffCall(t, '/admin/loans/reverse-payment/approve', finance, { requestId })).code).toBe(
      Code.FORBIDDEN,
    );
    expect((await staffCall(t, '/admin/loans/reverse-payment/approve', other, { requestId })).code).toBe(0);
    const [payment] = await postingsOf('PAY-GHOST-1');
    expect(payment).toMatchObject({ id: posted.paymentId, status: 'reversed', reversedBy: expect.any(String) });
    expect(payment?.reversalReason).toMatch(/No such payment at the provider/);
    expect((await cashOf(loan.orderId)) - before).toBe(-80_000);
    expect((await resolve(found.id, 'reverse', 'again please')).code).toBe(Code.CONFLICT);
    expect((await cashOf(loan.orderId)) - before).toBe(-80_000);
    expect(await ledgerProblems(db)).toEqual([]);
  });

  it('amount differs: found, and explained with a note changes nothing in the books', async () => {
    const loan = await runningLoan(db, today);
    await postPayment(
      db,
      {
        orderId: loan.orderId,
        provider: 'sandbox',
        reference: 'PAY-DIFF-1',
        amount: 100_000,
        kind: 'repayment',
        postedBy: 'sandbox',
      },
      today,
    );
    ledger.record({ id: 'sbx-2', reference: 'PAY-DIFF-1', direction: 'in', amount: 100_500, status: 'succeeded', at });
    const found = findingOf((await run()).data.findings, 'PAY-DIFF-1')!;
    expect(found).toMatchObject({ kind: 'amount-differs', providerAmount: 100_500, ourAmount: 100_000 });
    expect(found.detail).toMatch(/₱1,005\.00.*₱1,000\.00/);
    const before = await cashOf(loan.orderId);
    expect(await resolve(found.id, 'explain', 'Provider fee added by the outlet')).toMatchObject({
      code: 0,
      data: { finding: { status: 'resolved', resolution: 'explained', note: 'Provider fee added by the outlet' } },
    });
    expect(await cashOf(loan.orderId)).toBe(before);
  });

  it('a payout the provider reversed after it succeeded: the refund is booked back; a payout it never made is found', async () => {
    // A settled loan with credit, refunded through the sandbox (its listing records the payout).
    const borrowerId = await newBorrower(db);
    await bindWallet(db, borrowerId, '09171239001', 'Rhea Refund');
    const order = await submitApplication(db, { borrowerId, productId: 1, amount: 500_000 }, today);
    await decide(db, order.id, { approve: true, actor: 'credit' }, today);
    const disbursal = await disburseThroughPayout(t, order.id);
    expect(disbursal.status).toBe('succeeded');
    const repaid = await postPayment(
      db,
      {
        orderId: order.id,
        provider: 'manual',
        reference: `OVER-${order.id}`,
        amount: 1_000_000,
        kind: 'repayment',
        postedBy: 'test',
      },
      today,
    );
    expect(repaid.orderStatus).toBe(OrderStatus.SETTLED);
    const asked = await staffCall(t, '/admin/payouts/refund/request', finance, { orderId: order.id, amount: 20_000 });
    const refund = await staffCall(t, '/admin/payouts/approve', other, { payoutId: asked.data.payout!.id });
    expect(refund.data.payout).toMatchObject({ status: 'succeeded' });
    const refundRef = asked.data.payout!.reference;
    const refundsPaid = async () =>
      (
        await db
          .select()
          .from(ledgerEntries)
          .where(and(eq(ledgerEntries.orderId, order.id), eq(ledgerEntries.account, 'cash_refunds_paid')))
      ).reduce((s, l) => s + l.credit - l.debit, 0);
    expect(await refundsPaid()).toBe(20_000);
    const matched = await run();
    expect(findingOf(matched.data.findings, refundRef)).toBeUndefined();
    expect(findingOf(matched.data.findings, disbursal.reference)).toBeUndefined();

    // The wallet sends the refund back: the run acts on it as the callback would.
    ledger.update(refundRef, 'out', { status: 'reversed', reason: 'REJECTED_BY_CHANNEL' });
    const reversed = findingOf((await run()).data.findings, refundRef)!;
    expect(reversed).toMatchObject({ kind: 'payout-reversed', status: 'resolved', resolution: 'provider' });
    expect((await db.select().from(payouts).where(eq(payouts.reference, refundRef)))[0]).toMatchObject({
      status: 'reversed',
      failureCode: 'REJECTED_BY_CHANNEL',
    });
    expect(await refundsPaid()).toBe(0);
    // A rerun does not act twice.
    await run();
    expect(await refundsPaid()).toBe(0);
    expect(await ledgerProblems(db)).toEqual([]);

    // The disbursal is listed on a day far outside the PESONet lookback: today we hold a payout the
    // provider does not list.
    ledger.update(disbursal.reference, 'out', {
      at: new Date(Date.now() - (PESONET_LOOKBACK_DAYS + 3) * 86_400_000).toISOString(),
    });
    const missing = findingOf((await run()).data.findings, disbursal.reference)!;
    expect(missing).toMatchObject({
      kind: 'payout-not-paid',
      status: 'open',
      ourAmount: disbursal.amount,
      providerAmount: null,
      actions: ['explain'],
    });
    ledger.update(disbursal.reference, 'out', { at });
    // Matched again: the open finding is cleared, not left behind.
    expect(findingOf((await run()).data.findings, disbursal.reference)).toMatchObject({
      status: 'cleared',
      actions: [],
    });
    // The provider reports another amount sent than we approved.
    ledger.update(disbursal.reference, 'out', { amount: disbursal.amount - 100 });
    const differs = findingOf((await run()).data.findings, disbursal.reference, 'payout-amount-differs')!;
    expect(differs).toMatchObject({
      status: 'open',
      providerAmount: disbursal.amount - 100,
      ourAmount: disbursal.amount,
      actions: ['explain'],
    });
    expect(await resolve(differs.id, 'explain', 'Bank fee taken by the channel, confirmed with Xendit')).toMatchObject({
      code: 0,
    });
    ledger.update(disbursal.reference, 'out', { amount: disbursal.amount });
  });

  it('refuses a future date, a bad date, another role, and a finding that does not exist, changing nothing', async () => {
    const count = await db.$count(reconciliationFindings);
    expect(await run(addDays(today, 1))).toMatchObject({ code: Code.BAD_REQUEST, data: { field: 'date' } });
    expect((await run('2026-02-31')).code).toBe(Code.BAD_REQUEST);
    expect((await day(addDays(today, 1))).code).toBe(Code.BAD_REQUEST);
    expect((await resolve(999_999, 'explain', 'nothing here')).code).toBe(Code.NOT_FOUND);
    expect((await resolve(1, 'delete', 'nothing here')).code).toBe(Code.BAD_REQUEST);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/owner/admin/reconciliation/run',
          headers: await staffHeader(t, ['support']),
          payload: { date: today },
        })
      ).json().code,
    ).toBe(Code.FORBIDDEN);
    expect(await db.$count(reconciliationFindings)).toBe(count);
  });

  it('money with no pay request of ours is entered as a manual posting for a second finance user, never posted by one', async () => {
    const loan = await runningLoan(db, today);
    ledger.record({ id: 'sbx-3', reference: 'STRAY-1', direction: 'in', amount: 50_000, status: 'succeeded', at });
    const found = findingOf((await run()).data.findings, 'STRAY-1')!;
    expect(found).toMatchObject({ kind: 'paid-not-posted', orderNo: null });
    expect(await resolve(found.id, 'post', 'Borrower paid with the wrong reference')).toMatchObject({
      code: Code.BAD_REQUEST,
      data: { field: 'orderNo' },
    });
    const entered = await resolve(found.id, 'post', 'Borrower paid with the wrong reference', {
      orderNo: loan.orderNo,
    });
    expect(entered).toMatchObject({ code: 0, data: { finding: { status: 'resolved', resolution: 'entered' } } });
    expect(await postingsOf('STRAY-1')).toEqual([]);
    const pending = (
      await t.app.inject({ method: 'GET', url: '/owner/admin/loans/manual-payments?status=pending', headers: other })
    ).json();
    expect(JSON.stringify(pending)).toContain('STRAY-1');
  });
});

describe('the daily run after close of business', () => {
  it('reconciles the day that has just ended, audited as the schedule', async () => {
    const yesterday = addDays(today, -1);
    ledger.record({
      id: 'sbx-y',
      reference: 'PAY-YESTERDAY-1',
      direction: 'in',
      amount: 70_000,
      status: 'succeeded',
      at: `${yesterday}T12:00:00+08:00`,
    });
    await dailyReconciliation(db, appContextOf(t.app)!.payments.provider, {
      info: () => {},
    } as unknown as FastifyBaseLogger)(today);
    const listed = (await day(yesterday)).data;
    expect(listed.run).toMatchObject({ transactions: 1, openFindings: 1 });
    expect(findingOf(listed.findings, 'PAY-YESTERDAY-1')).toMatchObject({
      kind: 'paid-not-posted',
      businessDate: yesterday,
    });
    const [audit] = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'reconciliation.run'), eq(auditLog.entityId, yesterday)));
    expect(audit).toMatchObject({ actor: 'schedule', staffId: null });
  });
});

describe('a day with more transactions than a statement takes parameters', () => {
  it('reads ours among 70,000 listed references of each direction in one go', async () => {
    const loan = await runningLoan(db, today);
    await payRequest(db, loan, 'sandbox', 'PAY-MANY-35000', 90_000);
    const many = (direction: 'in' | 'out') =>
      Array.from({ length: 70_000 }, (_, i) => ({ direction, reference: `PAY-MANY-${i}` }));
    const listed = await readListed(db, 'sandbox', [...many('in'), ...many('out')]);
    expect(listed.requests).toEqual([{ reference: 'PAY-MANY-35000', orderId: loan.orderId }]);
    expect(listed.listedPayments).toEqual([]);
    expect(listed.listedPayouts).toEqual([]);
  });
});
