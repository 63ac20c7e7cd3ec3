import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import { href, pages } from '../src/shared/pages';
import { apiLogin, describeBrowser, hasBrowser, latestSmsCode, type PhonePage, phonePage } from './support/browser';

/** Seeded for this test (src/server/db/seed/legacy-repayment.ts): a due loan, a GCash wallet and a BPI account. */
const PHONE = '09175563900';

let p: PhonePage;
let session: { sessionId: string; userId: string };
let order: { orderId: number; productId: number };

beforeAll(async () => {
  if (!hasBrowser) return;
  session = await apiLogin(PHONE);
  const res = await fetch(`${inject('baseUrl')}/owner/v3/home/overview`, {
    headers: { authorization: `Session ${session.sessionId}` },
  });
  const body = (await res.json()) as { data: { orders: { orderId: number; productId: number; status: number }[] } };
  const due = body.data.orders.find((o) => [170, 174, 180].includes(o.status));
  if (!due) throw new Error('the seeded legacy borrower has no loan to repay');
  order = due;
  p = await phonePage();
});
afterAll(async () => {
  await p?.context.close();
});

const toast = (text: string) => p.page.locator('.adm-toast-main', { hasText: text });
const detailPath = () => href('loanDetail', { productId: order.productId, orderId: order.orderId });

describeBrowser('spec 000 §2, §4 legacy repayment screen', () => {
  it('spec 000 §4: choose a card (required first), submit, enter the SMS code (60 s resend), then the borrow detail', async () => {
    const { page } = p;
    // A part of what is due, so the loan stays open for the next test.
    const query = new URLSearchParams({ ...session, orderId: String(order.orderId), productId: String(order.productId), amount: '20000' });
    await page.goto(p.url(`${pages.legacyRepayment}?${query}`));
    await page.getByTestId('legacy-card').first().waitFor();
    expect(page.url()).not.toContain('sessionId');
    expect(await page.getByTestId('legacy-card').allTextContents()).toEqual(['GCash•••• 3900', 'Bank of the Philippine Islands•••• 4567']);
    expect(await page.getByTestId('legacy-amount').textContent()).toBe('₱200.00');

    await page.getByTestId('legacy-submit').click();
    await toast('Please choose a bank card first').waitFor();
    await p.screenshot('legacy-repayment-cards');

    await page.getByText('GCash').click();
    await page.getByTestId('legacy-submit').click();
    await page.getByTestId('legacy-code-entry').waitFor();
    expect(await page.getByTestId('legacy-resend').textContent()).toMatch(/^Resend in (60|59|58) s$/);
    expect(await page.getByTestId('legacy-resend').isDisabled()).toBe(true);

    await page.getByTestId('legacy-code').fill('12345');
    await page.getByTestId('legacy-confirm').click();
    await toast('Enter the correct code').waitFor();

    const code = await latestSmsCode(PHONE);
    await page.getByTestId('legacy-code').fill(code === '000000' ? '111111' : '000000');
    await page.getByTestId('legacy-confirm').click();
    await toast('Verification code error').waitFor();
    await p.screenshot('legacy-repayment-code');
    expect(p.errors).toEqual([]);

    await page.getByTestId('legacy-code').fill(code);
    await page.getByTestId('legacy-confirm').click();
    await page.waitForURL((url) => `${url.pathname}${url.search}` === detailPath());
  });

  it('spec 000 §4: without verification (sendMsg 0) the submit goes straight to the borrow detail', async () => {
    const { page } = p;
    p.errors.length = 0;
    const query = new URLSearchParams({ orderId: String(order.orderId), productId: String(order.productId), amount: '5000', sendMsg: '0' });
    await page.goto(p.url(`${pages.legacyRepayment}?${query}`));
    await page.getByTestId('legacy-card').first().waitFor();
    expect(await page.getByTestId('legacy-amount').textContent()).toBe('₱50.00');
    await page.getByText('Bank of the Philippine Islands').click();
    const committed = page.waitForResponse((r) => r.url().includes('/repayment-commit'));
    await page.getByTestId('legacy-submit').click();
    expect((await (await committed).json()).data).toMatchObject({ needValid: 0 });
    expect(p.errors).toEqual([]);
    await page.waitForURL((url) => `${url.pathname}${url.search}` === detailPath());
  });
});
