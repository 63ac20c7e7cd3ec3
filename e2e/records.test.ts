import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { OrderRecords } from '../src/shared/contracts/records';
import { formatMoney } from '../src/shared/format/money';
import { href } from '../src/shared/pages';
import { describeBrowser, hasBrowser, type PhonePage, phonePage } from './support/browser';
import { borrowerCall, disbursedLoan, payThroughSandbox } from './support/loans';
import type { TestSession } from './support/login';
import {
  axeViolations,
  clippedText,
  horizontalOverflow,
  smallTargets,
  unreachableByKeyboard,
} from './support/page-checks';

/** A borrower no other browser test signs in with; the application names them Carmela Dizon (support/application.ts). */
const PHONE = '09175568100';
const NAME = 'Carmela Dizon';

let p: PhonePage;
let loan: { orderId: number; session: TestSession };
let orderNo = '';

beforeAll(async () => {
  if (!hasBrowser) return;
  loan = await disbursedLoan(PHONE);
  p = await phonePage();
});
afterAll(async () => {
  await p?.context.close();
});

/** Opens a page as the app does: the session and the language in the address. */
const open = (path: string, lang: string) =>
  p.page.goto(
    p.url(`${path}${path.includes('?') ? '&' : '?'}${new URLSearchParams({ ...loan.session })}&lang=${lang}`),
  );
const centavos = (text: string | null) => Math.round(Number((text ?? '').replace(/[₱,\s]/g, '')) * 100);
/** What settles the loan today, as the repay page offers it (early payoff: interest only to today). */
const payoffNow = async () =>
  (
    (await borrowerCall(loan.session, 'GET', '/v3/repayment/installment-detail', { orderId: loan.orderId })).data as {
      payoff: { amount: number };
    }
  ).payoff.amount;
const recordsNow = async () =>
  (await borrowerCall(loan.session, 'GET', '/v3/records/order', { orderId: loan.orderId }))
    .data as unknown as OrderRecords;

/** Everyone can use the page: no axe-core finding, no sideways scroll, no clipped text, 44 px targets, all reachable by keyboard. */
async function usable(page: Page) {
  // Once the loading toast has faded out (it is no part of the page).
  await page.locator('.adm-toast-main').waitFor({ state: 'detached' });
  return {
    axe: await axeViolations(page),
    sideways: await horizontalOverflow(page),
    clipped: await clippedText(page),
    targets: await smallTargets(page),
    keyboard: await unreachableByKeyboard(page),
  };
}
const USABLE = { axe: [], sideways: [], clipped: [], targets: [], keyboard: [] };

/** The receipt's allocation lines, added up, in centavos. */
async function allocated(page: Page): Promise<number> {
  const values = await page.getByTestId('receipt-allocation').locator('dd').allTextContents();
  return values.reduce((sum, value) => sum + centavos(value), 0);
}

let settled = false;
/** Pays what is left through the sandbox (once), and rates the app so the order page asks no rating. */
async function settle() {
  if (settled) return;
  await payThroughSandbox(loan.session, loan.orderId, await payoffNow());
  expect((await borrowerCall(loan.session, 'POST', '/v3/loan-details/google-score', { score: 5 })).code).toBe(0);
  settled = true;
}

