import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { Code } from '../../../shared/codes';
import { OrderStatus } from '../../../shared/order-status';
import { loanDisclosures, loanOrders, products } from '../../db/schema';
import { authHeader, buildTestApp } from '../../test/test-app';
import { staffHeader } from '../../test/staff-support';
import { decide, disburse, readLoanState } from '../../money';

const t = await buildTestApp();
const db = t.database.db;
let phones = 0;
/** A borrower of their own, signed in: each test applies from a clean slate. */
const borrower = async () => authHeader(await t.loginApplied(`0917555${String(2000 + phones++).padStart(4, '0')}`));

const call = (
  headers: Record<string, string>,
  method: 'GET' | 'POST',
  path: string,
  payload?: Record<string, unknown>,
) => t.app.inject({ method, url: `/owner${path}`, headers, ...(payload ? { payload } : {}) }).then((r) => r.json());
const detail = (h: Record<string, string>, amount: number) =>
  call(h, 'GET', `/v3/loan-confirm/detail?productId=1&amount=${amount}`);
const push = (h: Record<string, string>, amount: number, quoteId?: string) =>
  call(h, 'POST', '/v3/loan-confirm/push', {
    productId: 1,
    amount,
    periods: 1,
    termUnit: 1,
    ...(quoteId ? { quoteId } : {}),
  });
const disclosures = (h: Record<string, string>, orderId: number) =>
  call(h, 'GET', `/v3/loan-order/disclosures?orderId=${orderId}`);
const row = (rows: { text: string; value: string }[], text: string) => rows.find((r) => r.text === text)?.value;

const [original] = await db.select().from(products).where(eq(products.id, 1));
/** What an operator's edit of product 1 does: new terms from now on. */
async function editProduct(terms: Record<string, unknown>): Promise<void> {
  await db
    .update(products)
    .set({ terms: { ...original!.terms, ...terms } })
    .where(eq(products.id, 1));
}
const restoreProduct = () => db.update(products).set({ terms: original!.terms }).where(eq(products.id, 1));
const today = () => new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10);

describe('the accepted quote is the contract', () => {
  it('push records the disclosure shown, unchanged, under the quoteId the detail gave', async () => {
    const a = await borrower();
    const shown = (await detail(a, 1_000_000)).data;
    const pushed = await push(a, 1_000_000, shown.quoteId);
    expect(pushed.code).toBe(0);
    const [accepted] = await db.select().from(loanDisclosures).where(eq(loanDisclosures.orderId, pushed.data.orderId));
    expect(accepted).toMatchObject({ kind: 'origination', termsDigest: shown.quoteId });
    const mine = (await disclosures(a, pushed.data.orderId)).data;
    expect(mine.review).toBeNull();
    expect(mine.accepted).toHaveLength(1);
    expect(mine.accepted[0].details).toEqual(shown.details);
    expect(mine.accepted[0].disclosure).toEqual(shown.disclosure);
  });

  it('an accepted disclosure cannot be edited or removed, even in the database', async () => {
    const refusal = (statement: ReturnType<typeof sql>) =>
      db.execute(statement).then(
        () => 'done',
        (err: Error & { cause?: Error }) => err.cause?.message ?? err.message,
      );
    expect(await refusal(sql`update loan_disclosures set quote = '{}'::jsonb`)).toMatch(/append-only/);
    expect(await refusal(sql`delete from loan_disclosures`)).toMatch(/append-only/);
    expect(await refusal(sql`truncate loan_disclosures`)).toMatch(/append-only/);
  });

  it('a push of terms that changed since they were shown is refused (40901) and makes no order', async () => {
    const a = await borrower();
    const shown = (await detail(a, 1_000_000)).data;
    await editProduct({ serviceFeeBps: 500 });
    try {
      const before = await db.select({ n: sql<number>`count(*)::int` }).from(loanOrders);
      const pushed = await push(a, 1_000_000, shown.quoteId);
      expect(pushed.code).toBe(Code.TERMS_CHANGED);
      expect(pushed.message).toBe(
        'The terms of this loan have just changed. Please read the new terms before you apply.',
      );
      expect(await db.select({ n: sql<number>`count(*)::int` }).from(loanOrders)).toEqual(before);
    } finally {
      await restoreProduct();
    }
  });

  it('product edited between submission and disbursal: not disbursed until the borrower accepts the fresh disclosure, then exactly that', async () => {
    // The reproduction: accepted fee ₱300, interest ₱1,365, "You receive ₱9,700.00" on ₱10,000
    // (3% fee, 0.15% a day for 91 days); then the product went to a 15% fee and 0.20% a day.
    const a = await borrower();
    const shown = (await detail(a, 1_000_000)).data;
    expect(row(shown.details, 'Service fee (deducted)')).toBe('₱300.00');
    expect(row(shown.details, 'Interest')).toBe('₱1,365.00');
    expect(row(shown.details, 'You receive')).toBe('₱9,700.00');
    const orderId = (await push(a, 1_000_000, shown.quoteId)).data.orderId as number;
    await decide(db, orderId, { approve: true, actor: 'credit-1' }, today());
    await editProduct({ serviceFeeBps: 500, dailyInterestBps: 20 });
    try {
      // The old code disbursed at the new fee and rate without a word.
      await expect(disburse(db, orderId, 'finance-1', today())).rejects.toMatchObject({ code: Code.TERMS_CHANGED });
      const [held] = await db.select().from(loanOrders).where(eq(loanOrders.id, orderId));
      expect(held).toMatchObject({ status: OrderStatus.APPROVED, loanState: null });

      const waiting = (await disclosures(a, orderId)).data;
      expect(waiting.review).not.toBeNull();
      expect(row(waiting.review.details, 'Service fee (deducted)')).toBe('₱500.00');
      expect(row(waiting.review.details, 'Interest')).toBe('₱1,820.00');
      expect(row(waiting.review.details, 'You receive')).toBe('₱9,500.00');
      // Accepting anything but the terms on offer is refused.
      expect((await call(a, 'POST', '/v3/loan-order/accept-terms', { orderId, quoteId: shown.quoteId })).code).toBe(
        Code.TERMS_CHANGED,
      );
      // Someone else's order is not there to accept.
      const other = await borrower();
      expect(
        (await call(other, 'POST', '/v3/loan-order/accept-terms', { orderId, quoteId: waiting.review.quoteId })).code,
      ).toBe(Code.NOT_FOUND);
      expect((await disclosures(other, orderId)).code).toBe(Code.NOT_FOUND);

      const accepted = await call(a, 'POST', '/v3/loan-order/accept-terms', {
        orderId,
        quoteId: waiting.review.quoteId,
      });
      expect(accepted).toMatchObject({
        code: 0,
        data: { lendDetailsUrl: `/loanDetail?productId=1&orderId=${orderId}` },
      });
      const disbursed = await disburse(db, orderId, 'finance-1', today());
      expect(disbursed.status).toBe(OrderStatus.REPAYING);
      const [loan] = await db.select().from(loanOrders).where(eq(loanOrders.id, orderId));
      const state = readLoanState(loan!.loanState);
      expect(state.terms.serviceFee).toBe(50_000);
      expect(state.installments.map((i) => i.interest)).toEqual([182_000]);

      // Both acceptances stay readable, the first exactly as it was shown.
      const history = (await disclosures(a, orderId)).data;
      expect(history.review).toBeNull();
      expect(history.accepted.map((d: { details: unknown }) => d.details)).toEqual([
        shown.details,
        waiting.review.details,
      ]);

      // Operators read them in the borrower view, on the order they belong to.
      const support = await staffHeader(t, ['support']);
      const view = (
        await t.app.inject({ url: `/owner/admin/borrowers/view?borrowerId=${loan!.borrowerId}`, headers: support })
      ).json();
      const mine = view.data.orders.find((o: { orderId: number }) => o.orderId === orderId);
      expect(
        mine.disclosures.map((d: { serviceFee: number; netProceeds: number; interest: number }) => [
          d.serviceFee,
          d.netProceeds,
          d.interest,
        ]),
      ).toEqual([
        [30_000, 970_000, 136_500],
        [50_000, 950_000, 182_000],
      ]);
    } finally {
      await restoreProduct();
    }
  });

  it('declining the changed terms ends the order without a loan (151), with the reason', async () => {
    const a = await borrower();
    const orderId = (await push(a, 1_000_000)).data.orderId as number;
    expect((await call(a, 'POST', '/v3/loan-order/decline-terms', { orderId })).code).toBe(Code.CONFLICT); // nothing changed yet
    await editProduct({ serviceFeeBps: 400 });
    try {
      expect((await call(a, 'POST', '/v3/loan-order/decline-terms', { orderId })).code).toBe(0);
      const [order] = await db.select().from(loanOrders).where(eq(loanOrders.id, orderId));
      expect(order).toMatchObject({
        status: OrderStatus.REJECTED,
        decisionReason: 'The borrower declined terms that changed after the application',
      });
    } finally {
      await restoreProduct();
    }
  });
});

