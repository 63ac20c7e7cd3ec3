import type { APIRequestContext } from 'playwright-core';
import { afterAll, expect, it } from 'vitest';
import { formatMoney } from '../src/shared/format/money';
import { href, pages } from '../src/shared/pages';
import { idNumberOf, ID_PHOTO, SELFIE } from './support/application';
import { describeBrowser, latestSmsCode, type PhonePage, phonePage } from './support/browser';
import { disburseThroughPayout } from './support/payouts';
import { e2eServer } from './support/server';
import { staffAccount, staffAuth, staffPost } from './support/staff-desk';

/**
 * The proof of a first loan from the open web: a brand-new phone opens the official site, taps
 * Apply, signs in, answers the application, reads the quote and consents, is approved by credit
 * and paid out by two finance users, pays through the sandbox as the repay page offers it, and
 * keeps its receipt and certificate. Every amount the pages show is checked against the engine:
 * the quote the confirm and repay pages read (the same calls, with the borrower's session), and
 * the public calculator, which prices through the same engine without a session. Once in English,
 * once in Filipino, at 360×780.
 */
const JOURNEYS = [
  ['en', '09176420511'],
  ['fil', '09176420512'],
] as const;
const AMOUNT = 300_000;

type Reply<T> = { code: number; message: string; data: T };
type Row = { text: string; value: string };
type Quote = {
  amount: number;
  termDays: number;
  details: Row[];
  disclosure: Row[];
  repay_plans: { title: string; amount: number; pay_time: string }[];
};
type Installment = {
  repayAmount: number;
  payoff?: { amount: number; rebate: number };
  lockIn?: { payAll: number };
};
type Priced = { quote: { netProceeds: number; serviceFee: number; interest: number; totalRepayable: number } };

/** A borrower call with the page's own session (its cookie), in the page's language. */
async function read<T>(request: APIRequestContext, lang: string, path: string): Promise<T> {
  const res = await request.get(`${e2eServer().baseUrl}/owner${path}`, { headers: { 'accept-language': lang } });
  const body = (await res.json()) as Reply<T>;
  if (body.code !== 0) throw new Error(`${path} answered ${body.code}: ${body.message}`);
  return body.data;
}

/** The texts of the development SMS outbox for a phone, newest first. */
async function outbox(phone: string): Promise<string[]> {
  const res = await fetch(`${e2eServer().baseUrl}/owner/dev/sms-outbox?phone=${phone}`);
  return ((await res.json()) as Reply<{ messages: { body: string }[] }>).data.messages.map((m) => m.body);
}

const opened: PhonePage[] = [];
afterAll(async () => {
  for (const p of opened) await p.context.close();
});

