import { afterAll, beforeAll, expect, it } from 'vitest';
import { href, pages } from '../src/shared/pages';
import { apiLogin, describeBrowser, hasBrowser, latestSmsCode, type PhonePage, phonePage } from './support/browser';
import { e2eServer } from './support/server';

/** Seeded for this test (src/server/db/seed/legacy-repayment.ts): each with a due loan; the second's only wallet is declined by the sandbox. */
const PHONE = '09175563900';
const DECLINED_PHONE = '09175563901';

interface Borrower {
  phone: string;
  session: { sessionId: string; userId: string };
  order: { orderId: number; productId: number };
}

let p: PhonePage;
let paying: Borrower;
let declined: Borrower;

async function borrower(phone: string): Promise<Borrower> {
  const session = await apiLogin(phone);
  const res = await fetch(`${e2eServer().baseUrl}/owner/v3/home/overview`, {
    headers: { authorization: `Session ${session.sessionId}` },
  });
  const body = (await res.json()) as { data: { orders: { orderId: number; productId: number; status: number }[] } };
  const order = body.data.orders.find((o) => [170, 174, 180].includes(o.status));
  if (!order) throw new Error(`the seeded legacy borrower ${phone} has no loan to repay`);
  return { phone, session, order };
}

async function statusOf(who: Borrower) {
  const res = await fetch(`${e2eServer().baseUrl}/owner/v3/home/overview`, {
    headers: { authorization: `Session ${who.session.sessionId}` },
  });
  const body = (await res.json()) as { data: { orders: { orderId: number; status: number }[] } };
  return body.data.orders.find((o) => o.orderId === who.order.orderId)?.status;
}

beforeAll(async () => {
  if (!hasBrowser) return;
  paying = await borrower(PHONE);
  declined = await borrower(DECLINED_PHONE);
  p = await phonePage();
});
afterAll(async () => {
  await p?.context.close();
});

const toast = (text: string) => p.page.locator('.adm-toast-main', { hasText: text });
const detailPath = (who: Borrower) =>
  href('loanDetail', { productId: who.order.productId, orderId: who.order.orderId });
const open = (who: Borrower, extra: Record<string, string> = {}) =>
  p.page.goto(
    p.url(
      `${pages.legacyRepayment}?${new URLSearchParams({ ...who.session, orderId: String(who.order.orderId), productId: String(who.order.productId), ...extra })}`,
    ),
  );

describeBrowser('spec 000 §2, §4 legacy repayment screen', () => {
  it('spec 000 §4: choose a card (required first), submit, enter the SMS code (60 s resend); a confirmed charge settles the loan', async () => {
    const { page } = p;
    // The address asks for ₱200 without a code: the page shows, and the server charges, what is due now, with a code.
    await open(paying, { amount: '20000', sendMsg: '0' });
    await page.getByTestId('legacy-card').first().waitFor();
    expect(page.url()).not.toContain('sessionId');
    expect(await page.getByTestId('legacy-card').allTextContents()).toEqual([
      'GCash•••• 3900',
      'Bank of the Philippine Islands•••• 4567',
    ]);
    expect(await page.getByTestId('legacy-amount').textContent()).not.toBe('₱200.00');

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
    await page.waitForURL((url) => `${url.pathname}${url.search}` === detailPath(paying));
    expect(await statusOf(paying)).toBe(200);
  });

  it('spec 000 §4: a charge the provider declines changes nothing', async () => {
    // Another borrower: a fresh browser, as a link with another account's session would ask to switch.
    await p.context.close();
    p = await phonePage();
    const { page } = p;
    const before = await statusOf(declined);
    await open(declined);
    await page.getByTestId('legacy-card').first().waitFor();
    await page.getByText('Maya').click();
    await page.getByTestId('legacy-submit').click();
    await page.getByTestId('legacy-code-entry').waitFor();
    await page.getByTestId('legacy-code').fill(await latestSmsCode(DECLINED_PHONE));
    await page.getByTestId('legacy-confirm').click();
    await page.waitForURL((url) => `${url.pathname}${url.search}` === detailPath(declined));
    expect(await statusOf(declined)).toBe(before);
    expect(p.errors).toEqual([]);
  });
});
