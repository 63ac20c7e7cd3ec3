import { afterAll, beforeAll, expect, it } from 'vitest';
import { formatHumanDate } from '../src/shared/format/date';
import { href } from '../src/shared/pages';
import { apiLogin, describeBrowser, hasBrowser, type PhonePage, phonePage } from './support/browser';
import { inlineSvg } from './support/page-checks';
import { e2eServer } from './support/server';

/** Seeded for this test (src/server/db/seed/repayment-journeys.ts): one loan due (174), one overdue (180). */
const PHONE = '09175564000';
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
const orderById = async (id: number) => (await orders()).find((o) => o.orderId === id)!;

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

describeBrowser('Repayment journeys (spec 001 §2.5–2.9, architecture.md: Providers)', () => {
  it('spec 001 §2.8: a due order → Payment Method → GCash → Payment → sandbox Pay → the order is settled (200)', async () => {
    const due = (await orders()).find((o) => o.status === 174)!;
    const { page } = p;
    await open(href('repay', { orderId: due.orderId, productId: due.productId }));
    await page.getByTestId('repay-amount').waitFor();
    expect(await page.getByTestId('repay-amount').textContent()).toMatch(/^₱5,\d{3}\.\d{2}$/);
    // §4 Fold: two rows, then all with More.
    expect(await page.getByTestId('repay-detail-rows').locator('dt').count()).toBe(2);
    await page.getByTestId('repay-fold').click();
    expect(await page.getByTestId('repay-detail-rows').locator('dt').count()).toBeGreaterThan(2);
    await p.screenshot('repay');
    await page.getByTestId('payment-method').click();
    await page.getByText('Please select your repayment method for payment').waitFor();
    expect(await page.getByTestId('channel-91001').getAttribute('aria-pressed')).toBe('true');
    await p.screenshot('repay-sheet');
    await page.getByTestId('pay-submit').click();
    await page.waitForURL(/\/sandbox\/pay\/\d+\?key=[\w-]+$/);
    await page.getByRole('button', { name: 'Pay', exact: true }).click();
    await page.getByText('Payment received').waitFor();
    await p.screenshot('sandbox-paid');
    expect((await orderById(due.orderId)).status).toBe(200);
  });

  it('spec 001 §2.9: Rollover Repayment → Payment → sandbox Pay → the order is back in 170 with the next date', async () => {
    const overdue = (await orders()).find((o) => o.status === 180)!;
    const { page } = p;
    await open(href('repayDelay', { orderId: overdue.orderId, productId: overdue.productId }));
    await page.getByTestId('delay-next-date').waitFor();
    const next = (await page.getByTestId('delay-next-date').textContent())!.replace('Your next payment date is ', '');
    await p.screenshot('repay-delay');
    await page.getByTestId('payment-method').click();
    await page.getByTestId('pay-submit').click();
    await page.waitForURL(/\/sandbox\/pay\/\d+\?key=[\w-]+$/);
    await page.getByRole('button', { name: 'Pay', exact: true }).click();
    await page.getByText('Payment received').waitFor();
    expect((await orderById(overdue.orderId)).status).toBe(170);
    const detail = await fetch(`${base}/owner/v3/repayment/installment-detail?orderId=${overdue.orderId}`, {
      headers: { authorization: `Session ${session.sessionId}` },
    }).then((r) => r.json());
    // The page says the day the human way (27 Feb 2027); the reply carries it as a calendar date.
    expect(formatHumanDate(detail.data.repayDate, 'en')).toBe(next);
  });

  it('Fail on the pay page leaves the order as it was and says so', async () => {
    const open170 = (await orders()).find((o) => o.status === 170)!;
    const { page } = p;
    await open(href('repay', { orderId: open170.orderId }));
    await page.getByTestId('payment-method').click();
    await page.getByTestId('pay-submit').click();
    await page.waitForURL(/\/sandbox\/pay\/\d+\?key=[\w-]+$/);
    await page.getByRole('button', { name: 'Fail', exact: true }).click();
    await page.getByText('The payment failed. Nothing was charged and your order is unchanged.').waitFor();
    expect((await orderById(open170.orderId)).status).toBe(170);
  });

  it('spec 001 §2.6, §2.7: a counter channel shows the code to copy; the pay box opens the contract number with notices', async () => {
    const { page } = p;
    const open170 = (await orders()).find((o) => o.status === 170)!;
    await open(href('repay', { orderId: open170.orderId }));
    await page.getByTestId('pay-box').click();
    await page.waitForURL(/\/repaymentOfCode2$/);
    await page.getByTestId('contract-number').waitFor();
    // The barcode library is its own chunk, loaded under the real CSP: the bars must be drawn.
    await page.locator('[data-testid="cashier-barcode"][data-drawn="yes"] rect').first().waitFor();
    expect(await page.getByText('Over the counter').count()).toBe(1);
    await p.screenshot('repayment-code-2');
    await open(href('repay', { orderId: open170.orderId }));
    await page.getByTestId('payment-method').click();
    await page.getByTestId('channel-91003').click();
    await page.getByTestId('pay-submit').click();
    await page.waitForURL(/\/repaymentOfCode\?showType=1/);
    await page.getByTestId('pay-code').waitFor();
    expect(await page.getByTestId('cashier-sentence').textContent()).toBe('Give this number to the cashier:');
    await page.locator('[data-testid="cashier-barcode"][data-drawn="yes"] rect').first().waitFor();
    await page.getByTestId('copy-code').click();
    await page.locator('.adm-toast-main', { hasText: 'Copy success' }).waitFor();
    await p.screenshot('repayment-code');
    await page.goto(p.url(href('repaymentOfCode', { showType: 2, payCode: 'hiram-sandbox:1:100', repayAmount: 100 })));
    // The server draws the QR: the image loads from its address and is named for a screen reader.
    await page.waitForFunction(() => {
      const qr = document.querySelector<HTMLImageElement>('[data-testid="pay-qr"]');
      return qr?.complete === true && qr.naturalWidth > 0;
    });
    expect(await page.getByRole('img', { name: 'QR code to scan with your e-wallet or banking app' }).count()).toBe(1);
    expect(await page.locator('ol li').count()).toBe(5);
  });

  it('spec 001 §2.5: payment instructions for GCash, Maya and counters; tapping a step enlarges it', async () => {
    const { page } = p;
    await page.goto(p.url(href('paymentInstructions')));
    await p.ready();
    await page.getByText('GCash (Pay Bills)').waitFor();
    expect(await page.getByText('Maya (Pay Bills)').count()).toBe(1);
    // The step pictures arrive inside the page (the first is its largest paint).
    const first = await page.getByTestId('step-image').first().locator('img').getAttribute('src');
    expect(inlineSvg(first)).toMatch(/^<svg .*<\/svg>\s*$/s);
    await page.getByTestId('step-image').first().click();
    await page.locator('.adm-image-viewer-content').waitFor();
    // The enlarged picture is the same one, shown whole.
    await page.locator('.adm-image-viewer-content img').waitFor();
    expect(await page.locator('.adm-image-viewer-content img').first().getAttribute('src')).toBe(first);
    await p.screenshot('payment-instructions');
  });
});
