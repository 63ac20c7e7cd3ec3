import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { Code } from '../../../shared/codes';
import { manilaToday } from '../../../shared/format/date';
import { OrderStatus } from '../../../shared/order-status';
import { auditLog, ledgerEntries, loanOrders, orderEvents, payoutAccounts, payouts, products } from '../../db/schema';
import { signedDelivery } from '../../providers/payment/sandbox-provider';
import { buildTestApp } from '../../test/test-app';
import { newBorrower } from '../../test/test-borrowers';
import { staffHeader } from '../../test/staff-support';
import { ledgerProblems, decide, submitApplication, payoutDateOf, type Payout } from '../../money';
import { SANDBOX_PAYOUT_CALLBACK_PATH } from '../../providers/payment/payment-setup';
import type { PayoutEvent } from '../../providers/payment/payout-provider';
import { bindWallet, disburseThroughPayout, staffCall } from '../../test/payout-support';

const SECRET = 'payout-sandbox-secret-for-this-test-file-0123456789';
const t = await buildTestApp({ env: { PAYMENT_SANDBOX_SECRET: SECRET } });
const db = t.database.db;
const today = manilaToday();
const maker = await staffHeader(t, ['finance'], 'mara.maker@hiram.test');
const checker = await staffHeader(t, ['finance'], 'cito.checker@hiram.test');

/**
 * An approved loan (110) of a new borrower with a GCash wallet bound, or with none (an
 * application needs one, so it is taken away after the approval).
 */
async function approvedLoan(wallet: string | null = '09171234567') {
  const borrowerId = await newBorrower(db);
  if (wallet) await bindWallet(db, borrowerId, wallet, 'Lena Payout');
  const order = await submitApplication(db, { borrowerId, productId: 1, amount: 500_000 }, today);
  await decide(db, order.id, { approve: true, actor: 'credit' }, today);
  if (!wallet) await db.delete(payoutAccounts).where(eq(payoutAccounts.borrowerId, borrowerId));
  return { ...order, borrowerId };
}

const orderOf = async (id: number) => (await db.query.loanOrders.findFirst({ where: eq(loanOrders.id, id) }))!;
const payoutsOf = (orderId: number) =>
  db.select().from(payouts).where(eq(payouts.orderId, orderId)).orderBy(payouts.id);
/** The disbursal queue's rows of one contract (the queue is paged: a loan is looked up by its number). */
const queue = async (orderNo: string) => {
  const res = await t.app.inject({
    method: 'GET',
    url: `/owner/admin/payouts/disbursals?orderNo=${orderNo}`,
    headers: maker,
  });
  return res.json().data.list as {
    orderId: number;
    netProceeds: number;
    account: Record<string, string> | null;
    payout: Record<string, unknown> | null;
  }[];
};
const request = (orderId: number, headers = maker) =>
  staffCall(t, '/admin/payouts/disbursal/request', headers, { orderId });
const approve = (payoutId: number, headers = checker) => staffCall(t, '/admin/payouts/approve', headers, { payoutId });

