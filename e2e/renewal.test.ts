import { afterAll, beforeAll, expect, it } from 'vitest';
import { href } from '../src/shared/pages';
import { apiLogin, describeBrowser, hasBrowser, type PhonePage, phonePage } from './support/browser';
import { e2eServer } from './support/server';

/**
 * Seeded for this test (src/server/db/seed/repayment-journeys.ts): a Hiram Plus ₱20,000 loan whose
 * first installment is due today, and a Hiram Cash ₱5,000 loan 60 days in (prepayment open).
 */
const PHONE = '09175564001';
const base = e2eServer().baseUrl;

let p: PhonePage;
let session: { sessionId: string; userId: string };
type Row = { orderId: number; productId: number; status: number };

async function orders(): Promise<Row[]> {
  const res = await fetch(`${base}/owner/v3/home/overview`, {
    headers: { authorization: `Session ${session.sessionId}` },
  });
  return ((await res.json()) as { data: { orders: Row[] } }).data.orders;
}

beforeAll(async () => {
  if (!hasBrowser) return;
  session = await apiLogin(PHONE);
  p = await phonePage();
});
afterAll(async () => {
  await p?.context.close();
});

const open = (path: string) =>
  p.page.goto(p.url(`${path}${path.includes('?') ? '&' : '?'}${new URLSearchParams(session)}`));

describeBrowser('renewals and payoffs (spec 001 §2.8, §2.9, §9)', () => {
  it('spec 001 §9: the repay page of a loan past half its term shows "Pay off now"; choosing it pays that amount and settles the loan', async () => {
    const cash = (await orders()).find((o) => o.productId === 1)!;
    const { page } = p;
    await open(href('repay', { orderId: cash.orderId, productId: cash.productId }));
    await page.getByTestId('payoff-amount').waitFor();
    // Day 60 of 91 on ₱5,000 at 0.15% a day: 500,000 + 60 × 750 = 545,000; 31 × 750 = 23,250 waived.
    expect(await page.getByTestId('payoff-amount').textContent()).toBe('Pay off now: ₱5,450.00');
    expect(await page.getByTestId('payoff').textContent()).toContain('₱232.50 of scheduled interest');
    // Paying today settles the loan for less than the date asks: that is the amount due, no choice.
    expect(await page.getByTestId('repay-amount').textContent()).toBe('₱5,450.00');
    expect(await page.getByTestId('payoff-choice').count()).toBe(0);
    await p.screenshot('repay-payoff');
    await page.getByTestId('payment-method').click();
    await page.getByTestId('pay-submit').click();
    await page.waitForURL(/\/sandbox\/pay\/\d+\?key=[\w-]+$/);
    expect(await page.getByText('₱5,450.00').count()).toBeGreaterThan(0);
    await page.getByRole('button', { name: 'Pay', exact: true }).click();
    await page.getByText('Payment received').waitFor();
    expect((await orders()).find((o) => o.orderId === cash.orderId)?.status).toBe(200);
  });

  it('spec 001 §2.9: the delay page of a multi-installment loan shows the real next installment and the renewal terms', async () => {
    const plus = (await orders()).find((o) => o.productId === 2)!;
    expect(plus.status).toBe(174);
    const { page } = p;
    await open(href('repayDelay', { orderId: plus.orderId, productId: plus.productId }));
    await page.getByTestId('delay-amount').waitFor();
    // 60,000 interest due + 1.5% of ₱20,000 = 30,000 fee.
    expect(await page.getByTestId('delay-amount').textContent()).toBe('₱900.00');
    // Installment 1 after extending: 333,333 principal + 60,000 extension interest (its own interest is paid now).
    const next = page.getByTestId('plan-row').nth(1);
    expect(await next.textContent()).toContain('Next installment after extending');
    expect(await next.textContent()).toContain('₱3,933.33');
    expect(await next.textContent()).not.toContain('₱20,600.00');
    await page.getByTestId('renewal-terms').waitFor();
    expect(await page.getByTestId('renewal-schedule').locator('li').count()).toBe(6);
    expect(await page.getByTestId('renewal-terms').textContent()).toContain('Extension fee₱300.00');
    await p.screenshot('repay-delay-renewal');
  });
});
