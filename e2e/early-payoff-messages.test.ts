import { afterAll, beforeAll, expect, it } from 'vitest';
import { href } from '../src/shared/pages';
import { apiLoginApplied, describeBrowser, hasBrowser, type PhonePage, phonePage } from './support/browser';
import type { TestSession } from './support/login';
import { borrowerCall, runningLoanOf } from './support/loans';

/**
 * A new borrower's ₱4,000 Hiram Cash loan (91 days at 0.15% a day: ₱546.00 interest), paid out
 * today through the real calls: paid off on day 0 it costs no interest, and every step of it
 * (received, approved, sent, paid) is messaged once and listed on the records page.
 */
const PHONE = '09175567391';

let p: PhonePage;
let session: TestSession;
let orderId: number;

beforeAll(async () => {
  if (!hasBrowser) return;
  session = await apiLoginApplied(PHONE);
  orderId = await runningLoanOf(session);
  p = await phonePage();
});
afterAll(async () => {
  await p?.context.close();
});

const open = (path: string) =>
  p.page.goto(p.url(`${path}${path.includes('?') ? '&' : '?'}${new URLSearchParams({ ...session })}`));

describeBrowser('early payoff from the first day, and the messages of the journey', () => {
  it('day 0: "Pay off now" is offered at the principal alone, no lock-in notice; paying it settles the loan with no interest', async () => {
    const { page } = p;
    await open(href('repay', { orderId, productId: 1 }));
    await page.getByTestId('payoff-amount').waitFor();
    expect(await page.getByTestId('payoff-amount').textContent()).toBe('Pay off now: ₱4,000.00');
    expect(await page.getByTestId('payoff').textContent()).toContain('₱546.00 of scheduled interest');
    expect(await page.getByTestId('lock-in').count()).toBe(0);
    // The amount to pay today is the payoff itself: no second choice, and the date's amount beside it.
    expect(await page.getByTestId('repay-amount').textContent()).toBe('₱4,000.00');
    expect(await page.getByTestId('repay-date').textContent()).toMatch(/^₱4,546\.00 if paid on the repayment date, /);
    expect(await page.getByTestId('payoff-choice').count()).toBe(0);
    await p.screenshot('early-payoff-day0');
    await page.getByTestId('payment-method').click();
    await page.getByTestId('pay-submit').click();
    await page.waitForURL(/\/sandbox\/pay\/\d+\?key=[\w-]+$/);
    expect(await page.getByText('₱4,000.00').count()).toBeGreaterThan(0);
    await page.getByRole('button', { name: 'Pay', exact: true }).click();
    await page.getByText('Payment received').waitFor();
    const records = await borrowerCall(session, 'GET', '/v3/records/order', { orderId });
    expect(records.data).toMatchObject({ settled: true, totalPaid: 400_000 });
  });

  it('the records page lists each message once (received, approved with the net amount, sent, paid with its receipt) and the optional ones can be turned off', async () => {
    const { page } = p;
    // The sweep sends within a second of each event.
    await expect
      .poll(
        async () => {
          const res = await borrowerCall(session, 'GET', '/v3/messages', { orderId });
          return (res.data.messages as { kind: string }[]).map((m) => m.kind).sort();
        },
        { timeout: 15_000 },
      )
      .toEqual(['application-received', 'approved', 'money-sent', 'payment-received']);
    await open(href('records', { orderId }));
    await page.getByTestId('records-messages').waitFor();
    await page.locator('[data-testid="message-row"][data-kind="payment-received"]').waitFor();
    const approved = await page.locator('[data-testid="message-row"][data-kind="approved"]').textContent();
    // ₱4,000 less the ₱120 service fee (3%): ₱3,880 is what is sent.
    expect(approved).toMatch(
      /₱3,880\.00 \(₱4,000\.00 less the ₱120\.00 service fee\) will be sent to your GCash •••• \d{4}/,
    );
    expect(await page.locator('[data-testid="message-row"][data-kind="payment-received"]').textContent()).toMatch(
      /we received your payment of ₱4,000\.00 .* Receipt no\. \S+\. The loan is paid in full\./,
    );
    expect(await page.getByTestId('message-row').count()).toBe(4);
    await p.screenshot('records-messages');
    const setting = page.getByTestId('message-setting-limit-raised');
    expect(await setting.isChecked()).toBe(true);
    await setting.click();
    await expect.poll(() => setting.isChecked()).toBe(false);
    const saved = await borrowerCall(session, 'GET', '/v3/messages/settings');
    expect(saved.data.settings).toContainEqual({ kind: 'limit-raised', enabled: false });
  });
});