describe("disbursal through a payout: requested by one finance user, approved by another, opened on the provider's word", () => {
  it('the request leaves the order 110 and shows "payout requested" with the whole account; the requester cannot approve; the approval sends it and the sandbox\'s callback opens the loan', async () => {
    const order = await approvedLoan();
    const requested = await request(order.id);
    expect(requested).toMatchObject({
      code: 0,
      data: {
        payout: {
          reference: `DSB-${order.orderNo}-1`,
          status: 'requested',
          kind: 'disbursal',
          requestedBy: 'mara.maker@hiram.test',
          account: { channel: 'GCASH', channelName: 'GCash', accountNo: '09171234567', accountName: 'Lena Payout' },
        },
      },
    });
    expect((await orderOf(order.id)).status).toBe(OrderStatus.APPROVED);
    const row = (await queue(order.orderNo)).find((o) => o.orderId === order.id);
    expect(row?.payout).toMatchObject({ status: 'requested' });
    expect(row?.account).toMatchObject({ accountNo: '09171234567' });
    // The amount paid out is the accepted quote's net proceeds.
    expect(requested.data.payout?.status).toBe('requested');
    expect((await payoutsOf(order.id))[0]?.amount).toBe(row?.netProceeds);

    const own = await approve(requested.data.payout!.id, maker);
    expect(own.code).toBe(Code.FORBIDDEN);
    expect((await payoutsOf(order.id))[0]?.status).toBe('requested');

    const approved = await approve(requested.data.payout!.id);
    expect(approved).toMatchObject({
      code: 0,
      data: {
        payout: {
          status: 'succeeded',
          approvedBy: 'cito.checker@hiram.test',
          providerId: `sandbox-po-DSB-${order.orderNo}-1`,
        },
      },
    });
    const opened = await orderOf(order.id);
    expect(opened.status).toBe(OrderStatus.REPAYING);
    expect(opened.disbursedOn).toBe(today);
    const events = await db
      .select()
      .from(orderEvents)
      .where(and(eq(orderEvents.orderId, order.id), eq(orderEvents.toStatus, OrderStatus.REPAYING)));
    expect(events.map((e) => e.actor)).toEqual(['mara.maker@hiram.test + cito.checker@hiram.test']);
    expect((await queue(order.orderNo)).some((o) => o.orderId === order.id)).toBe(false);
    expect(await ledgerProblems(db)).toEqual([]);

    const audit = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'order'), eq(auditLog.entityId, String(order.id))));
    expect(audit.map((a) => [a.action, a.actor])).toEqual([
      ['payouts.requestDisbursal', 'mara.maker@hiram.test'],
      ['payouts.succeeded', 'sandbox'],
      ['payouts.approve', 'cito.checker@hiram.test'],
    ]);
  });

  it('approving twice pays once: the second answers the payout as it stands, nothing is sent or booked again', async () => {
    const order = await approvedLoan();
    const payout = await disburseThroughPayout(t, order.id, { maker, checker });
    const journals = async () =>
      new Set(
        (await db.select().from(ledgerEntries).where(eq(ledgerEntries.orderId, order.id))).map((l) => l.journalId),
      ).size;
    const before = await journals();
    const again = await approve(payout.id);
    expect(again).toMatchObject({ code: 0, data: { payout: { status: 'succeeded' } } });
    expect(await journals()).toBe(before);
    expect(await payoutsOf(order.id)).toHaveLength(1);
  });

  it("a failed payout returns the order to the queue with the provider's reason; a new request takes a new reference and can succeed", async () => {
    const order = await approvedLoan('09175550002');
    const first = await request(order.id);
    const failed = await approve(first.data.payout!.id);
    expect(failed).toMatchObject({
      code: 0,
      data: { payout: { status: 'failed', failureCode: 'INVALID_DESTINATION' } },
    });
    expect(failed.data.payout).toMatchObject({ failureReason: expect.stringMatching(/account does not exist/) });
    expect((await orderOf(order.id)).status).toBe(OrderStatus.APPROVED);
    expect((await queue(order.orderNo)).find((o) => o.orderId === order.id)?.payout).toMatchObject({
      status: 'failed',
      failureReason: expect.stringMatching(/INVALID_DESTINATION/),
    });

    // The borrower fixes the wallet; finance asks again.
    await db
      .update(payoutAccounts)
      .set({ accountNo: '09175550003' })
      .where(eq(payoutAccounts.borrowerId, order.borrowerId));
    const second = await request(order.id);
    expect(second.data.payout?.reference).toBe(`DSB-${order.orderNo}-2`);
    expect((await approve(second.data.payout!.id)).data.payout?.status).toBe('succeeded');
    expect((await orderOf(order.id)).status).toBe(OrderStatus.REPAYING);
    expect((await payoutsOf(order.id)).map((p) => p.status)).toEqual(['failed', 'succeeded']);
    expect(await ledgerProblems(db)).toEqual([]);
  });

  it('is refused without an account, twice at once, for an order not approved, or when the terms changed; a rejected request can be asked again', async () => {
    const bare = await approvedLoan(null);
    expect(await request(bare.id)).toMatchObject({
      code: Code.CONFLICT,
      message: expect.stringMatching(/not bound a payout account/),
    });

    const order = await approvedLoan();
    const first = await request(order.id);
    expect((await request(order.id)).code).toBe(Code.CONFLICT);
    const rejected = await staffCall(t, '/admin/payouts/reject', checker, {
      payoutId: first.data.payout!.id,
      reason: 'Borrower asked to wait',
    });
    expect(rejected).toMatchObject({
      code: 0,
      data: {
        payout: { status: 'rejected', failureReason: 'Borrower asked to wait', rejectedBy: 'cito.checker@hiram.test' },
      },
    });
    expect((await approve(first.data.payout!.id)).code).toBe(Code.CONFLICT);
    expect((await request(order.id)).data.payout?.reference).toBe(`DSB-${order.orderNo}-2`);

    const review = await submitApplication(
      db,
      { borrowerId: await newBorrower(db), productId: 1, amount: 500_000 },
      today,
    );
    expect(await request(review.id)).toMatchObject({
      code: Code.CONFLICT,
      message: expect.stringMatching(/approved order/),
    });

    const later = await approvedLoan();
    const [product] = await db.select().from(products).where(eq(products.id, 1));
    await db
      .update(products)
      .set({ terms: { ...product!.terms, serviceFeeBps: Number(product!.terms.serviceFeeBps) + 10 } })
      .where(eq(products.id, 1));
    try {
      expect((await request(later.id)).code).toBe(Code.TERMS_CHANGED);
    } finally {
      await db.update(products).set({ terms: product!.terms }).where(eq(products.id, 1));
    }
  });

  it('approval is refused when the borrower changed the payout account after the request', async () => {
    const order = await approvedLoan();
    const requested = await request(order.id);
    await db
      .update(payoutAccounts)
      .set({ accountNo: '09179998888' })
      .where(eq(payoutAccounts.borrowerId, order.borrowerId));
    expect(await approve(requested.data.payout!.id)).toMatchObject({
      code: Code.CONFLICT,
      message: expect.stringMatching(/changed the payout account/),
    });
    expect((await payoutsOf(order.id))[0]?.status).toBe('requested');
  });

  it('a forged sandbox callback is refused and changes nothing; a replayed one is refused', async () => {
    const order = await approvedLoan('09175550002');
    const failed = await disburseThroughPayout(t, order.id, { maker, checker }).catch(() => null);
    expect(failed?.status).toBe('failed');
    const event = {
      eventId: 'forged-event-0001',
      reference: `DSB-${order.orderNo}-1`,
      providerId: 'x',
      amount: (await payoutsOf(order.id))[0]!.amount,
      status: 'succeeded',
      at: new Date().toISOString(),
    };
    const forged = signedDelivery('not-the-sandbox-secret-not-the-sandbox-secret', event, Date.now());
    const res = await t.app.inject({
      method: 'POST',
      url: SANDBOX_PAYOUT_CALLBACK_PATH,
      headers: forged.headers,
      payload: forged.body,
    });
    expect(res.json().code).toBe(Code.SESSION_EXPIRED);
    expect((await orderOf(order.id)).status).toBe(OrderStatus.APPROVED);

    const genuine = signedDelivery(
      SECRET,
      { ...event, eventId: 'genuine-event-0001', status: 'failed', failureCode: 'INVALID_DESTINATION' },
      Date.now(),
    );
    const once = await t.app.inject({
      method: 'POST',
      url: SANDBOX_PAYOUT_CALLBACK_PATH,
      headers: genuine.headers,
      payload: genuine.body,
    });
    expect(once.json()).toMatchObject({ code: 0, data: { status: 'failed', duplicate: true } });
    const twice = await t.app.inject({
      method: 'POST',
      url: SANDBOX_PAYOUT_CALLBACK_PATH,
      headers: genuine.headers,
      payload: genuine.body,
    });
    expect(twice.json().code).toBe(Code.CONFLICT);
  });

  it("the disbursal date is the provider's time in Manila, held between the approval and now", () => {
    const payout = {
      approvedAt: new Date('2026-11-26T15:50:00Z'),
      requestedAt: new Date('2026-11-26T15:00:00Z'),
    } as Payout;
    const now = new Date('2026-11-26T16:20:00Z');
    const at = (iso: string) => ({ at: iso }) as PayoutEvent;
    // Approved at 23:50 in Manila, paid out at 00:05 the next day: the loan runs from the 27th.
    expect(payoutDateOf(at('2026-11-26T16:05:00Z'), payout, now)).toBe('2026-11-27');
    // A provider clock behind the approval, or ahead of now, is held to them.
    expect(payoutDateOf(at('2026-11-20T00:00:00Z'), payout, now)).toBe('2026-11-26');
    expect(payoutDateOf(at('2030-01-01T00:00:00Z'), payout, now)).toBe('2026-11-27');
  });

  it('there is no one-click disbursal any more: the old "Confirm sent" call is gone', async () => {
    const order = await approvedLoan();
    const res = await t.app.inject({
      method: 'POST',
      url: '/owner/admin/loans/disburse',
      headers: maker,
      payload: { orderId: order.id },
    });
    expect(res.statusCode).toBe(404);
    expect((await orderOf(order.id)).status).toBe(OrderStatus.APPROVED);
  });
});