describe('one open application or loan per borrower; a double tap is one order', () => {
  it('a double tap (two pushes at once) and 15 pushes in a row make one order and answer it each time', async () => {
    const a = await borrower();
    const quoteId = (await detail(a, 1_000_000)).data.quoteId;
    const replies = await Promise.all([push(a, 1_000_000, quoteId), push(a, 1_000_000, quoteId)]);
    for (let i = 0; i < 13; i++) replies.push(await push(a, 1_000_000, quoteId));
    expect(replies.map((r) => r.code)).toEqual(Array(15).fill(0));
    expect(new Set(replies.map((r) => r.data.orderId)).size).toBe(1);
  });

  it('another application while one is open is refused, naming the order that stands in the way', async () => {
    const a = await borrower();
    const first = (await push(a, 1_000_000)).data.orderId as number;
    const [order] = await db.select().from(loanOrders).where(eq(loanOrders.id, first));
    const second = await push(a, 500_000);
    expect(second).toMatchObject({
      code: Code.OPEN_LOAN_LIMIT,
      message: `You already have an application in progress (${order!.orderNo}). You can apply again once it is settled.`,
    });
  });

  it('different amounts pushed at once: one order, the rest refused (the borrower lock holds on PostgreSQL too)', async () => {
    const a = await borrower();
    const replies = await Promise.all([300_000, 400_000, 500_000, 600_000, 700_000].map((amount) => push(a, amount)));
    expect(replies.filter((r) => r.code === 0)).toHaveLength(1);
    expect(replies.filter((r) => r.code === Code.OPEN_LOAN_LIMIT)).toHaveLength(4);
  });

  it('a product that allows two open loans takes a second application, not a third', async () => {
    await db.update(products).set({ openLoansAllowed: 2 }).where(eq(products.id, 1));
    try {
      const a = await borrower();
      expect((await push(a, 1_000_000)).code).toBe(0);
      expect((await push(a, 500_000)).code).toBe(0);
      expect((await push(a, 300_000)).code).toBe(Code.OPEN_LOAN_LIMIT);
    } finally {
      await db.update(products).set({ openLoansAllowed: 1 }).where(eq(products.id, 1));
    }
  });
});