describeBrowser('a first loan from the open web, every amount from the engine (spec 001 §2.1, §2.8, §2.10)', () => {
  it.each(JOURNEYS)(
    '%s: official site → Apply → sign in → apply → consent → approved and paid out by two → paid → receipt and certificate',
    async (lang, phone) => {
      const p = await phonePage();
      opened.push(p);
      const { page, context } = p;
      const request = context.request;
      const pick = async (testId: string) => {
        await page.getByTestId(testId).click();
        await page.locator('.adm-picker-header-button').filter({ visible: true }).last().click();
        await page.waitForFunction(() =>
          Array.from(document.querySelectorAll('.adm-popup')).every((e) => e.getClientRects().length === 0),
        );
      };
      const save = async (next: string) => {
        await page.getByTestId('apply-save').click();
        await page.getByTestId(next).waitFor();
      };
      const text = async (testId: string) => ((await page.getByTestId(testId).textContent()) ?? '').trim();

      // The official site, as a visitor opens it: Apply leads to the sign-in, then home.
      await page.goto(p.url(`${pages.officialSite}?lang=${lang}`));
      await page.getByTestId('site-apply').waitFor();
      expect(await page.evaluate(() => document.documentElement.lang)).toBe(lang);
      await p.screenshot(`first-loan-site-${lang}`);
      await page.getByTestId('site-apply').click();
      await page.waitForURL(/\/login\?redirect=/);
      await p.ready();
      expect(await page.evaluate(() => document.documentElement.lang)).toBe(lang);
      await page.getByTestId('login-phone').fill(phone);
      await page.getByTestId('login-send-code').click();
      await expect.poll(() => page.getByTestId('login-send-code').textContent(), { timeout: 10_000 }).toMatch(/\d+/);
      await page.getByTestId('login-code').fill(await latestSmsCode(phone));
      await page.getByTestId('login-submit').click();
      await page.waitForURL('**/home');

      // Hiram Cash at ₱3,000; the application comes first.
      await page.getByTestId('apply-1').click();
      await page.waitForURL(/\/confirmLoan\?productId=1/);
      await page.getByTestId('amount-slider').fill(String(AMOUNT));
      await expect.poll(() => text('confirm-amount')).toBe(formatMoney(AMOUNT));
      await page.getByTestId('confirm-continue-application').click();
      await page.waitForURL(new RegExp(`/apply\\?productId=1&amount=${AMOUNT}`));
      await page.getByTestId('apply-consent').check();
      await page.getByTestId('apply-consent-next').click();
      await page.getByTestId('bind-fullName').fill('Lorna Bautista');
      await pick('bind-birthDate');
      await pick('bind-city');
      await page.getByTestId('bind-street').fill('12 Mabini St., Barangay Malate');
      await save('bind-employer');
      await pick('bind-employment');
      await page.getByTestId('bind-employer').fill('Bayanihan Logistics Inc.');
      await page.getByTestId('bind-monthlyIncome').fill('28000');
      await save('bind-refName');
      await page.getByTestId('bind-refName').fill('Rodel Bautista');
      await pick('bind-refRelation');
      await page.getByTestId('bind-refPhone').fill('0918 555 0202');
      await page.getByTestId('apply-refConsent').check();
      await save('bind-idNumber');
      await pick('bind-idType');
      await page.getByTestId('bind-idNumber').fill(idNumberOf(phone));
      await page.getByTestId('apply-idPhoto').setInputFiles(ID_PHOTO);
      await page.getByTestId('apply-selfie').setInputFiles(SELFIE);
      await expect.poll(() => page.locator('img[src*="/"]').filter({ visible: true }).count()).toBeGreaterThan(1);
      await save('apply-bind');
      await page.getByTestId('apply-bind').click();
      await page.waitForURL(/\/bindBank\?productId=1/);
      await page.getByTestId('bind-walletNo').fill(phone);
      // The holder's name and birth date come from the application, not asked again.
      await expect.poll(() => page.getByTestId('bind-accountName').inputValue()).toBe('Lorna Bautista');
      expect(await page.locator('#bind-birthDate-value').textContent()).toMatch(/\d{4}/);
      await page.getByTestId('bind-next').click();
      await page.waitForURL(/\/apply\?/);
      await page.getByTestId('apply-back-to-loan').click();

      // The confirm page shows the engine's quote, row by row; consent starts unticked.
      await page.waitForURL(new RegExp(`/confirmLoan\\?productId=1&amount=${AMOUNT}`));
      await page.getByTestId('confirm-next').waitFor();
      const quote = await read<Quote>(request, lang, `/v3/loan-confirm/detail?productId=1&amount=${AMOUNT}`);
      const priced = (
        await read<Priced>(
          request,
          lang,
          `/v3/public/loan-calculator?productId=1&amount=${AMOUNT}&termDays=${quote.termDays}`,
        )
      ).quote;
      expect(quote.amount).toBe(AMOUNT);
      expect(await text('confirm-amount')).toBe(formatMoney(AMOUNT));
      expect(await text('confirm-next')).toContain(formatMoney(AMOUNT));
      const summary = await text('confirm-summary');
      for (const row of quote.details) expect(summary).toContain(row.value);
      const plan = await text('confirm-plan');
      for (const due of quote.repay_plans) expect(plan).toContain(formatMoney(due.amount));
      // The plan is the engine's: principal and interest, paid back over the schedule.
      expect(quote.repay_plans.reduce((sum, due) => sum + due.amount, 0)).toBe(priced.totalRepayable);
      const disclosure = await text('confirm-disclosure');
      for (const row of quote.disclosure) expect(disclosure).toContain(row.value);
      expect(disclosure).toContain(formatMoney(priced.netProceeds));
      expect(disclosure).toContain(formatMoney(priced.interest));
      expect(await page.getByTestId('confirm-agree').isChecked()).toBe(false);
      await p.screenshot(`first-loan-confirm-${lang}`);
      await page.getByTestId('confirm-agree').check();
      await page.getByTestId('confirm-next').click();
      await page.waitForURL(/\/loanDetail\?productId=1&orderId=\d+/);
      const orderId = Number(new URL(page.url()).searchParams.get('orderId'));
      expect(await page.getByTestId('order-banner').getAttribute('data-status')).toBe('21');

      // Credit approves; one finance user asks for the payout, another approves it.
      const credit = await staffAccount('cyra.credit@hiram.test', 'Cyra Credit', 'credit');
      const approved = await staffPost(
        '/admin/loans/approve',
        { orderId: String(orderId) },
        await staffAuth(credit.email, credit.password),
      );
      expect(approved.code, approved.message).toBe(0);
      expect(await disburseThroughPayout(orderId)).toMatchObject({
        code: 0,
        data: { payout: { status: 'succeeded' } },
      });
      // The messages name the money as it is: the net amount sent, not the amount borrowed.
      // (sent by the messages sweep, every second in this server).
      await expect
        .poll(async () => (await outbox(phone)).filter((m) => m.includes(formatMoney(priced.netProceeds))).length, {
          timeout: 10_000,
        })
        .toBe(2);
      await page.reload();
      await expect.poll(() => page.getByTestId('order-banner').getAttribute('data-status')).toBe('170');
      await p.screenshot(`first-loan-order-${lang}`);

      // The repay page: what is due and what settles it today, as the engine quotes them.
      await page.goto(p.url(href('repay', { orderId, productId: 1 })));
      await page.getByTestId('repay-amount').waitFor();
      const due = await read<Installment>(
        request,
        lang,
        `/v3/repayment/installment-detail?productId=1&orderId=${orderId}`,
      );
      expect(await text('repay-amount')).toBe(formatMoney(due.repayAmount));
      // Early payoff from the first day: interest only to the day paid, so what settles the loan
      // today is the scheduled total less the unearned interest, and the amount asked today is the
      // smaller of the first installment and that.
      const first = quote.repay_plans[0]?.amount ?? 0;
      expect(due.payoff, 'prepayment open on day 0').toBeDefined();
      const payoff = due.payoff ?? { amount: 0, rebate: 0 };
      expect(payoff.amount + payoff.rebate).toBe(priced.totalRepayable);
      expect(due.repayAmount).toBe(Math.min(first, payoff.amount));
      expect(await text('payoff-amount')).toContain(formatMoney(payoff.amount));
      // The borrower pays what settles the loan today.
      const paying = payoff.amount;
      if (due.repayAmount !== payoff.amount) await page.getByTestId('payoff-choice').click();
      await p.screenshot(`first-loan-repay-${lang}`);
      await page.getByTestId('payment-method').click();
      await page.getByTestId('pay-submit').click();
      await page.waitForURL(/\/sandbox\/pay\/\d+\?key=[\w-]+$/);
      expect(await page.locator('body').textContent()).toContain(formatMoney(paying));
      await page.getByRole('button', { name: 'Pay', exact: true }).click();
      await page.getByText('Payment received').waitFor();

      // Records: the receipt of that payment, then the certificate of full payment.
      await page.goto(p.url(href('records', { orderId })));
      await page.getByTestId('payment-row').first().click();
      await page.getByTestId('receipt').waitFor();
      expect(await text('receipt-amount')).toBe(formatMoney(paying));
      expect(await text('receipt-remaining')).toBe(formatMoney(0));
      await p.screenshot(`first-loan-receipt-${lang}`);
      await page.goBack();
      await page.getByTestId('records-certificate').click();
      await page.getByTestId('certificate').waitFor();
      expect(await text('certificate-amount')).toBe(formatMoney(AMOUNT));
      expect(await text('certificate-total-paid')).toBe(formatMoney(paying));
      expect(await text('certificate-borrower')).toBe('Lorna Bautista');
      expect(await page.evaluate(() => document.documentElement.lang)).toBe(lang);
      await p.screenshot(`first-loan-certificate-${lang}`);
      expect(p.errors).toEqual([]);
    },
    90_000,
  );
});
