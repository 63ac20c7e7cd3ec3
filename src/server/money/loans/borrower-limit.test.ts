import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { Code } from '../../../shared/codes';
import { OrderStatus } from '../../../shared/order-status';
import { loanOrders, orderEvents } from '../../db/schema';
import { parseLoanProduct } from '../../domain/loan';
import { authHeader, buildTestApp } from '../../test/test-app';
import { limitOf } from './borrower-limit';

const t = await buildTestApp();
const db = t.database.db;
let phones = 0;
const borrower = async () => {
  const phone = `0917556${String(3000 + phones++).padStart(4, '0')}`;
  return { phone, headers: authHeader(await t.loginApplied(phone)) };
};
const json = (
  method: 'GET' | 'POST',
  url: string,
  headers: Record<string, string>,
  payload?: Record<string, unknown>,
) => t.app.inject({ method, url: `/owner${url}`, headers, ...(payload ? { payload } : {}) }).then((r) => r.json());

// Hiram Plus: ₱10,000 to ₱50,000 in ₱1,000 steps; a first loan at most ₱20,000, +₱10,000 per loan repaid on time.
const plus = parseLoanProduct({
  minAmount: 1_000_000,
  maxAmount: 5_000_000,
  amountStep: 100_000,
  termDays: 180,
  periods: 6,
  dailyInterestBps: 10,
  serviceFeeBps: 250,
  extensionFeeBps: 150,
  extensionAllowed: true,
});
if (!plus.ok) throw new Error(plus.errors.join('; '));
const row = { id: 2, firstLoanMax: 2_000_000, limitStep: 1_000_000 };

describe('a borrower’s own limit: a first loan starts small and grows with loans repaid on time', () => {
  it('limitOf: ₱20,000 first, ₱30,000 after one loan on time, never above the product, always on its step', () => {
    expect(limitOf(plus.product, row, 0)).toBe(2_000_000);
    expect(limitOf(plus.product, row, 1)).toBe(3_000_000);
    expect(limitOf(plus.product, row, 9)).toBe(5_000_000);
    expect(limitOf(plus.product, { ...row, firstLoanMax: 2_050_000 }, 0)).toBe(2_000_000);
    expect(limitOf(plus.product, { ...row, firstLoanMax: 1 }, 0)).toBe(1_000_000);
    expect(limitOf(plus.product, { ...row, firstLoanMax: null }, 0)).toBe(5_000_000);
  });

  it('home and the confirm page offer a new borrower ₱20,000 of Hiram Plus; more is refused, saying why, and makes no order', async () => {
    const { headers } = await borrower();
    const home = await json('GET', '/v3/home/overview', headers);
    expect(home.data.products.find((p: { productId: number }) => p.productId === 2)).toMatchObject({
      maxAmount: 5_000_000,
      limit: 2_000_000,
    });
    const detail = await json('GET', '/v3/loan-confirm/detail?productId=2', headers);
    expect(detail.data).toMatchObject({
      amount: 2_000_000,
      minAmount: 1_000_000,
      maxAmount: 2_000_000,
      amountStep: 100_000,
    });
    const over = await json('GET', '/v3/loan-confirm/detail?productId=2&amount=2100000', headers);
    expect(over).toMatchObject({
      code: Code.BAD_REQUEST,
      data: { field: 'amount' },
      message: 'Your limit for Hiram Plus is ₱20,000.00. It grows with each loan you repay on time.',
    });
    const pushed = await json('POST', '/v3/loan-confirm/push', headers, {
      productId: 2,
      amount: 2_100_000,
      periods: 6,
      termUnit: 1,
    });
    expect(pushed.code).toBe(Code.BAD_REQUEST);
    expect(
      (
        await json('POST', '/v3/loan-confirm/push', headers, {
          productId: 2,
          amount: 1_500_000,
          periods: 6,
          termUnit: 1,
        })
      ).code,
    ).toBe(0);
  });

  it('a loan settled without going overdue raises the limit; one that went overdue does not', async () => {
    const { headers } = await borrower();
    const pushed = await json('POST', '/v3/loan-confirm/push', headers, {
      productId: 2,
      amount: 2_000_000,
      periods: 6,
      termUnit: 1,
    });
    const orderId = pushed.data.orderId as number;
    // Settled on time (the history a repaid loan leaves: no 180 on its way to 200).
    await db.update(loanOrders).set({ status: OrderStatus.SETTLED }).where(eq(loanOrders.id, orderId));
    expect((await json('GET', '/v3/loan-confirm/detail?productId=2', headers)).data.maxAmount).toBe(3_000_000);
    await db.insert(orderEvents).values({
      orderId,
      fromStatus: OrderStatus.DUE,
      toStatus: OrderStatus.OVERDUE,
      actor: 'system',
      businessDate: '2026-11-01',
    });
    expect((await json('GET', '/v3/loan-confirm/detail?productId=2', headers)).data.maxAmount).toBe(2_000_000);
  });
});