describeBrowser('records: the schedule, each payment’s receipt, and the certificate of full payment', () => {
  it('a running loan: Records opens from the order page; the first payment’s receipt shows what it paid and the balance after it; no certificate yet', async () => {
    const reference = await payThroughSandbox(loan.session, loan.orderId, 100_000);
    const { page } = p;
    await open(href('loanDetail', { orderId: loan.orderId, productId: 1 }), 'en');
    // A repaying loan shows the Kind tips first (spec 001 §4).
    await page.getByRole('button', { name: 'Got it' }).click();
    await page.getByTestId('order-records-link').click();
    await page.waitForURL(/\/records\?orderId=\d+$/);
    await page.getByRole('heading', { level: 1, name: 'Loan records' }).waitFor();
    await page.getByTestId('records-schedule').waitFor();

    const api = await recordsNow();
    orderNo = api.orderNo;
    // The page shows the server's figures: what is left is what settles the loan.
    expect(await page.getByTestId('schedule-left').textContent()).toBe(formatMoney(api.totals.left));
    expect(api.totals.left).toBe(api.totals.principal + api.totals.interest - 100_000);
    const rows = page.getByTestId('payment-row');
    expect(await rows.count()).toBe(1);
    expect(await rows.first().textContent()).toContain('GCash');
    expect(await rows.first().textContent()).toContain(reference);
    expect(await page.getByTestId('records-certificate').count()).toBe(0);
    expect(await page.getByTestId('records-disclosure').count()).toBe(1);
    await p.screenshot('records-repaying');

    await rows.first().click();
    await page.getByTestId('receipt').waitFor();
    expect(await page.getByTestId('receipt-reference').textContent()).toBe(reference);
    expect(await page.getByTestId('receipt-channel').textContent()).toBe('GCash');
    expect(await allocated(page)).toBe(100_000);
    // The balance after it is what settles the loan that day: interest paid ahead counts against the principal.
    expect(await page.getByTestId('receipt-remaining').textContent()).toBe(formatMoney(await payoffNow()));
    await p.screenshot('receipt-partial');

    // The certificate waits for the loan to be paid in full, and says so.
    await open(href('paymentCertificate', { orderId: loan.orderId }), 'en');
    const refusal =
      'This loan is not paid in full yet. The certificate of full payment is issued once the loan is settled.';
    // On the page, not only in the toast that announced it.
    await page
      .getByRole('alert')
      .filter({ has: page.getByRole('paragraph') })
      .getByText(refusal)
      .waitFor();
    expect(await page.getByTestId('certificate').count()).toBe(0);
    expect(p.errors.splice(0).filter((e) => !/status of 409/.test(e))).toEqual([]);
  });

  it.each([
    [
      'en',
      {
        title: 'Loan records',
        receipt: 'Payment receipt',
        certificate: 'Certificate of full payment',
        certifies: /certifies that Carmela Dizon has paid in full the loan of ₱4,000\.00 under contract HRM\d{8}/,
      },
    ],
    [
      'fil',
      {
        title: 'Mga record ng loan',
        receipt: 'Resibo ng bayad',
        certificate: 'Sertipiko ng buong pagbabayad',
        certifies:
          /^Pinatutunayan ng .* na si Carmela Dizon ay buong nakabayad sa loan na ₱4,000\.00 sa ilalim ng kontratang HRM\d{8}/,
      },
    ],
  ])('a settled loan (%s): the records, the paying-off receipt and the certificate, printable', async (lang, text) => {
    await settle();
    const api = await recordsNow();
    expect(api).toMatchObject({ status: 200, settled: true, totals: { left: 0 } });
    const { page } = p;
    await open(href('loanDetail', { orderId: loan.orderId, productId: 1 }), lang);
    await page.getByTestId('order-records-link').click();
    await page.getByRole('heading', { level: 1, name: text.title }).waitFor();
    await page.getByTestId('records-schedule').waitFor();
    expect(
      await page.getByTestId('schedule-row').evaluateAll((rows) => rows.map((row) => row.getAttribute('data-state'))),
    ).toEqual(['paid']);
    expect(await page.getByTestId('schedule-left').textContent()).toBe('₱0.00');
    expect(await page.getByTestId('records-total-paid').textContent()).toBe(formatMoney(api.totalPaid));
    expect(await page.getByTestId('payment-row').count()).toBe(2);
    expect(await usable(page)).toEqual(USABLE);
    await p.screenshot(`records-settled-${lang}`);

    // The payment that paid the loan off: all of it applied, nothing left.
    const last = api.payments.at(-1)!;
    await page.getByTestId('payment-row').last().click();
    await page.getByRole('heading', { level: 1, name: text.receipt }).waitFor();
    await page.getByTestId('receipt').waitFor();
    expect(await page.getByTestId('receipt-reference').textContent()).toBe(last.reference);
    expect(await page.getByTestId('receipt-amount').textContent()).toBe(formatMoney(last.amount));
    expect(await allocated(page)).toBe(last.amount);
    expect(await page.getByTestId('receipt-remaining').textContent()).toBe('₱0.00');
    expect(await page.getByTestId('doc-lender').textContent()).toContain('Hiram Lending Corporation');
    expect(await usable(page)).toEqual(USABLE);
    await p.screenshot(`receipt-${lang}`);
    // Printed, the receipt is the document alone: no page header, no Print button.
    await page.emulateMedia({ media: 'print' });
    expect(await page.locator('header').first().isVisible()).toBe(false);
    expect(await page.getByTestId('print').isVisible()).toBe(false);
    expect(await page.getByTestId('receipt').isVisible()).toBe(true);
    await page.emulateMedia({ media: 'screen' });

    await page.goBack();
    await page.getByTestId('records-certificate').click();
    await page.getByRole('heading', { level: 1, name: text.certificate }).waitFor();
    await page.getByTestId('certificate').waitFor();
    expect(await page.getByTestId('certificate-borrower').textContent()).toBe(NAME);
    expect(await page.getByTestId('certificate-contract').textContent()).toBe(orderNo);
    expect(await page.getByTestId('certificate-amount').textContent()).toBe('₱4,000.00');
    expect(await page.getByTestId('certificate-total-paid').textContent()).toBe(formatMoney(api.totalPaid));
    expect(await page.getByTestId('certificate-statement').textContent()).toMatch(text.certifies);
    expect(await usable(page)).toEqual(USABLE);
    await p.screenshot(`certificate-${lang}`);
    expect(p.errors).toEqual([]);
  });
});
